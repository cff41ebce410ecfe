import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { checkLoginOnLaunch, runSyncLaunch } from './app/launch';
import { Providers, queryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { startTracking } from './lib/tracking-queue';
import './styles/tokens.css';
import './styles/base.css';
import './styles/pc.css';

runSyncLaunch();
startTracking();
const router = createAppRouter();
// The router is reachable from the host page and from browser tests (navigation goes through the guard).
(globalThis as { marketRouter?: typeof router }).marketRouter = router;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  checkLoginOnLaunch(queryClient);
}
