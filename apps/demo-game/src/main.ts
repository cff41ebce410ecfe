import Fastify from 'fastify';
import { demoGame } from './plugin';

/**
 * Runs the demo game alone: PORT (3100), HOST, DATA_DIR (./data), DEMO_GAME_SECRET, MARKET_URL
 * (the marketplace, for the SDK view and the callbacks; unset = no callbacks), EXCHANGE_SECRET.
 */
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
const market = process.env.MARKET_URL;
await app.register(demoGame, {
  prefix: '/demo-game',
  dataDir: process.env.DATA_DIR ?? './data',
  gameId: process.env.GAME_ID ?? 'demo-legend',
  partnerSecret: process.env.DEMO_GAME_SECRET ?? 'demo-game-partner-secret',
  ...(market ? { exchangeBaseUrl: market, publicBaseUrl: market } : { publicBaseUrl: 'http://localhost:3000' }),
  ...(process.env.EXCHANGE_SECRET ? { exchangeSecret: process.env.EXCHANGE_SECRET } : {}),
});
app.get('/', async (_request, reply) => reply.redirect('/demo-game/host'));
const close = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGINT', close);
process.once('SIGTERM', close);
await app.listen({ port: Number(process.env.PORT ?? 3100), host: process.env.HOST ?? '0.0.0.0' });
