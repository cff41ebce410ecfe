import { tencentUserSig } from '@app/protocol/calls/im';
import { IM_SOCKET_PATH, type ImServerFrame } from '@app/protocol/im';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { TestClient } from './helpers';

/** A chat socket of the test: the frames it got, and waiting for the next one that matches. */
export async function chat(app: FastifyInstance) {
  const ws: WebSocket = await app.injectWS(IM_SOCKET_PATH);
  const frames: ImServerFrame[] = [];
  const waiters: { match: (f: ImServerFrame) => boolean; resolve: (f: ImServerFrame) => void }[] = [];
  let closed: { code: number } | null = null;
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as ImServerFrame;
    frames.push(frame);
    for (const w of [...waiters])
      if (w.match(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
  });
  const closedPromise = new Promise<{ code: number }>((resolve) =>
    ws.on('close', (code) => {
      closed = { code };
      resolve(closed);
    }),
  );
  const next = <T extends ImServerFrame['t']>(
    t: T,
    match: (f: Extract<ImServerFrame, { t: T }>) => boolean = () => true,
  ) =>
    new Promise<Extract<ImServerFrame, { t: T }>>((resolve, reject) => {
      const seen = frames.find((f) => f.t === t && match(f as never));
      if (seen) {
        frames.splice(frames.indexOf(seen), 1);
        return resolve(seen as never);
      }
      const timer = setTimeout(() => reject(new Error(`no ${t} frame`)), 5000);
      waiters.push({
        match: (f) => f.t === t && match(f as never),
        resolve: (f) => {
          clearTimeout(timer);
          frames.splice(frames.indexOf(f), 1);
          resolve(f as never);
        },
      });
    });
  const send = (frame: unknown) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  return { ws, frames, next, send, closed: () => closedPromise, isClosed: () => closed !== null };
}

export type Chat = Awaited<ReturnType<typeof chat>>;

export async function loggedIn(
  app: FastifyInstance,
  client: TestClient,
  token: string,
): Promise<Chat & { account: string }> {
  const sig = (await client.call(tencentUserSig, {}, { token })).data as { account: string; token: string };
  const socket = await chat(app);
  socket.send({ t: 'login', ...sig });
  await socket.next('login');
  return Object.assign(socket, { account: sig.account });
}
