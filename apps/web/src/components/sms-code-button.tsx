import { useEffect, useState } from 'react';
import { copy } from '../lib/copy';

export const SMS_COOLDOWN_SECONDS = 60;

/** The SMS button: 60 s countdown after a send, then '重新发送'; clicks are ignored while counting. */
export function SmsCodeButton({ onSend, disabled }: { onSend: () => Promise<boolean>; disabled?: boolean }) {
  const [left, setLeft] = useState(0);
  const [sentOnce, setSentOnce] = useState(false);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const counting = left > 0;
  return (
    <button
      type="button"
      className="link"
      style={{ whiteSpace: 'nowrap', fontSize: 14, opacity: counting || disabled ? 0.5 : 1 }}
      data-testid="sms-button"
      aria-disabled={counting || disabled}
      onClick={async () => {
        if (counting || sending || disabled) return;
        setSending(true);
        try {
          if (await onSend()) {
            setSentOnce(true);
            setLeft(SMS_COOLDOWN_SECONDS);
          }
        } finally {
          setSending(false);
        }
      }}
    >
      {counting ? `${left}s` : sentOnce ? copy.resend : copy.sendCode}
    </button>
  );
}
