import { ChevronRight } from 'lucide-react';
import { useNavigate } from 'react-router';
import { HomeSkeleton } from '../../components/skeleton';
import { paths } from '../../lib/paths';
import { storage } from '../../lib/storage';
import { showToast } from '../../lib/ui-bus';
import { AccountLayout, currentScene, LoginFirst } from './account-layout';
import { useBoundPhone } from './api/check-bind-phone';
import { BindPhoneForm } from './bind-phone-form';
import { returnTarget } from './return-target';

/**
 * 手机号认证 (settingPage/phoneAuth, params from, queryStr): the bound phone, masked, and what it
 * protects; without one, the binding form, then back to `from` (or 设置).
 */
export default function PhoneAuthPage() {
  const scene = currentScene();
  const navigate = useNavigate();
  const bound = useBoundPhone();
  const search = globalThis.location.search;
  const hasFrom = new URLSearchParams(search).has('from');
  return (
    <AccountLayout title="手机号认证" testId="phone-auth-page">
      {!storage.get('token') ? <LoginFirst reason="请先登录" /> : null}
      {bound.isLoading ? <HomeSkeleton /> : null}
      {bound.data?.bound ? (
        <>
          <div className="acct-group" style={{ padding: '24px 16px', textAlign: 'center' }} data-testid="phone-bound">
            <div style={{ fontSize: 13 }} className="muted">
              已认证手机号
            </div>
            <div style={{ fontSize: 24, fontWeight: 700, margin: '6px 0 10px' }}>{bound.data.mobile}</div>
            <div className="muted" style={{ fontSize: 13, lineHeight: 1.7 }}>
              登录、寄售安全锁、提现与注销的验证码都会发送到此手机号。
              <br />
              如需更换，请联系客服核实身份后办理。
            </div>
          </div>
          <div className="acct-group">
            <button
              type="button"
              className="acct-row"
              onClick={() => navigate(paths.service(scene))}
              data-testid="phone-change"
            >
              <span>更换手机号</span>
              <span className="acct-row-hint">
                联系客服 <ChevronRight size="1em" aria-hidden="true" />
              </span>
            </button>
          </div>
          {hasFrom ? (
            <button
              type="button"
              className="btn btn-primary btn-block"
              onClick={() => navigate(returnTarget(search, paths.settings(scene)), { replace: true })}
            >
              继续
            </button>
          ) : null}
        </>
      ) : null}
      {bound.data && !bound.data.bound ? (
        <div className="acct-group" style={{ padding: '8px 16px 20px' }}>
          <p className="muted" style={{ fontSize: 13, margin: '8px 0' }}>
            您还没有绑定手机号，绑定后可使用寄售、提现等功能
          </p>
          <BindPhoneForm
            onBound={() => {
              showToast('绑定成功');
              if (hasFrom) navigate(returnTarget(search, paths.settings(scene)), { replace: true });
            }}
          />
        </div>
      ) : null}
    </AccountLayout>
  );
}
