import Fastify from 'fastify';
import { demoGame } from './plugin';

/** Runs the demo game alone (PORT, default 3100); the exchange embeds it otherwise. */
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
await app.register(demoGame, {
  prefix: '/demo-game',
  dataDir: process.env.DATA_DIR ?? './data',
  gameId: 'demo-legend',
  partnerSecret: process.env.DEMO_GAME_SECRET ?? 'demo-game-partner-secret',
  publicBaseUrl: process.env.MARKET_URL ?? 'http://localhost:3000',
});
await app.listen({ port: Number(process.env.PORT ?? 3100), host: process.env.HOST ?? '0.0.0.0' });
