import { formatDateTime } from '@app/protocol/format';
import { useQuery } from '@tanstack/react-query';
import { PcLayout } from '../../components/pc-layout';
import { isPcPage } from '../../components/pc-page-frame';
import { copy } from '../../lib/copy';
import { paths } from '../../lib/paths';
import { checkVersionOptions } from './api/check-version';

/**
 * Shown while the maintenance switch is on; checks again and goes home when it is off. On the PC
 * scenes a desktop card between the PC header and footer, not a stretched phone page.
 */
export default function UnderMaintenancePage() {
  const { data, refetch, isFetching } = useQuery({ ...checkVersionOptions(), staleTime: 0 });
  const scene = globalThis.location.pathname.split('/')[1] ?? 'h5';
  const pc = isPcPage(scene);
  const body = (
    <div
      className={pc ? 'maintenance-pc' : 'm-page'}
      data-testid="maintenance-page"
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#fff',
        padding: pc ? '48px 24px' : 24,
      }}
    >
      <svg width="160" height="120" viewBox="0 0 160 120" aria-hidden="true">
        <rect x="20" y="30" width="120" height="74" rx="12" fill="#fff1eb" />
        <rect x="36" y="46" width="88" height="42" rx="6" fill="#ffd8c7" />
        <path d="M70 20l10-10 10 10" stroke="#ff5b26" strokeWidth="4" fill="none" strokeLinecap="round" />
        <circle cx="80" cy="67" r="12" fill="#ff5b26" />
        <path d="M76 67h8M80 63v8" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h1 style={{ fontSize: 22, margin: '20px 0 8px' }}>{copy.maintenanceTitle}</h1>
      <p className="muted" style={{ margin: 0, textAlign: 'center', lineHeight: 1.7 }}>
        {data?.maintenanceMessage ?? copy.maintenanceHint}
      </p>
      {data?.maintenanceEndsAt ? (
        <p
          className="muted"
          style={{ margin: '8px 0 0', textAlign: 'center', fontSize: 13 }}
          data-testid="maintenance-ends"
        >
          {copy.maintenanceEnds}
          {formatDateTime(data.maintenanceEndsAt)}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-primary"
        style={{ marginTop: 28, minWidth: 180 }}
        disabled={isFetching}
        data-testid="maintenance-retry"
        onClick={async () => {
          const result = await refetch();
          if (result.data?.updating === 0) globalThis.location.assign(paths.home(scene));
        }}
      >
        {isFetching ? copy.loading : copy.retry}
      </button>
    </div>
  );
  if (!pc) return body;
  // The PC scenes keep the PC header and footer: the message in a desktop card.
  return (
    <PcLayout scene={scene} title={copy.maintenanceTitle}>
      <div className="pc-center-card" data-testid="pc-center-card">
        {body}
      </div>
    </PcLayout>
  );
}
