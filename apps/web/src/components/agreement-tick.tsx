import { copy } from '../lib/copy';
import { paths } from '../lib/paths';

/** The agreement tick of login and phone binding: nothing is submitted until it is ticked. */
export function AgreementTick({
  checked,
  onChange,
  testId,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  testId: string;
}) {
  return (
    <label
      style={{
        display: 'flex',
        gap: 8,
        alignItems: 'flex-start',
        fontSize: 12,
        color: 'var(--c-text-3)',
        margin: '16px 0 20px',
        lineHeight: 1.6,
      }}
    >
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
        style={{ marginTop: 3 }}
      />
      <span>
        {copy.agreePrefix}
        <a className="link" href={paths.agreement('userAgreement')} target="_blank" rel="noreferrer">
          {copy.userAgreement}
        </a>
        <a className="link" href={paths.agreement('privacyPolicy')} target="_blank" rel="noreferrer">
          {copy.privacyPolicy}
        </a>
        <a className="link" href={paths.agreement('tradingRules')} target="_blank" rel="noreferrer">
          {copy.tradingRules}
        </a>
      </span>
    </label>
  );
}
