import { SMS_CODE_LENGTH } from '@app/protocol/validation';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { HomeSkeleton } from '../../components/skeleton';
import { copy } from '../../lib/copy';
import { paths } from '../../lib/paths';
import { storage } from '../../lib/storage';
import { showModal, showToast } from '../../lib/ui-bus';
import { AccountLayout, currentScene, LoginFirst } from './account-layout';
import { useRemovalCheck } from './api/check-remove-account';
import { useUserInfo } from './api/get-user-info';
import { useRemoveAccount } from './api/remove-account';
import { VerifyCodeRow } from './verify-code-row';

/** What closing an account does, shown before anything else. */
const CONSEQUENCES = [
  '注销后，您的手机号、实名信息、交易记录与聊天记录将被删除，且无法恢复；',
  '已绑定的游戏账号将解除关联，优惠券等权益一并作废；',
  '注销前请确保没有余额、待入账金额、进行中的订单、寄售中的商品、待处理的出价与提现。',
];

/**
 * 注销账号: the server's checks first — each reason it cannot close now, with where to clear it —
 * then, only when nothing stands in the way, an SMS code to the bound phone and a last confirm.
 */
export default function RemoveAccountPage() {
  const scene = currentScene();
  const loggedIn = Boolean(storage.get('token'));
  const check = useRemovalCheck();
  const user = useUserInfo();
  const remove = useRemoveAccount();
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [understood, setUnderstood] = useState(false);

  if (!loggedIn)
    return (
      <AccountLayout title="注销账号" testId="remove-account-page">
        <LoginFirst reason="请先登录要注销的账号" />
      </AccountLayout>
    );

  const submit = () => {
    if (!sent) return showToast('请先获取验证码');
    if (code.length < SMS_CODE_LENGTH) return showToast('请填写4位的正确验证码');
    showModal({
      title: '确认注销账号',
      content: '注销后账号及其全部数据将被删除且无法恢复，确定注销吗？',
      buttons: [
        { text: copy.cancel },
        {
          text: '确认注销',
          primary: true,
          onClick: () =>
            remove.mutate(code, {
              onSuccess: () => {
                showToast('账号已注销');
                globalThis.location.assign(paths.home(scene));
              },
            }),
        },
      ],
    });
  };

  const reasons = check.data?.reasons ?? [];
  const mobile = user.data?.mobile;
  return (
    <AccountLayout title="注销账号" testId="remove-account-page">
      <div className="acct-notice">
        <b>注销须知</b>
        {CONSEQUENCES.map((c) => (
          <div key={c}>{c}</div>
        ))}
      </div>
      {check.isLoading ? <HomeSkeleton /> : null}
      {check.data && !check.data.removable ? (
        <>
          <div className="acct-group" data-testid="remove-refused">
            <div className="acct-group-title">当前账号暂不能注销，原因如下：</div>
            <ul className="acct-reasons">
              {reasons.map((r) => (
                <li key={r} data-testid="remove-reason">
                  {r}
                </li>
              ))}
            </ul>
          </div>
          <div className="acct-group">
            <Link to={paths.withdraw(scene)} className="acct-row">
              <span>余额与提现</span>
              <span className="acct-row-hint">
                <ChevronRight size="1em" aria-hidden="true" />
              </span>
            </Link>
            <Link to={paths.orderList(scene)} className="acct-row">
              <span>我的订单</span>
              <span className="acct-row-hint">
                <ChevronRight size="1em" aria-hidden="true" />
              </span>
            </Link>
            <Link to={paths.shelf(scene)} className="acct-row">
              <span>我的货架</span>
              <span className="acct-row-hint">
                <ChevronRight size="1em" aria-hidden="true" />
              </span>
            </Link>
            <Link to={paths.myOffers(scene)} className="acct-row">
              <span>我的还价/出价</span>
              <span className="acct-row-hint">
                <ChevronRight size="1em" aria-hidden="true" />
              </span>
            </Link>
          </div>
          <div className="acct-actions">
            <button type="button" className="btn btn-block" disabled data-testid="remove-submit">
              暂不能注销
            </button>
          </div>
        </>
      ) : null}
      {check.data?.removable && !mobile ? (
        <div className="acct-group" style={{ padding: 16 }} data-testid="remove-need-phone">
          <p style={{ margin: '0 0 12px' }}>注销需要向绑定的手机号发送验证码，请先绑定手机号。</p>
          <Link to={paths.bindPhone(scene, { from: paths.removeAccount(scene) })} className="btn btn-primary">
            去绑定手机号
          </Link>
        </div>
      ) : null}
      {check.data?.removable && mobile ? (
        <>
          <div className="acct-group" data-testid="remove-allowed">
            <VerifyCodeRow
              mobile={mobile}
              code={code}
              onCode={setCode}
              onSent={() => setSent(true)}
              testId="remove-code"
            />
          </div>
          <label style={{ display: 'flex', gap: 8, fontSize: 13, margin: '4px 4px 16px', color: 'var(--c-text-2)' }}>
            <input
              type="checkbox"
              checked={understood}
              onChange={(e) => setUnderstood(e.target.checked)}
              data-testid="remove-understood"
            />
            我已阅读注销须知，了解注销后数据无法恢复
          </label>
          <div className="acct-actions">
            <button
              type="button"
              className="btn btn-primary btn-block"
              disabled={!understood || remove.isPending}
              onClick={submit}
              data-testid="remove-submit"
            >
              申请注销
            </button>
          </div>
        </>
      ) : null}
    </AccountLayout>
  );
}
