import { SMS_CODE_LENGTH } from '@app/protocol/validation';
import { useState } from 'react';
import { AgreementTick } from '../../components/agreement-tick';
import { SmsCodeButton } from '../../components/sms-code-button';
import { copy } from '../../lib/copy';
import { useSmsSender } from '../../lib/queries/send-sms';
import { showToast } from '../../lib/ui-bus';
import { useBindPhone } from './api/bind-phone';
import { gameInView, useGamePhoneLogin } from './api/game-phone-login';

const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

const input: React.CSSProperties = { flex: 1, border: 0, outline: 'none', fontSize: 16, minWidth: 0 };
const row: React.CSSProperties = {
  display: 'flex',
  height: 48,
  alignItems: 'center',
  gap: 12,
  borderBottom: '1px solid var(--c-border)',
};

/**
 * Phone, SMS code and the agreements (business-flows §5): submit is enabled only when the phone, a
 * sent code and the code are all there and the agreements are ticked; the login data is stored on
 * success. Shared by the bind-phone dialog and the bindPhone and phoneAuth pages.
 *
 * Inside the game (the SDK view with the game's login) it logs in with the phone instead
 * (h5sdkPhoneLogin): a phone of a web account links this game account to that account and the
 * view speaks as it; a new phone becomes this account's, as binding does.
 */
export function BindPhoneForm({ onBound, submitText = '确认绑定' }: { onBound: () => void; submitText?: string }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const sendCode = useSmsSender();
  const bind = useBindPhone();
  const gameLogin = useGamePhoneLogin();
  const inGame = gameInView() !== null;
  const pending = bind.isPending || gameLogin.isPending;
  const ready = Boolean(phone && sent && code.length === SMS_CODE_LENGTH && agreed);
  return (
    <div data-testid="bind-phone-form">
      <div style={row}>
        <input
          style={input}
          maxLength={11}
          inputMode="numeric"
          placeholder={copy.phonePlaceholder}
          value={phone}
          onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
          data-testid="bind-phone"
        />
      </div>
      <div style={row}>
        <input
          style={input}
          maxLength={SMS_CODE_LENGTH}
          inputMode="numeric"
          placeholder={copy.codePlaceholder}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          data-testid="bind-code"
        />
        <SmsCodeButton
          onSend={async () => {
            const ok = await sendCode({ smsType: 'phoneLogin', phone });
            if (ok) setSent(true);
            return ok;
          }}
        />
      </div>
      <AgreementTick checked={agreed} onChange={setAgreed} testId="bind-agree" />
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={!ready || pending}
        data-testid="bind-submit"
        onClick={async () => {
          if (!ready) return;
          try {
            if (inGame) {
              const login = await gameLogin.mutateAsync({ phone, code });
              if (login.switched) showToast(`已登录交易平台账号 ${maskPhone(phone)}，本游戏账号已关联`);
            } else await bind.mutateAsync({ phone, code });
            onBound();
          } catch {
            // shown by the request layer
          }
        }}
      >
        {submitText}
      </button>
    </div>
  );
}
