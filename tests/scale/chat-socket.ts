import { IM_SOCKET_PATH, type ImServerFrame } from '@app/protocol/im';
import WebSocket from 'ws';
import type { Node } from './deployment';

/** A chat socket on one node, logged in: its frames, and waiting for the next one that matches. */
export async function chatOn(node: Node, sig: { account: string; token: string }) {
  const ws = new WebSocket(`${node.url.replace('http', 'ws')}${IM_SOCKET_PATH}`);
  const frames: ImServerFrame[] = [];
  const waiters: Array<{ match: (f: ImServerFrame) => boolean; resolve: (f: ImServerFrame) => void }> = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as ImServerFrame;
    const w = waiters.find((x) => x.match(frame));
    if (w) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(frame);
    } else frames.push(frame);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (match: (f: ImServerFrame) => boolean) =>
    new Promise<ImServerFrame>((resolve) => {
      const seen = frames.find(match);
      if (seen) {
        frames.splice(frames.indexOf(seen), 1);
        resolve(seen);
      } else waiters.push({ match, resolve });
    });
  const send = (frame: unknown) => ws.send(JSON.stringify(frame));
  send({ t: 'login', ...sig });
  await next((f) => f.t === 'login');
  return { send, next: next as <F extends ImServerFrame>(m: (f: F) => boolean) => Promise<F>, close: () => ws.close() };
}
