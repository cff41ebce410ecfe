import type { FastifyInstance } from 'fastify';
import inject, { type InjectOptions, type Response } from 'light-my-request';

/**
 * A request to the app from inside the process (the embedded demo games, the sandbox gateway's
 * notifications, the styled images' sources). Once the app is up it goes through the app's router
 * itself: Fastify refuses app.inject as soon as it starts closing, while the requests in flight,
 * which may make such a call (an order asking the game), are still served until the drain ends
 * (graceful-stop.ts). Before that, app.inject waits for the app to be ready.
 */
export function inProcess(app: FastifyInstance): (request: InjectOptions) => Promise<Response> {
  let up = false;
  app.addHook('onReady', async () => {
    up = true;
  });
  return (request) => (up ? inject(app.routing, request) : app.inject(request));
}
