import { SMS_CODE_LENGTH } from '@app/protocol/validation';
import { useState } from 'react';
import { AgreementTick } from '../../components/agreement-tick';
import { Portal } from '../../components/portal';
import { SmsCodeButton } from '../../components/sms-code-button';
import { copy } from '../../lib/copy';
import { useSmsSender } from '../../lib/queries/send-sms';
import { useBindPhone } from './api/bind-phone';

/**
 * Phone binding (desktop: centred card; mobile: bottom sheet). Submit is enabled only when the
 * phone, a sent code and the code are all there and the agreement is ticked; on success the
 * dialog closes and the login data is stored.
 */
export function BindPhoneDialog({
  onClose,
  onBound,
  desktop,
}: {
  onClose: () => void;
  onBound: () => void;
  desktop: boolean;
}) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const sendCode = useSmsSender();
  const bind = useBindPhone();
  const ready = Boolean(phone && sent && code.length === SMS_CODE_LENGTH && agreed);
  const input: React.CSSProperties = { flex: 1, border: 0, outline: 'none', fontSize: 16, minWidth: 0 };
  return (
    <Portal>
      <div className={`mask${desktop ? '' : ' sheet-mask'}`} data-testid="bind-phone-dialog">
        <div className={desktop ? 'modal' : 'sheet'} style={{ padding: '20px 20px 24px' }}>
          <div className="modal-title" style={{ textAlign: 'center' }}>
            绑定手机号
          </div>
          <p className="muted" style={{ textAlign: 'center', fontSize: 13, margin: '4px 0 12px' }}>
            寄售和提现需要绑定手机号
          </p>
          <div style={{ display: 'flex', height: 48, alignItems: 'center', borderBottom: '1px solid var(--c-border)' }}>
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
          <div
            style={{
              display: 'flex',
              height: 48,
              alignItems: 'center',
              gap: 12,
              borderBottom: '1px solid var(--c-border)',
            }}
          >
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
            disabled={!ready || bind.isPending}
            data-testid="bind-submit"
            onClick={async () => {
              if (!ready) return;
              try {
                await bind.mutateAsync({ phone, code });
                onBound();
              } catch {
                // shown by the request layer
              }
            }}
          >
            确认绑定
          </button>
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
