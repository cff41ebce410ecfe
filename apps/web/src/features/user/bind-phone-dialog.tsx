import { Portal } from '../../components/portal';
import { copy } from '../../lib/copy';
import { gameInView } from './api/game-phone-login';
import { BindPhoneForm } from './bind-phone-form';

/**
 * Phone binding as a dialog (desktop: centred card; mobile: bottom sheet); the dialog closes once
 * bound. Inside the game it says what the phone does there: a web account's phone links this game
 * account to that account (`login`: the dialog opened to log in with an existing account).
 */
export function BindPhoneDialog({
  onClose,
  onBound,
  desktop,
  login = false,
}: {
  onClose: () => void;
  onBound: () => void;
  desktop: boolean;
  login?: boolean;
}) {
  const inGame = gameInView() !== null;
  return (
    <Portal>
      <div className={`mask${desktop ? '' : ' sheet-mask'}`} data-testid="bind-phone-dialog">
        <div className={desktop ? 'modal' : 'sheet'} style={{ padding: '20px 20px 24px' }}>
          <div className="modal-title" style={{ textAlign: 'center' }}>
            {login ? '登录交易平台账号' : '绑定手机号'}
          </div>
          <p className="muted" style={{ textAlign: 'center', fontSize: 13, margin: '4px 0 12px' }}>
            {login ? '用交易平台账号的手机号验证登录' : '寄售和提现需要绑定手机号'}
          </p>
          {inGame ? (
            <p
              className="muted"
              style={{ fontSize: 12, margin: '0 0 8px', lineHeight: 1.6 }}
              data-testid="game-link-note"
            >
              已在网页注册过交易平台？填写该账号的手机号，验证后本游戏账号将关联到该账号，实名、余额和订单都在该账号里。
            </p>
          ) : null}
          <BindPhoneForm onBound={onBound} {...(login ? { submitText: '登录并关联' } : {})} />
          <button
            type="button"
            className="btn btn-block"
            style={{ marginTop: 6, color: 'var(--c-text-3)' }}
            onClick={onClose}
          >
            {copy.cancel}
          </button>
        </div>
      </div>
    </Portal>
  );
}
