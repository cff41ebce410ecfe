import { useNavigate } from 'react-router';
import { isPcPage, PageFrame } from '../../components/pc-page-frame';
import { paths } from '../../lib/paths';
import { storage } from '../../lib/storage';
import { showToast } from '../../lib/ui-bus';
import { currentScene, LoginFirst } from './account-layout';
import './account.css';
import { useBoundPhone } from './api/check-bind-phone';
import { BindPhoneForm } from './bind-phone-form';
import { returnTarget } from './return-target';

/**
 * 绑定手机号 as a page (business-flows §2, params needAuth, from, queryStr): once bound, the
 * real-name form when needAuth asks for it, then back to `from`. On the PC scenes a desktop card
 * under the PC header, the form in a 420 px column.
 */
export default function BindPhonePage() {
  const scene = currentScene();
  const navigate = useNavigate();
  const bound = useBoundPhone();
  const search = globalThis.location.search;
  const next = returnTarget(search, paths.sceneHome(scene));
  const needAuth = new URLSearchParams(search).get('needAuth');
  const goOn = () => {
    if (needAuth === '1' || needAuth === 'true') navigate(paths.realName(scene, next), { replace: true });
    else navigate(next, { replace: true });
  };
  const pc = isPcPage(scene);
  return (
    <PageFrame title="绑定手机号" center>
      <div
        className={pc ? 'bind-phone-pc' : 'acct'}
        style={pc ? { maxWidth: 420, margin: '0 auto' } : undefined}
        data-testid="bind-phone-page"
      >
        {!storage.get('token') ? <LoginFirst reason="请先登录，再绑定手机号" /> : null}
        {bound.data?.bound ? (
          <div className="acct-group" style={{ padding: 16 }} data-testid="bind-phone-done">
            <p style={{ margin: '0 0 12px' }}>您的账号已绑定手机号 {bound.data.mobile}</p>
            <button type="button" className="btn btn-primary btn-block" onClick={goOn}>
              继续
            </button>
          </div>
        ) : null}
        {bound.data && !bound.data.bound ? (
          <div className="acct-group" style={{ padding: '8px 16px 20px' }}>
            <p className="muted" style={{ fontSize: 13, margin: '8px 0' }}>
              为保障交易安全，寄售、提现和注销需要绑定手机号
            </p>
            <BindPhoneForm
              onBound={() => {
                showToast('绑定成功');
                goOn();
              }}
            />
          </div>
        ) : null}
      </div>
    </PageFrame>
  );
}
