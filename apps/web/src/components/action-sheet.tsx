import { Check } from 'lucide-react';
import { Sheet } from './sheet';
import './action-sheet.css';

export interface ActionSheetOption<T extends string> {
  value: T;
  label: string;
  /** A second line under the label (a customer account's role and login time, a channel's note). */
  detail?: string;
}

/**
 * The single-select action sheet of platform-shell §2: one choice among a list (customer accounts,
 * payment methods). Picking an option answers it and closes; the current one is ticked. A bottom
 * sheet on phones, a centred dialog on the PC scenes.
 */
export function ActionSheet<T extends string>({
  title,
  subtitle,
  options,
  value,
  onPick,
  onClose,
  pc = false,
  testId = 'action-sheet',
}: {
  title: string;
  subtitle?: string;
  options: ReadonlyArray<ActionSheetOption<T>>;
  value: T | null;
  onPick: (value: T) => void;
  onClose: () => void;
  pc?: boolean;
  testId?: string;
}) {
  return (
    <Sheet title={title} {...(subtitle ? { subtitle } : {})} pc={pc} onClose={onClose} testId={testId}>
      <div className="action-sheet-list">
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            aria-pressed={value === o.value}
            className={`action-sheet-option${value === o.value ? ' on' : ''}`}
            onClick={() => {
              onPick(o.value);
              onClose();
            }}
            data-testid={`${testId}-option`}
          >
            <span className="action-sheet-text">
              <span className="action-sheet-label">{o.label}</span>
              {o.detail ? <span className="action-sheet-detail">{o.detail}</span> : null}
            </span>
            {value === o.value ? <Check className="action-sheet-tick" size="1.1em" aria-hidden="true" /> : null}
          </button>
        ))}
      </div>
    </Sheet>
  );
}
