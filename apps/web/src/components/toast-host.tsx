import { useEffect, useState } from 'react';
import { toastChannel } from '../lib/ui-bus';

/** Renders toasts posted anywhere (`showToast`); each disappears after its time (default 2 s). */
export function ToastHost() {
  const [toasts, setToasts] = useState<Array<{ id: number; text: string }>>([]);
  useEffect(() => {
    let seq = 0;
    return toastChannel.on(({ text, ms }) => {
      const id = ++seq;
      setToasts((list) => [...list.slice(-2), { id, text }]);
      setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), ms);
    });
  }, []);
  return (
    <div className="toast-host" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className="toast" data-testid="toast">
          {t.text}
        </div>
      ))}
    </div>
  );
}
