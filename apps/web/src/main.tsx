import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { checkLoginOnLaunch, runSyncLaunch } from './app/launch';
import { Providers, queryClient } from './app/providers';
import { createAppRouter, type PageHandle } from './app/router';
import { seedPageData } from './lib/api/page-data';
import { PAGE_LOADING_DELAY_MS } from './lib/chunk-reload';
import { startTracking } from './lib/tracking-queue';
import './styles/tokens.css';
import './styles/base.css';
import './styles/pc.css';

runSyncLaunch();
startTracking();
// The first screen's public data the server put inside the page (decision 0082), before any render.
seedPageData(queryClient, document.getElementById('page-data')?.textContent);
const router = createAppRouter();
// The router is reachable from the host page and from browser tests (navigation goes through the guard).
(globalThis as { marketRouter?: typeof router }).marketRouter = router;

/**
 * The landing page's code first (it has been arriving beside the entry since the HTML's landing
 * shell asked for it): the page then renders at once. After PAGE_LOADING_DELAY_MS the app mounts
 * anyway and the page's own loading view takes over.
 */
function landingPageLoaded(): Promise<unknown> {
  const loads = router.state.matches.map((m) => (m.route.handle as PageHandle | undefined)?.preload());
  const wait = new Promise((resolve) => setTimeout(resolve, PAGE_LOADING_DELAY_MS));
  return Promise.race([Promise.allSettled(loads), wait]);
}

const root = document.getElementById('root');
if (root) void landingPageLoaded().then(() => mount(root));

/**
 * The first render as a transition: React renders it in slices and gives the main thread back
 * between them, so a phone's first screen is not one long task (total blocking time).
 */
function mount(root: HTMLElement) {
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
  checkLoginOnLaunch(queryClient);
}
