import { ChevronLeft, CircleHelp, House, Search, SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { copy } from '../lib/copy';
import { paths } from '../lib/paths';
import { sceneOfPath } from '../lib/platform';
import { serverNowMs } from '../lib/server-clock';
import { Modal } from './modal';
import { countdownView, type NavDeadline } from './nav-countdown';
import { Portal } from './portal';

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

/** A page's rule text, opened by the nav bar's rule icon: a title and its points. */
export interface PageRule {
  title: string;
  points: readonly string[];
}

/**
 * The nav bar's options (platform-shell §2) a page turns on; each is a button that does something.
 * The page's own buttons (收藏, 全部已读, 重新截图) stay in `right`.
 */
export interface NavOptions {
  /** 搜索: leads to the page's search (the list's keyword box). */
  onSearch?: () => void;
  /** 筛选: opens the page's filter; `filterCount` the filters set, shown on the icon. */
  onFilter?: () => void;
  filterCount?: number;
  /** 规则: the page's rule text. */
  rule?: PageRule;
  /** 返回首页 on a deep page. */
  home?: boolean;
  /** The countdown beside the title, to a deadline of the server's answer (null: none now). */
  deadline?: NavDeadline | null;
  /** Called once when that deadline passes: the page asks the server what became of it. */
  onDeadline?: () => void;
}

/**
 * The time left until a deadline of the server's, ticking each second by the server's clock; once
 * it passed, the page's words for the end, and `onEnd` once (per deadline).
 */
export function NavCountdown({ deadline, onEnd }: { deadline: NavDeadline; onEnd?: (() => void) | undefined }) {
  const [now, setNow] = useState(() => serverNowMs());
  const view = countdownView(deadline, now);
  useEffect(() => {
    setNow(serverNowMs());
    if (view.ended) return;
    const timer = setInterval(() => setNow(serverNowMs()), 1000);
    return () => clearInterval(timer);
  }, [view.ended]);
  const endedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!view.ended || endedFor.current === deadline.until) return;
    endedFor.current = deadline.until;
    onEnd?.();
  }, [view.ended, deadline.until, onEnd]);
  return (
    <span
      className={`m-nav-countdown${view.ended ? ' ended' : ''}`}
      role="timer"
      aria-label={view.ended ? view.text : `${deadline.label} ${view.text}`}
      data-testid="nav-countdown"
      data-ended={view.ended ? '1' : '0'}
    >
      {view.ended ? null : <span className="m-nav-countdown-label">{deadline.label}</span>}
      <b>{view.text}</b>
    </span>
  );
}

/** The rule icon: the page's rule text in a modal, closed by 我知道了. */
function RuleButton({ rule }: { rule: PageRule }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="m-nav-icon"
        aria-label={rule.title}
        title={rule.title}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="nav-rule"
      >
        <CircleHelp size={20} aria-hidden="true" />
      </button>
      {open ? (
        <Portal>
          <Modal
            title={rule.title}
            content={
              <ol className="nav-rule-points" data-testid="nav-rule-points">
                {rule.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ol>
            }
            buttons={[{ text: '我知道了', primary: true }]}
            onClose={() => setOpen(false)}
            testId="nav-rule-modal"
          />
        </Portal>
      ) : null}
    </>
  );
}

/**
 * The options of a PC page's heading: the same countdown and rule as the phone's nav bar (search,
 * filter and the home are the PC header's and the page's own there).
 */
export function HeadingOptions({ nav }: { nav?: NavOptions | undefined }) {
  if (!nav || (!nav.deadline && !nav.rule)) return null;
  return (
    <span className="pc-heading-options">
      {nav.deadline ? <NavCountdown deadline={nav.deadline} onEnd={nav.onDeadline} /> : null}
      {nav.rule ? <RuleButton rule={nav.rule} /> : null}
    </span>
  );
}

/**
 * The mobile nav bar: back (and 返回首页 on deep pages), the title with the deadline's countdown
 * beside it, and the options (搜索, 筛选, 规则) before the page's own buttons. A double tap on the
 * title brings a long page back to its top.
 */
export function NavBar({
  title,
  back: showBack = true,
  right,
  nav = {},
}: {
  title: string;
  back?: boolean;
  right?: ReactNode;
  nav?: NavOptions | undefined;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const lastTap = useRef(0);
  const scene = sceneOfPath(location.pathname) ?? 'h5';
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
  const home = nav.home && location.pathname !== paths.sceneHome(scene);
  const options = Boolean(nav.onSearch || nav.onFilter || nav.rule);
  return (
    <header className="m-nav">
      {showBack || home ? (
        <div className="m-nav-left">
          {showBack ? (
            <button type="button" className="m-nav-back" aria-label={copy.back} onClick={back} data-testid="nav-back">
              <ChevronLeft size={24} aria-hidden="true" />
            </button>
          ) : null}
          {home ? (
            <button
              type="button"
              className="m-nav-icon"
              aria-label={copy.backHome}
              title={copy.backHome}
              onClick={() => navigate(paths.sceneHome(scene))}
              data-testid="nav-home"
            >
              <House size={20} aria-hidden="true" />
            </button>
          ) : null}
        </div>
      ) : null}
      <div
        className={`m-nav-title${nav.deadline ? ' has-countdown' : ''}`}
        onPointerUp={tapTitle}
        data-testid="nav-title"
      >
        <span className="m-nav-title-text">{title}</span>
        {nav.deadline ? <NavCountdown deadline={nav.deadline} onEnd={nav.onDeadline} /> : null}
      </div>
      {options || right ? (
        <div className="m-nav-right">
          {nav.onSearch ? (
            <button
              type="button"
              className="m-nav-icon"
              aria-label="搜索"
              title="搜索"
              onClick={nav.onSearch}
              data-testid="nav-search"
            >
              <Search size={20} aria-hidden="true" />
            </button>
          ) : null}
          {nav.onFilter ? (
            <button
              type="button"
              className="m-nav-icon"
              aria-label={nav.filterCount ? `筛选（已选${nav.filterCount}项）` : '筛选'}
              title="筛选"
              onClick={nav.onFilter}
              data-testid="nav-filter"
            >
              <SlidersHorizontal size={20} aria-hidden="true" />
              {nav.filterCount ? <span className="m-nav-dot">{nav.filterCount}</span> : null}
            </button>
          ) : null}
          {nav.rule ? <RuleButton rule={nav.rule} /> : null}
          {right}
        </div>
      ) : null}
    </header>
  );
}
