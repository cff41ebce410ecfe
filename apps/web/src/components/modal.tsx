import { type ReactNode, useEffect } from 'react';
import type { ModalButton } from '../lib/ui-bus';

export interface ModalProps {
  title?: string | undefined;
  content: ReactNode;
  buttons: ModalButton[];
  /** Called after any button (or the auto-hide) closes the modal. */
  onClose: () => void;
  autoHideMs?: number | undefined;
  testId?: string | undefined;
}

/**
 * The confirm / feedback modal (one or two buttons, or none with an auto-hide). Every close goes
 * through onClose, so a modal's follow-up (relaunch, retry) runs however it was closed.
 */
export function Modal({ title, content, buttons, onClose, autoHideMs, testId }: ModalProps) {
  useEffect(() => {
    if (!autoHideMs) return;
    const timer = setTimeout(onClose, autoHideMs);
    return () => clearTimeout(timer);
  }, [autoHideMs, onClose]);
  return (
    <div className="mask" role="dialog" aria-modal="true" data-testid={testId ?? 'modal'}>
      <div className="modal">
        <div className="modal-body">
          {title ? <div className="modal-title">{title}</div> : null}
          <div className="modal-content" data-testid="modal-content">
            {content}
          </div>
        </div>
        {buttons.length > 0 ? (
          <div className="modal-actions">
            {buttons.map((b) => (
              <button
                key={b.text}
                type="button"
                className={b.primary ? 'primary' : undefined}
                data-testid={`modal-button-${b.text}`}
                onClick={() => {
                  b.onClick?.();
                  onClose();
                }}
              >
                {b.text}
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
