import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { copy } from '../lib/copy';

/** The mobile nav bar: back, title (with an optional countdown beside it) and option slots. */
export function NavBar({
  title,
  back = true,
  right,
  extra,
}: {
  title: string;
  back?: boolean;
  right?: ReactNode;
  extra?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <header className="m-nav">
      {back ? (
        <div className="m-nav-left">
          <button
            type="button"
            className="m-nav-back"
            aria-label={copy.back}
            onClick={() => navigate(-1)}
            data-testid="nav-back"
          >
            ‹
          </button>
        </div>
      ) : null}
      <div className="m-nav-title">
        {title}
        {extra}
      </div>
      {right ? <div className="m-nav-right">{right}</div> : null}
    </header>
  );
}
