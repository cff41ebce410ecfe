import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The console's confirmation: what is about to happen, an optional reason field, 确认 and 取消.
 * A native <dialog> opened modally (focus kept inside, Esc cancels).
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger,
  busy,
  error,
  onConfirm,
  onCancel,
  testId,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="ops-dialog"
      aria-labelledby={`${testId}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      data-testid={testId}
    >
      <h3 id={`${testId}-title`}>{title}</h3>
      <div className="ops-dialog-body">{children}</div>
      {error ? (
        <p className="ops-error" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
      <div className="ops-dialog-actions">
        <button type="button" className="ops-secondary" onClick={onCancel} disabled={busy}>
          取消
        </button>
        <button
          type="button"
          className={danger ? 'ops-danger' : 'ops-primary'}
          onClick={onConfirm}
          disabled={busy}
          data-testid={`${testId}-confirm`}
        >
          {busy ? '处理中…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
