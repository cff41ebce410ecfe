import { buildApp } from './app';
import { loadConfig } from './config';

/** The only file that listens: `npm start` runs it. Shuts down gracefully on SIGINT/SIGTERM. */
const config = loadConfig();
const app = await buildApp(config);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  });
}

await app.ready();
await app.prepareMarket();
await app.listen({ port: config.PORT, host: config.HOST });
const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
app.log.info(
  `marketplace ready on http://${shown}:${config.PORT} (env ${config.APP_ENV}, ${config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}${config.REDIS_URL ? ', Redis' : ''})`,
);
