import { copy } from '../lib/copy';

/** Full-screen loading overlay; the consignment variant says 寄售中... on white. */
export function LoadingOverlay({
  text = copy.loading,
  variant = 'dark',
}: {
  text?: string;
  variant?: 'dark' | 'consign';
}) {
  const consign = variant === 'consign';
  return (
    <div
      className="overlay"
      style={consign ? { background: '#fff', color: 'var(--c-text)' } : undefined}
      data-testid="loading-overlay"
    >
      <div className={consign ? 'spinner dark' : 'spinner'} />
      <div>{consign ? copy.consigning : text}</div>
    </div>
  );
}
