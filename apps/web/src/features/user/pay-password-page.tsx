import { isTooSimplePin, PAY_PASSWORD_TOO_SIMPLE, SECURITY_HOLD_HOURS } from '@app/protocol/calls/pay-password';
import { formatDateTime } from '@app/protocol/format';
import { SMS_CODE_LENGTH } from '@app/protocol/validation';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PinPad } from '../../components/pin-pad';
import { HomeSkeleton } from '../../components/skeleton';
import { paths } from '../../lib/paths';
import { usePayPasswordStatus } from '../../lib/queries/pay-password-status';
import { storage } from '../../lib/storage';
import { showToast } from '../../lib/ui-bus';
import { AccountLayout, currentScene, LoginFirst } from './account-layout';
import { useUserInfo } from './api/get-user-info';
import { useResetPayPassword } from './api/reset-pay-password';
import { useSetPayPassword } from './api/set-pay-password';
import { returnTarget } from './return-target';
import { VerifyCodeRow } from './verify-code-row';

type Step = 'form' | 'pin' | 'confirm';

/**
 * 支付密码 (paths.payPassword): set the first one with an SMS code to the bound phone; reset a
 * forgotten or locked one (?mode=reset, or once one is set) with a code and the verified real name
 * and ID number. The six digits are entered twice on the keypad (no <input>); then back to `from`.
 */
export default function PayPasswordPage() {
  const scene = currentScene();
  const navigate = useNavigate();
  const loggedIn = Boolean(storage.get('token'));
  const status = usePayPasswordStatus(loggedIn);
  const user = useUserInfo();
  const setPin = useSetPayPassword();
  const resetPin = useResetPayPassword();
  const [wantsReset, setWantsReset] = useState(
    () => new URLSearchParams(globalThis.location.search).get('mode') === 'reset',
  );
  const [step, setStep] = useState<Step>('form');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [realName, setRealName] = useState('');
  const [idCard, setIdCard] = useState('');
  const [first, setFirst] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);

  if (!loggedIn)
    return (
      <AccountLayout title="支付密码" testId="pay-password-page">
        <LoginFirst reason="请先登录后设置支付密码" />
      </AccountLayout>
    );
  const s = status.data;
  const reset = Boolean(s?.set) || wantsReset;
  const title = reset ? '重置支付密码' : '设置支付密码';
  const pending = setPin.isPending || resetPin.isPending;
  const back = () => navigate(returnTarget(globalThis.location.search, paths.settings(scene)), { replace: true });

  const toPin = () => {
    if (!sent) return showToast('请先获取验证码');
    if (code.length < SMS_CODE_LENGTH) return showToast('请填写4位的正确验证码');
    if (reset && (!realName.trim() || !idCard.trim())) return showToast('请填写实名认证的姓名和身份证号');
    setPinError(null);
    setStep('pin');
  };
  const onFirst = (pin: string) => {
    if (isTooSimplePin(pin)) return setPinError(PAY_PASSWORD_TOO_SIMPLE);
    setFirst(pin);
    setPinError(null);
    setStep('confirm');
  };
  const onConfirm = async (pin: string) => {
    if (pin !== first) {
      setFirst('');
      setPinError('两次输入的支付密码不一致，请重新设置');
      return setStep('pin');
    }
    setFirst('');
    try {
      if (reset) {
        const done = await resetPin.mutateAsync({ code, realName: realName.trim(), idCard: idCard.trim(), pin });
        showToast(`支付密码已重置，${formatDateTime(done.withdrawalHeldUntil * 1000)}前不能提现`);
      } else {
        await setPin.mutateAsync({ code, pin });
        showToast('支付密码设置成功');
      }
      back();
    } catch {
      // The refusal was shown (a wrong code, a name that does not match): back to the form.
      setStep('form');
    }
  };

  return (
    <AccountLayout title={title} testId="pay-password-page">
      <div className="pin-panel" data-testid="pay-password-panel" data-mode={reset ? 'reset' : 'set'}>
        {status.isLoading || user.isLoading ? <HomeSkeleton /> : null}
        {s?.set ? (
          <div className="acct-notice" data-testid="pay-password-state">
            <b>已设置支付密码</b>
            <div>
              {s.lockedUntil
                ? `错误次数过多已锁定，${formatDateTime(s.lockedUntil * 1000)}后可再试；重置后立即解锁。`
                : `余额支付、提现前需输入。连续输错5次将锁定3小时。`}
            </div>
            <div>
              重置后{SECURITY_HOLD_HOURS}小时内不能提现。
              {s.withdrawalHeldUntil ? `当前提现将于${formatDateTime(s.withdrawalHeldUntil * 1000)}后恢复。` : ''}
            </div>
          </div>
        ) : null}
        {s && !s.set && !wantsReset ? (
          <div className="acct-notice">
            <b>设置6位数字支付密码</b>
            <div>使用余额支付、提现时需输入支付密码，请勿使用生日、连续或相同的数字。</div>
          </div>
        ) : null}
        {s && !user.data?.mobile ? (
          <div className="acct-group" style={{ padding: 16 }} data-testid="pay-password-need-phone">
            <p style={{ margin: '0 0 12px' }}>支付密码需要向绑定的手机号发送验证码，请先绑定手机号。</p>
            <Link to={paths.bindPhone(scene, { from: paths.payPassword(scene) })} className="btn btn-primary">
              去绑定手机号
            </Link>
          </div>
        ) : null}
        {s && user.data?.mobile && step === 'form' ? (
          <>
            <div className="acct-group" data-testid="pay-password-form">
              <VerifyCodeRow
                mobile={user.data.mobile}
                code={code}
                onCode={setCode}
                onSent={() => setSent(true)}
                testId="pay-password-code"
              />
              {reset ? (
                <>
                  <label className="acct-row">
                    <span>真实姓名</span>
                    <input
                      className="acct-input"
                      value={realName}
                      placeholder="实名认证的姓名"
                      onChange={(e) => setRealName(e.target.value)}
                      data-testid="pay-password-name"
                    />
                  </label>
                  <label className="acct-row">
                    <span>身份证号</span>
                    <input
                      className="acct-input"
                      value={idCard}
                      maxLength={18}
                      placeholder="实名认证的身份证号"
                      onChange={(e) => setIdCard(e.target.value)}
                      data-testid="pay-password-id"
                    />
                  </label>
                </>
              ) : null}
            </div>
            <div className="acct-actions">
              <button
                type="button"
                className="btn btn-primary btn-block"
                onClick={toPin}
                data-testid="pay-password-next"
              >
                下一步
              </button>
              {!s.set && wantsReset ? (
                <button type="button" className="link pin-panel-switch" onClick={() => setWantsReset(false)}>
                  还没有支付密码？去设置
                </button>
              ) : null}
            </div>
          </>
        ) : null}
        {step !== 'form' ? (
          <div className="acct-group pin-panel-pad">
            <div className="pin-panel-prompt" data-testid="pay-password-prompt">
              {step === 'pin' ? '请输入6位数字支付密码' : '请再次输入以确认'}
            </div>
            {/* A new pad for each step: nothing typed carries over. */}
            <PinPad key={step} onDone={step === 'pin' ? onFirst : onConfirm} busy={pending} testId="new-pin" />
            <p className="pin-sheet-error" role="alert" data-testid="pay-password-pin-error">
              {pinError ?? ''}
            </p>
          </div>
        ) : null}
      </div>
    </AccountLayout>
  );
}
