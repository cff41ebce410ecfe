import { ChevronLeft } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { copy } from '../lib/copy';
import { paths } from '../lib/paths';
import { sceneOfPath } from '../lib/platform';

/**
 * Where the back arrow leads: the previous page of this visit, or — on the page a visit opened on
 * (a shared link, a bookmark, a relaunch), where history would leave the site or open about:blank —
 * the scene's home. React Router gives the entry a document opened on without its own history the key 'default'.
 */
export function backTarget(locationKey: string, pathname: string): -1 | string {
  if (locationKey !== 'default') return -1;
  return paths.sceneHome(sceneOfPath(pathname) ?? 'h5');
}

/** Single versus double tap (platform-shell §9). */
export const DOUBLE_TAP_MS = 300;

/** A second tap within 300 ms of the first. */
export const isDoubleTap = (lastAt: number, now: number): boolean => lastAt > 0 && now - lastAt <= DOUBLE_TAP_MS;

/**
 * The mobile nav bar: back, title (with an optional countdown beside it) and option slots. A double
 * tap on the title brings a long page back to its top.
 */
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
  const lastTap = useRef(0);
  const tapTitle = () => {
    const now = Date.now();
    if (isDoubleTap(lastTap.current, now)) {
      lastTap.current = 0;
      globalThis.scrollTo({ top: 0, behavior: 'smooth' });
    } else lastTap.current = now;
  };
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
            <ChevronLeft size={24} aria-hidden="true" />
          </button>
        </div>
      ) : null}
      <div className="m-nav-title" onPointerUp={tapTitle} data-testid="nav-title">
        {title}
        {extra}
      </div>
      {right ? <div className="m-nav-right">{right}</div> : null}
    </header>
  );
}
