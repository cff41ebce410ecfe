import { CLIENT_MESSAGES } from '@app/protocol/errors';
import { SMS_CODE_LENGTH, validateSmsCode } from '@app/protocol/validation';
import { useState } from 'react';
import { SmsCodeButton } from '../../components/sms-code-button';
import { copy } from '../../lib/copy';
import { useSmsSender } from '../../lib/queries/send-sms';
import { saleUnlockedChannel, showToast } from '../../lib/ui-bus';
import { useUnlockSale } from './api/unlock-sale';

/**
 * The sale-unlock dialog (sale-unlock-host.tsx opens it on code 30315). The code goes to the bound
 * phone (the phone field is only the auto-fill marker); a right code opens the lock for 30 minutes.
 */
export default function SaleUnlockDialog({ onClose }: { onClose: () => void }) {
  const [code, setCode] = useState('');
  const sendCode = useSmsSender();
  const unlock = useUnlockSale();
  const close = () => {
    setCode('');
    onClose();
  };
  return (
    <div className="mask" role="dialog" aria-modal="true" data-testid="sale-unlock-dialog">
      <div className="modal" style={{ padding: '24px 20px 20px' }}>
        <div className="modal-title" style={{ textAlign: 'center' }}>
          寄售安全锁
        </div>
        <p className="muted" style={{ fontSize: 13, lineHeight: 1.6, margin: '8px 0 16px', textAlign: 'center' }}>
          为保障您的财产安全，寄售前需验证绑定手机号，验证后30分钟内可寄售
        </p>
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            borderBottom: '1px solid var(--c-border)',
            height: 48,
          }}
        >
          <input
            style={{ flex: 1, border: 0, outline: 'none', fontSize: 16, minWidth: 0 }}
            inputMode="numeric"
            maxLength={SMS_CODE_LENGTH}
            placeholder={copy.codePlaceholder}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            data-testid="unlock-code"
          />
          <SmsCodeButton onSend={() => sendCode({ smsType: 'verifyCode', phone: 'auto' })} />
        </div>
        <button
          type="button"
          className="btn btn-primary btn-block"
          style={{ marginTop: 20 }}
          disabled={unlock.isPending}
          data-testid="unlock-submit"
          onClick={async () => {
            const problem = validateSmsCode(code);
            if (problem) return showToast(problem);
            try {
              const ok = await unlock.mutateAsync(code);
              if (!ok) return showToast(CLIENT_MESSAGES.unlockFailed);
              showToast(CLIENT_MESSAGES.unlockSucceeded, 2000);
              close();
              saleUnlockedChannel.emit({ at: Date.now() });
            } catch {
              // the request layer showed why
            }
          }}
        >
          {copy.confirm}
        </button>
        <button
          type="button"
          className="btn btn-block"
          style={{ marginTop: 8, color: 'var(--c-text-3)' }}
          onClick={close}
          data-testid="unlock-close"
        >
          {copy.cancel}
        </button>
      </div>
    </div>
  );
}
