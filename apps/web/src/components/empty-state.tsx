/** An honest empty state: what is missing and what to do. */
export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: React.ReactNode }) {
  return (
    <div className="empty" data-testid="empty-state">
      <svg className="empty-art" viewBox="0 0 120 96" aria-hidden="true">
        <rect x="18" y="22" width="84" height="58" rx="10" fill="#eef0f3" />
        <rect x="30" y="36" width="40" height="6" rx="3" fill="#d7dbe0" />
        <rect x="30" y="50" width="60" height="6" rx="3" fill="#e3e6ea" />
        <circle cx="92" cy="24" r="12" fill="#ffe3d6" />
        <path d="M87 24h10M92 19v10" stroke="#ff7a45" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <div className="empty-title">{title}</div>
      {hint ? <div>{hint}</div> : null}
      {action}
    </div>
  );
}
