import { useEffect, useRef } from 'react';

export const REACH_BOTTOM_DISTANCE = 300;

/** Whether the page is scrolled to within `distance` px of its bottom. */
export function nearBottom(
  scrollTop: number,
  viewport: number,
  contentHeight: number,
  distance = REACH_BOTTOM_DISTANCE,
) {
  return scrollTop + viewport >= contentHeight - distance;
}

/** Calls onReach when the window scrolls within 300 px of the bottom (and at once if the page is short). */
export function useReachBottom(enabled: boolean, onReach: () => void, deps: unknown = null) {
  const callback = useRef(onReach);
  callback.current = onReach;
  // biome-ignore lint/correctness/useExhaustiveDependencies: deps re-checks a short page after new items render
  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      const doc = document.documentElement;
      if (nearBottom(globalThis.scrollY, globalThis.innerHeight, doc.scrollHeight)) callback.current();
    };
    check();
    globalThis.addEventListener('scroll', check, { passive: true });
    globalThis.addEventListener('resize', check);
    return () => {
      globalThis.removeEventListener('scroll', check);
      globalThis.removeEventListener('resize', check);
    };
  }, [enabled, deps]);
}
