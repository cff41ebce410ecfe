import { serve } from './serve';

/**
 * Production's entry: the exchange alone, its games those of GAMES (over HTTP). It loads no demo
 * code; `npm start` runs the demo's entry instead (demo/src/start.ts: the same server with the
 * demo games mounted and the demo market seeded).
 */
await serve();
