import { defineConfig } from 'vite';
// By its path: Vite loads a workspace package's TypeScript only through a relative import.
import { SERVER_PATH } from '../../packages/protocol/src/server-paths.ts';
import { inertContractSchemas } from './build/inert-contract-schemas.ts';
import { landingShell } from './build/landing-shell.ts';
import { precompress } from './build/precompress.ts';
import { copy } from './src/lib/copy.ts';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

const anyOf = (paths: string[]) => new RegExp(paths.map((p) => p.replaceAll('/', String.raw`[\\/]`)).join('|'));

/**
 * The modules the H5 home (its newest listings), the commodity detail, the list and the order page
 * all need: the commodity card and its tracking, the exchange's calls, the formats, the lazy image;
 * and the icons (23 of them, 10 KB in all: one shared by two pages would otherwise tie one's chunk
 * to the other's).
 */
const MARKET_COMMON = anyOf([
  String.raw`packages/protocol/src/(format|commodity)\.ts`,
  String.raw`packages/protocol/src/calls/(exchange|market-collect)\.ts`,
  String.raw`apps/web/src/components/(lazy-image|when-visible|failure-state)\.tsx`,
  String.raw`apps/web/src/lib/(image-style|game-token|delivery-targets)\.ts`,
  String.raw`apps/web/src/lib/queries/(commodity-keys|get-commodity-detail|servers)\.ts`,
  String.raw`apps/web/src/features/exchange/(commodity-card\.tsx|commodity\.css|commodity-tracking\.ts|use-exposure\.ts)`,
  String.raw`apps/web/src/features/exchange/api/(get-commodity-list|collect-commodity)\.ts`,
  'node_modules/lucide-react/dist/esm/icons/',
]);
/** The broker's entry the home's game card and the list show (not the detail). */
const BROKER_ENTRY = anyOf([
  String.raw`apps/web/src/components/broker-entry\.(tsx|css)`,
  String.raw`apps/web/src/lib/queries/broker-config\.ts`,
  String.raw`packages/protocol/src/calls/broker\.ts`,
]);

/** One app for every scene; route-level chunks keep the first screen small. */
export default defineConfig({
  plugins: [
    inertContractSchemas(),
    // The pages people land on (the H5 home, a shared commodity): their chunks load beside the entry.
    landingShell([
      { path: /^\/[a-z0-9]+\/pages\/index\/index$/, module: 'src/app/pages/home-page.tsx', title: copy.brand },
      {
        path: /^\/[a-z0-9]+\/pages\/(commodityDetail\/index|productNew\/info)$/,
        module: 'src/app/pages/commodity-detail-page.tsx',
        title: copy.commodity.detailTitle,
        titleParam: 'infoTitle',
      },
    ]),
    precompress(),
  ],
  // Every path the server answers goes to it (packages/protocol/src/server-paths.ts lists them); the rest is Vite's.
  server: { port: 5173, proxy: { [SERVER_PATH.source]: { target: api, changeOrigin: false } } },
  build: {
    outDir: 'dist',
    target: 'es2020',
    sourcemap: false,
    // heic-to (HEIC → JPEG) is large but loads only when a user picks a HEIC photo.
    chunkSizeWarningLimit: 3100,
    rollupOptions: {
      // React Query ships "use client" markers for server components; a client-only build ignores them.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        // Few files on the first screen (docs/decisions/0010): over HTTP/1.1 each file waits its turn
        // on one of six connections. The libraries in one chunk; everything the entry needs in the
        // entry; each landing page's code in one chunk (a page opened later loads its own chunks).
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
              priority: 3,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 3 },
            { name: 'app', tags: ['$initial'], priority: 2 },
            // What the landing pages share with each other and with the list and the order page
            // (a group takes its module's imports along, so a landing group would otherwise take
            // them and every page that needs one of them would load that landing page's chunk).
            { name: 'market-common', test: MARKET_COMMON, priority: 1.5 },
            { name: 'broker-entry', test: BROKER_ENTRY, priority: 1.5 },
            { name: 'landing-home', test: /src[\\/]app[\\/]pages[\\/]home-page\.tsx$/, priority: 1 },
            { name: 'landing-detail', test: /src[\\/]app[\\/]pages[\\/]commodity-detail-page\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
});
