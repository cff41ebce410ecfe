import { SMS_CODE_LENGTH } from '@app/protocol/validation';
import { SmsCodeButton } from '../../components/sms-code-button';
import { copy } from '../../lib/copy';
import { useSmsSender } from '../../lib/queries/send-sms';

/**
 * 验证码将发送至 138****: the code input and the send button of an account page that verifies the
 * signed-in user's own phone (verifyCode to 'auto'); `onSent` once a code went out.
 */
export function VerifyCodeRow({
  mobile,
  code,
  onCode,
  onSent,
  testId,
}: {
  mobile: string;
  code: string;
  onCode: (code: string) => void;
  onSent: () => void;
  testId: string;
}) {
  const sendCode = useSmsSender();
  return (
    <>
      <div className="acct-group-title">验证码将发送至 {mobile}</div>
      <div className="acct-row" style={{ cursor: 'text' }}>
        <input
          className="acct-input"
          style={{ textAlign: 'left' }}
          maxLength={SMS_CODE_LENGTH}
          inputMode="numeric"
          placeholder={copy.codePlaceholder}
          value={code}
          onChange={(e) => onCode(e.target.value.replace(/\D/g, ''))}
          data-testid={testId}
        />
        <SmsCodeButton
          onSend={async () => {
            const ok = await sendCode({ smsType: 'verifyCode', phone: 'auto' });
            if (ok) onSent();
            return ok;
          }}
        />
      </div>
    </>
  );
}
