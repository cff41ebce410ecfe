/** The picture above the words: an empty list, a failure, or a page that does not exist. */
export type EmptyArt = 'empty' | 'error' | 'missing';

/** An open, empty box: nothing here yet. */
function EmptyBox() {
  return (
    <>
      <ellipse cx="60" cy="86" rx="40" ry="5" fill="#f2f3f5" />
      <path d="M22 44l38 12 38-12v30a6 6 0 0 1-4 6L60 90 26 80a6 6 0 0 1-4-6z" fill="#ffe3d6" />
      <path d="M60 56v34l34-10a6 6 0 0 0 4-6V44z" fill="#ffd2bd" />
      <path d="M22 44l38-12 38 12-38 12z" fill="#fff1eb" />
      <path d="M22 44l-8 12 38 12 8-12zM98 44l8 12-38 12-8-12z" fill="#ffb899" />
      <circle cx="44" cy="18" r="3" fill="#ff7a45" />
      <circle cx="78" cy="12" r="2" fill="#ffb899" />
      <path d="M60 8v10M55 13h10" stroke="#ffb899" strokeWidth="2" strokeLinecap="round" />
    </>
  );
}

/** A cloud with a broken link: something failed on the way. */
function BrokenCloud() {
  return (
    <>
      <ellipse cx="60" cy="88" rx="40" ry="5" fill="#f2f3f5" />
      <path
        d="M34 70a16 16 0 0 1-2-31.9A22 22 0 0 1 74 30a18 18 0 0 1 16 40z"
        fill="#eef0f3"
        stroke="#d7dbe0"
        strokeWidth="2"
      />
      <path
        d="M48 60l-4 4a6 6 0 0 1-8.5-8.5l4-4M72 48l4-4a6 6 0 0 0-8.5-8.5l-4 4"
        fill="none"
        stroke="#ff5b26"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path d="M54 48l-4-4M58 44v-5M66 56l4 4M62 60v5" stroke="#ffb899" strokeWidth="2.5" strokeLinecap="round" />
    </>
  );
}

/** A signpost with a question: the road leads nowhere. */
function Signpost() {
  return (
    <>
      <ellipse cx="60" cy="88" rx="36" ry="5" fill="#f2f3f5" />
      <rect x="57" y="14" width="6" height="74" rx="3" fill="#c9ced6" />
      <path d="M30 22h50l10 9-10 9H30a3 3 0 0 1-3-3V25a3 3 0 0 1 3-3z" fill="#ff5b26" />
      <path d="M90 46H40l-10 9 10 9h50a3 3 0 0 0 3-3V49a3 3 0 0 0-3-3z" fill="#ffd2bd" />
      <text x="52" y="36" textAnchor="middle" fontSize="13" fontWeight="700" fill="#fff">
        404
      </text>
      <text x="67" y="60" textAnchor="middle" fontSize="13" fontWeight="700" fill="#e8440f">
        ?
      </text>
    </>
  );
}

const ART = { empty: EmptyBox, error: BrokenCloud, missing: Signpost } as const;

/** An honest empty state: what is missing and what to do. */
export function EmptyState({
  title,
  hint,
  action,
  art = 'empty',
}: {
  title: string;
  hint?: string;
  action?: React.ReactNode;
  art?: EmptyArt;
}) {
  const Art = ART[art];
  return (
    <div className="empty" data-testid="empty-state" data-art={art}>
      <svg className="empty-art" viewBox="0 0 120 96" aria-hidden="true">
        <Art />
      </svg>
      <div className="empty-title">{title}</div>
      {hint ? <div>{hint}</div> : null}
      {action}
    </div>
  );
}
