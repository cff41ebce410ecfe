import type { TestProject } from 'vitest/node';
import { startServer } from '../start-server';

/**
 * Starts the real server (built web app, fresh PGlite data folder, console SMS, the demo game)
 * on a free port for the journeys, exactly as `npm start` would, and gives them its URL.
 */
let server: Awaited<ReturnType<typeof startServer>> | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = await startServer(3900 + Math.floor(Math.random() * 90), { APP_ENV: 'local' });
  project.provide('baseUrl', server.baseUrl);
  process.env.BASE_URL = server.baseUrl;
}

export async function teardown(): Promise<void> {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
