import { X } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Portal } from './portal';
import './sheet.css';

/**
 * A form over the page: a bottom sheet on phones, a centred dialog on the PC scenes (`pc`). The
 * mask and ✕ close it (Esc too); the footer holds the form's buttons.
 */
export function Sheet({
  title,
  subtitle,
  pc = false,
  onClose,
  footer,
  children,
  testId,
}: {
  title: string;
  subtitle?: string;
  pc?: boolean;
  onClose: () => void;
  footer?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    globalThis.addEventListener('keydown', onKey);
    return () => globalThis.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <Portal>
      <div className={`mask form-sheet-mask${pc ? ' pc' : ''}`}>
        <button type="button" className="form-sheet-backdrop" aria-label="关闭" onClick={onClose} />
        <div className={`form-sheet${pc ? ' pc' : ''}`} role="dialog" aria-modal="true" data-testid={testId}>
          <div className="form-sheet-head">
            <div>
              <div className="form-sheet-title">{title}</div>
              {subtitle ? <div className="form-sheet-subtitle">{subtitle}</div> : null}
            </div>
            <button type="button" className="form-sheet-close" aria-label="关闭" onClick={onClose}>
              <X size="1em" aria-hidden="true" />
            </button>
          </div>
          <div className="form-sheet-body">{children}</div>
          {footer ? <div className="form-sheet-foot">{footer}</div> : null}
        </div>
      </div>
    </Portal>
  );
}

/** One choice among a few (reasons): pill buttons, the picked one highlighted. */
export function Chips<T extends string>({
  options,
  value,
  onChange,
  testId,
}: {
  options: readonly T[];
  value: T | null;
  onChange: (value: T) => void;
  testId?: string;
}) {
  return (
    <div className="chips">
      {options.map((o) => (
        <button
          key={o}
          type="button"
          aria-pressed={value === o}
          className={`chip${value === o ? ' on' : ''}`}
          onClick={() => onChange(o)}
          data-testid={testId ? `${testId}-${o}` : undefined}
        >
          {o}
        </button>
      ))}
    </div>
  );
}

/** A required reason picked among a few, then optional words of up to 150 characters (refusals, 联系客服). */
export function ReasonPicker<T extends string>({
  label,
  options,
  picked,
  onPick,
  detailsLabel,
  details,
  onDetails,
  placeholder,
  testId,
  detailsTestId,
}: {
  label: string;
  options: readonly T[];
  picked: T | null;
  onPick: (value: T) => void;
  detailsLabel: string;
  details: string;
  onDetails: (text: string) => void;
  placeholder: string;
  testId: string;
  detailsTestId: string;
}) {
  return (
    <>
      <div className="form-label">
        <span>
          {label}
          <span className="req">*</span>
        </span>
      </div>
      <Chips options={options} value={picked} onChange={onPick} testId={testId} />
      <div className="form-label">
        <span>{detailsLabel}</span>
        <small>{details.length}/150</small>
      </div>
      <textarea
        className="form-textarea"
        value={details}
        maxLength={150}
        placeholder={placeholder}
        onChange={(e) => onDetails(e.target.value)}
        data-testid={detailsTestId}
      />
    </>
  );
}
