import { type BuildOptions, buildApp } from './app';
import { type Config, loadConfig, loadEnvFile } from './config';

/** What a composition adds to the server (the demo's games and seed); production's entry adds nothing. */
export type Composition = (config: Config) => Pick<BuildOptions, 'mountGames' | 'catalogue' | 'seed'>;

/**
 * Builds the server and listens: server.ts (production's entry) and the demo's entry (`npm start`)
 * run it. The settings come from the environment, then from the project's .env if there is one
 * (the environment wins). A wrong or incomplete configuration stops it with one message
 * (production names every missing setting). SIGINT/SIGTERM stop it gracefully: the requests in
 * flight are answered, then the database and Redis close (platform/http/graceful-stop.ts).
 */
export async function serve(compose?: Composition): Promise<void> {
  let config: Config;
  try {
    loadEnvFile();
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  const app = await buildApp(config, compose?.(config) ?? {});

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      // The drain gives up after 8 s; past 15 s the process ends anyway.
      const force = setTimeout(() => process.exit(1), 15_000);
      force.unref();
      try {
        await app.close();
        process.exit(0);
      } catch (error) {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      }
    });
  }

  await app.ready();
  await app.prepareMarket();
  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  app.log.info(
    `marketplace ready on http://${shown}:${config.PORT} (env ${config.APP_ENV}, ${config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}${config.REDIS_URL ? ', Redis' : ''})`,
  );
}
