import { randomUUID } from 'node:crypto';
import { tencentUserSig } from '@app/protocol/calls/im';
import { IM_SOCKET_PATH, type ImServerFrame } from '@app/protocol/im';
import type { FastifyInstance } from 'fastify';
import type { TestClient } from './helpers';

/**
 * A user writes one text in a chat group through the chat socket, as the page does (log in with
 * tencentUserSig, send under a new ref, wait for the answer): answers 'ack' with the message, or 'nack' with why not.
 */
export async function sayInChat(
  app: FastifyInstance,
  client: TestClient,
  token: string,
  groupId: string,
  body: string,
): Promise<Extract<ImServerFrame, { t: 'ack' | 'nack' }>> {
  const sig = (await client.call(tencentUserSig, {}, { token })).data as { account: string; token: string };
  const ws = await app.injectWS(IM_SOCKET_PATH);
  try {
    const answer = (t: ImServerFrame['t'][]) =>
      new Promise<ImServerFrame>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${t.join('/')} frame`)), 5000);
        ws.on('message', (data) => {
          const frame = JSON.parse(String(data)) as ImServerFrame;
          if (!t.includes(frame.t)) return;
          clearTimeout(timer);
          resolve(frame);
        });
      });
    const loggedIn = answer(['login']);
    ws.send(JSON.stringify({ t: 'login', ...sig }));
    await loggedIn;
    const sent = answer(['ack', 'nack']);
    ws.send(JSON.stringify({ t: 'send', ref: randomUUID(), groupId, kind: 'text', body }));
    return (await sent) as Extract<ImServerFrame, { t: 'ack' | 'nack' }>;
  } finally {
    ws.terminate();
  }
}
