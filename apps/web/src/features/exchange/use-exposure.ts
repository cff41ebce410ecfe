import { type RefObject, useEffect } from 'react';
import { type FunnelFacts, recordExposure } from './commodity-tracking';

/** Records an exposure once the card is at least half on screen. */
export function useExposure(ref: RefObject<Element | null>, id: string, facts?: FunnelFacts): void {
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          recordExposure(id, facts);
          observer.disconnect();
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref, id, facts]);
}
