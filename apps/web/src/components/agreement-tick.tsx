import { copy } from '../lib/copy';
import { type AgreementKey, AgreementLink } from './agreement-modal';

/** The six agreements a user confirms (business-flows §5), each read full screen. */
const CONFIRMED: AgreementKey[] = [
  'userAgreement',
  'privacyPolicy',
  'childrenPrivacy',
  'personalInfoList',
  'thirdPartySharing',
  'tradingRules',
];

/** The agreement tick of login and phone binding: nothing is submitted until it is ticked; each agreement opens full screen. */
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
        {CONFIRMED.map((key) => (
          <AgreementLink key={key} agreementKey={key} testId={`${testId}-${key}`} />
        ))}
      </span>
    </label>
  );
}
