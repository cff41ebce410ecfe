import { useEffect, useState } from 'react';
import { HomeSkeleton } from '../components/skeleton';
import { ChunkLoadError, PAGE_LOADING_DELAY_MS, PAGE_LOADING_TIMEOUT_MS } from '../lib/chunk-reload';

/**
 * What shows while a page's code loads (platform-shell §9, async page loading): nothing for the
 * first 2 s (a quick load does not flash a skeleton), then the skeleton; after 10 s the load counts
 * as failed and the route's error page takes over (which reloads once for a new build).
 */
export function PageLoading() {
  const [phase, setPhase] = useState<'wait' | 'show' | 'late'>('wait');
  useEffect(() => {
    const show = setTimeout(() => setPhase('show'), PAGE_LOADING_DELAY_MS);
    const late = setTimeout(() => setPhase('late'), PAGE_LOADING_TIMEOUT_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(late);
    };
  }, []);
  if (phase === 'late') throw new ChunkLoadError(`Loading page timed out after ${PAGE_LOADING_TIMEOUT_MS} ms`);
  return phase === 'show' ? <HomeSkeleton /> : <div data-testid="page-loading" />;
}
