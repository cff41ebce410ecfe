import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { copy } from '../lib/copy';
import { paths } from '../lib/paths';
import { sceneOfPath } from '../lib/platform';

/**
 * Where the back arrow leads: the previous page of this visit, or — on the first page of the visit
 * (a shared link, a bookmark, a reload of a deep page), where history would leave the site or open
 * about:blank — the scene's home. React Router marks the entry the document opened on with key 'default'.
 */
export function backTarget(locationKey: string, pathname: string): -1 | string {
  if (locationKey !== 'default') return -1;
  return paths.sceneHome(sceneOfPath(pathname) ?? 'h5');
}

/** The mobile nav bar: back, title (with an optional countdown beside it) and option slots. */
export function NavBar({
  title,
  back: showBack = true,
  right,
  extra,
}: {
  title: string;
  back?: boolean;
  right?: ReactNode;
  extra?: ReactNode;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const back = () => {
    const target = backTarget(location.key, location.pathname);
    if (target === -1) navigate(-1);
    else navigate(target, { replace: true });
  };
  return (
    <header className="m-nav">
      {showBack ? (
        <div className="m-nav-left">
          <button type="button" className="m-nav-back" aria-label={copy.back} onClick={back} data-testid="nav-back">
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
