import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Stopping loses nothing in flight. Call right after creating the app, before anything else
 * registers an onClose hook. On close:
 *
 * 1. fastify marks itself closing: what still comes in is served, with `Connection: close` (the
 *    app is built with return503OnClosing false);
 * 2. preClose (here): /health answers 503 from now on, so a balancer's check takes the process out
 *    of rotation; the server keeps accepting until nothing is in flight and no connection or
 *    request came for `quietMs` (connections the system accepted but the process had not picked
 *    up yet, which closing the listener would reset, are served), at most `drainMs`; then the
 *    listener closes (new connections are refused) and what came meanwhile is waited for;
 * 3. fastify closes the idle keep-alive connections and the server;
 * 4. every module's onClose hook (timers, sweeps);
 * 5. last of all, the functions given to `atLast` in their order: the database, Redis, nonces.
 *    Fastify runs onClose hooks last registered first, so this one, registered first, runs last.
 */
export function gracefulStop(app: FastifyInstance, options: { drainMs: number; quietMs?: number }) {
  const quietMs = options.quietMs ?? 50;
  let inFlight = 0;
  let arrivals = 0;
  const last: Array<() => Promise<unknown> | unknown> = [];
  let draining = false;

  app.server.on('connection', () => arrivals++);
  app.addHook('onRequest', async (request, reply) => {
    // A chat socket is no request in flight: it lives until closed (the chat module closes them
    // when the app closes, and its clients reconnect to another process).
    if (request.headers.upgrade?.toLowerCase() === 'websocket') return;
    inFlight++;
    arrivals++;
    reply.raw.once('close', () => inFlight--);
  });

  /** Until nothing is in flight and nothing arrived for `waitMs` (0: just nothing in flight), or the deadline. */
  const settle = async (waitMs: number, deadline: number) => {
    for (;;) {
      const before = arrivals;
      if (waitMs === 0 && inFlight === 0) return;
      await new Promise((resolve) => setTimeout(resolve, waitMs || 10));
      if ((inFlight === 0 && arrivals === before) || Date.now() >= deadline) return;
    }
  };

  app.addHook('preClose', async () => {
    draining = true;
    const deadline = Date.now() + options.drainMs;
    if (app.server.listening) {
      await settle(quietMs, deadline);
      // net's close, not http's: http's would also drop accepted connections whose request is not read yet.
      net.Server.prototype.close.call(app.server);
    }
    await settle(0, deadline);
    if (inFlight > 0) app.log.warn({ inFlight }, 'stopping with requests still in flight');
  });

  app.addHook('onClose', async () => {
    for (const close of last) await close();
  });

  return {
    /** Whether the process is stopping (health.ts tells the balancer). */
    draining: () => draining,
    /** Runs when everything else has stopped: what requests and background work needed (database, Redis). */
    atLast(close: () => Promise<unknown> | unknown) {
      last.push(close);
    },
  };
}
