// Free of imports: apps/web/vite.config.ts bundles this file (and no zod or contract with it).

/** Services whose paths are also served behind a service-routing gateway prefix (PROTOCOL.md). */
export const GATEWAY_PREFIXES = ['user', 'exchange', 'pay', 'extract'] as const;

/**
 * Every path prefix the server answers under (whole segments); every other path is the web app's
 * (its pages and assets, e.g. /ops is the console's page, /ops/v1 its API). The Vite dev server
 * proxies exactly these to the server (apps/web/vite.config.ts), and apps/server/test/server-paths.test.ts
 * fails when the server registers a route outside them, so a new prefix cannot be forgotten.
 */
export const SERVER_PATH_PREFIXES: readonly string[] = [
  // The signed API (PROTOCOL.md), also behind a service gateway's prefix (/user/pb/api/…).
  '/pb',
  '/df',
  '/pt',
  ...GATEWAY_PREFIXES.flatMap((g) => [`/${g}/pb`, `/${g}/df`, `/${g}/pt`]),
  '/v1',
  '/ops/v1',
  // The chat socket (packages/protocol/src/im.ts).
  '/im/v1',
  '/health',
  // Prometheus' scrape (platform/metrics/http-metrics.ts), for METRICS_TOKEN's bearer or a local scraper.
  '/metrics',
  // What only a caller on this machine gets: the embedded database's backup (platform/http/local-backup.ts).
  '/local',
  '/openapi.json',
  '/agreements',
  '/storage',
  '/market/art',
  // The embedded demo games (their pages, API, partner API and art) and what only runs outside production.
  '/demo-game',
  '/demo-xianxia',
  '/demo-sanguo',
  '/dev',
  '/sandbox',
  // Called by the payment gateways and the partner games, not by the web app; listed so the list is whole.
  '/pay/notify',
  '/partner-callback',
];

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches a path (query allowed) under one of SERVER_PATH_PREFIXES: /ops/v1/me and /health?x do, /ops and /healthy do not. */
export const SERVER_PATH = new RegExp(`^(?:${SERVER_PATH_PREFIXES.map(literal).join('|')})(?:[/?#]|$)`);
