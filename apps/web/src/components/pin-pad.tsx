import { PAY_PASSWORD_LENGTH } from '@app/protocol/calls/pay-password';
import { Delete } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import './pin-pad.css';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '', '0', 'back'] as const;

/**
 * The payment password's keypad: six dots and a grid of <button> digits. No <input>: the digits
 * never sit in a field's value nor pass through key events another script of the page could read;
 * they live in this component's state, go to `onDone` once six are in, and are cleared at once,
 * so each attempt starts empty. `busy` ignores taps while an attempt is being checked.
 */
export function PinPad({
  onDone,
  busy = false,
  testId = 'pin-pad',
  note,
}: {
  onDone: (pin: string) => void;
  busy?: boolean;
  testId?: string;
  /** Under the dots, over the keys: the last attempt's refusal, 忘记密码. */
  note?: ReactNode;
}) {
  const [digits, setDigits] = useState('');
  const press = (key: (typeof KEYS)[number]) => {
    if (busy) return;
    if (key === 'back') return setDigits((d) => d.slice(0, -1));
    const next = `${digits}${key}`;
    if (next.length < PAY_PASSWORD_LENGTH) return setDigits(next);
    setDigits('');
    onDone(next);
  };
  return (
    <div className="pin-pad" data-testid={testId}>
      <div
        className="pin-dots"
        role="status"
        aria-label={`已输入${digits.length}位`}
        data-testid={`${testId}-dots`}
        data-count={digits.length}
      >
        {Array.from({ length: PAY_PASSWORD_LENGTH }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: six fixed places
          <span key={i} className={i < digits.length ? 'pin-dot on' : 'pin-dot'} />
        ))}
      </div>
      {note}
      <div className="pin-keys">
        {KEYS.map((key, i) =>
          key === '' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the one blank cell of the grid
            <span key={i} className="pin-key blank" />
          ) : (
            <button
              key={key}
              type="button"
              className={key === 'back' ? 'pin-key back' : 'pin-key'}
              aria-label={key === 'back' ? '删除' : key}
              disabled={busy}
              onClick={() => press(key)}
              data-testid={`${testId}-key-${key}`}
            >
              {key === 'back' ? <Delete size="1.1em" aria-hidden="true" /> : key}
            </button>
          ),
        )}
      </div>
    </div>
  );
}
