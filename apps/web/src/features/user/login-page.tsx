import { SMS_CODE_LENGTH, validatePhone, validateSmsCode } from '@app/protocol/validation';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AgreementTick } from '../../components/agreement-tick';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { SmsCodeButton } from '../../components/sms-code-button';
import { copy } from '../../lib/copy';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { useSmsSender } from '../../lib/queries/send-sms';
import { showToast } from '../../lib/ui-bus';
import { userInfoOptions } from './api/get-user-info';
import { usePhoneLogin } from './api/phone-login';
import { loginReturn } from './login-return';
import { ThirdPartyLogins } from './third-party-logins';

const field: React.CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  height: 52,
  borderBottom: '1px solid var(--c-border)',
};
const input: React.CSSProperties = {
  flex: 1,
  border: 0,
  outline: 'none',
  fontSize: 16,
  background: 'transparent',
  minWidth: 0,
};

/**
 * SMS login for every scene, with WeChat and QQ below it when the server offers them. Afterwards it returns to where the flow started (fromPage, or from
 * with paramsStr / queryStr; login-return.ts), through real-name verification first when needAuth
 * asks for it and the user is not verified yet (the ID upload page then returns to the same page).
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const sendCode = useSmsSender();
  const login = usePhoneLogin();
  const queryClient = useQueryClient();

  const send = async () => {
    const sent = await sendCode({ smsType: 'phoneLogin', phone });
    if (sent) setCodeSent(true);
    return sent;
  };

  // Signed in (by SMS, WeChat or QQ): back where the flow started, through real-name verification when asked.
  const loggedIn = useCallback(async () => {
    const { target, needAuth } = loginReturn(scene, params);
    if (needAuth) {
      const info = await queryClient.fetchQuery(userInfoOptions());
      if (info?.hasAuthentication !== '1') return navigate(paths.realName(scene, target), { replace: true });
    }
    navigate(target, { replace: true });
  }, [scene, params, queryClient, navigate]);

  const submit = async () => {
    const problem = validatePhone(phone) ?? validateSmsCode(code);
    if (problem) return showToast(problem);
    if (!agreed) return showToast(copy.agreeRequired);
    try {
      await login.mutateAsync({ phone, code, package: 'game' });
      await loggedIn();
    } catch {
      // the request layer has shown the reason
    }
  };

  const form = (
    <div
      className="card"
      style={{ margin: 16, padding: '8px 20px 24px', maxWidth: 420, marginInline: 'auto' }}
      data-testid="login-form"
    >
      <h2 style={{ fontSize: 22, margin: '20px 0 4px' }}>{copy.loginTitle}</h2>
      <p className="muted" style={{ margin: '0 0 16px', fontSize: 13 }}>
        {params.get('needLogin') === 'expiredLogin' ? '登录已过期，请重新登录' : copy.loginHint}
      </p>
      <label style={field}>
        <span style={{ color: 'var(--c-text-2)' }}>+86</span>
        <input
          style={input}
          inputMode="numeric"
          maxLength={11}
          placeholder={copy.phonePlaceholder}
          value={phone}
          onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
          data-testid="login-phone"
        />
      </label>
      <label style={field}>
        <input
          style={input}
          inputMode="numeric"
          maxLength={SMS_CODE_LENGTH}
          placeholder={copy.codePlaceholder}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          data-testid="login-code"
        />
        <SmsCodeButton onSend={send} />
      </label>
      <AgreementTick checked={agreed} onChange={setAgreed} testId="login-agree" />
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={login.isPending || !codeSent || code.length === 0}
        onClick={submit}
        data-testid="login-submit"
      >
        {login.isPending ? copy.loading : copy.login}
      </button>
      <ThirdPartyLogins agreed={agreed} onLoggedIn={loggedIn} />
    </div>
  );
  if (scene === 'web' || scene === 'webpc') return <PcLayout scene={scene}>{form}</PcLayout>;
  return <MobileLayout title={copy.login}>{form}</MobileLayout>;
}
