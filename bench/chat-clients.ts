/**
 * One child process of `bench/chat.ts`: it holds the client sockets of a share of the order groups
 * (both members of each, so a message's sender and its other member live in the same process and
 * one clock times its delivery), logs them in, sends the messages of its groups on the parent's
 * schedule and counts what comes back. The parent speaks to it over IPC (ChildCommand /
 * ChildReport); one process cannot drive 20,000 sockets.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';

export interface BenchClient {
  account: string;
  token: string;
  groupId: string;
  server: 0 | 1;
}

export type ChildCommand =
  | { t: 'init'; clients: BenchClient[]; wsUrls: [string, string]; width: number }
  /** Logs in the clients of these indices (of this child's list); answers 'connected'. */
  | { t: 'connect'; indices: number[] }
  /** The warm-up message: each of these clients sends one text. */
  | { t: 'warm'; indices: number[] }
  | { t: 'close'; indices: number[] }
  /**
   * The load: message n (of `total`) goes to group n mod groups, sent by its buyer (even rounds) or
   * its seller (odd ones); this child sends those of its own groups, from `startAt` (epoch ms) at
   * `rate` per second. Answers 'done' once every message of its own was delivered or 5 s went by
   * without a delivery.
   */
  | {
      t: 'load';
      startAt: number;
      rate: number;
      total: number;
      groups: number;
      groupOf: number[];
      /**
       * A warm-up load (the servers' database pools and code warm, as at steady traffic): its
       * messages go out under refs `w<n>` with words the counting ignores, and it answers 'done'
       * once they are sent, nothing counted.
       */
      warm?: boolean;
    }
  | { t: 'exit' };

export type ChildReport =
  | { t: 'ready' }
  | { t: 'connected'; perServer: [number, number]; retried503: number; seconds: number }
  | { t: 'warmed' }
  | { t: 'closed' }
  | {
      t: 'done';
      /** Messages this child owned (planned), sent, unsendable. */
      planned: number;
      unsendable: number;
      ackMs: number[];
      deliveryMs: number[];
      /** The message number of each deliveryMs. */
      deliveredN: number[];
      lost: number;
      duplicated: number;
      echoed: number;
      echoLost: number;
      echoDuplicated: number;
      nacks: Record<string, number>;
      stray: number;
      closedEarly: number;
      loadSeconds: number;
      drainSeconds: number;
      eventLoopDelayMs: { p50: number; p99: number; max: number };
    };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const report = (r: ChildReport) => process.send?.(r);

let clients: BenchClient[] = [];
let sockets: (WebSocket | null)[] = [];
let wsUrls: [string, string] = ['', ''];
let width = 25;

// The load's state: by message number, for the messages of this child's groups.
let total = 0;
let sentAt = new Float64Array(0);
let ackAt = new Float64Array(0);
let deliveredAt = new Float64Array(0);
let toOther = new Uint16Array(0);
let echoed = new Uint16Array(0);
const nacks: Record<string, number> = {};
let stray = 0;
let closedEarly = 0;
let loadRunning = false;
let retried503 = 0;

const onFrame = (i: number, text: string) => {
  const c = clients[i] as BenchClient;
  const frame = JSON.parse(text) as
    | { t: 'msg'; message: { sender: string; body: string } }
    | { t: 'ack'; ref: string }
    | { t: 'nack'; ref: string; msg: string }
    | { t: string };
  if (frame.t === 'msg' && 'message' in frame) {
    const m = /^bench (\d+) /.exec(frame.message.body);
    if (!m) return;
    const n = Number(m[1]);
    if (frame.message.sender === c.account) echoed[n] = (echoed[n] ?? 0) + 1;
    else {
      if (toOther[n] === 0) deliveredAt[n] = performance.now();
      toOther[n] = (toOther[n] ?? 0) + 1;
    }
  } else if (frame.t === 'ack' && 'ref' in frame) {
    const n = Number(frame.ref);
    if (n >= 0 && n < total) ackAt[n] = performance.now();
  } else if (frame.t === 'nack' && 'msg' in frame) nacks[frame.msg] = (nacks[frame.msg] ?? 0) + 1;
  else if (frame.t !== 'login') stray++;
};

/** One try at opening the client's socket and logging in: 'busy' when the upgrade was answered 503. */
const tryConnect = (i: number) =>
  new Promise<'ok' | 'busy'>((resolve, reject) => {
    const c = clients[i] as BenchClient;
    const socket = new WebSocket(wsUrls[c.server], { perMessageDeflate: false });
    let loggedIn = false;
    socket.on('unexpected-response', (request, response) => {
      request.destroy();
      if (response.statusCode === 503) resolve('busy');
      else reject(new Error(`upgrade of ${c.account} answered ${response.statusCode}`));
    });
    socket.on('open', () => socket.send(JSON.stringify({ t: 'login', account: c.account, token: c.token })));
    socket.on('message', (data) => {
      const text = String(data);
      if (!loggedIn) {
        if (text.startsWith('{"t":"login"')) {
          loggedIn = true;
          sockets[i] = socket;
          resolve('ok');
        } else reject(new Error(`login of ${c.account} refused: ${text}`));
        return;
      }
      onFrame(i, text);
    });
    socket.on('error', (e) => {
      if (!loggedIn) reject(e);
    });
    socket.on('close', () => {
      if (loggedIn && sockets[i] === socket) {
        sockets[i] = null;
        if (loadRunning) closedEarly++;
      }
    });
  });

/** Logs the client in, trying again after a short backoff while its upgrade is answered 503 (the server shedding load). */
async function connect(i: number) {
  for (let attempt = 0; ; attempt++) {
    if ((await tryConnect(i)) === 'ok') return;
    retried503++;
    if (attempt >= 50) throw new Error(`upgrade of ${clients[i]?.account} answered 503 ${attempt + 1} times`);
    await sleep(Math.min(2000, 50 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random()));
  }
}

async function pool(items: number[], n: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await work(items[next++] as number);
    }),
  );
}

const closeAll = (indices: number[]) =>
  Promise.all(
    indices.map(
      (i) =>
        new Promise<void>((resolve) => {
          const s = sockets[i];
          if (!s) return resolve();
          s.once('close', () => resolve());
          s.close(1000);
        }),
    ),
  );

const round = (x: number) => Math.round(x * 10) / 10;

async function warmLoad(command: Extract<ChildCommand, { t: 'load' }>, members: Map<number, [number, number]>) {
  const { rate, groups } = command;
  const mine: number[] = [];
  for (let n = 0; n < command.total; n++) if (members.has(n % groups)) mine.push(n);
  const tl = command.startAt - performance.timeOrigin;
  while (performance.now() < tl) await sleep(Math.max(1, tl - performance.now()));
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = ((performance.now() - tl) / 1000) * rate;
      while (next < mine.length && (mine[next] as number) < due) {
        const n = mine[next++] as number;
        const i = (members.get(n % groups) as [number, number])[Math.floor(n / groups) % 2] as number;
        sockets[i]?.send(
          JSON.stringify({ t: 'send', ref: `w${n}`, groupId: clients[i]?.groupId, kind: 'text', body: `warm ${n}` }),
        );
      }
      if (next >= mine.length) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });
  report({
    t: 'done',
    planned: 0,
    unsendable: 0,
    ackMs: [],
    deliveryMs: [],
    deliveredN: [],
    lost: 0,
    duplicated: 0,
    echoed: 0,
    echoLost: 0,
    echoDuplicated: 0,
    nacks: {},
    stray: 0,
    closedEarly: 0,
    loadSeconds: (performance.now() - tl) / 1000,
    drainSeconds: 0,
    eventLoopDelayMs: { p50: 0, p99: 0, max: 0 },
  });
}

async function load(command: Extract<ChildCommand, { t: 'load' }>) {
  ({ total } = command);
  const { rate, groups, groupOf } = command;
  // This child's clients by group: [buyer, seller] indices.
  const members = new Map<number, [number, number]>();
  for (const [i, g] of groupOf.entries()) {
    const pair = members.get(g) ?? [-1, -1];
    pair[clients[i]?.server === 0 ? 0 : 1] = i;
    members.set(g, pair);
  }
  if (command.warm) return warmLoad(command, members);
  sentAt = new Float64Array(total).fill(Number.NaN);
  ackAt = new Float64Array(total).fill(Number.NaN);
  deliveredAt = new Float64Array(total).fill(Number.NaN);
  toOther = new Uint16Array(total);
  echoed = new Uint16Array(total);
  const mine: number[] = [];
  for (let n = 0; n < total; n++) if (members.has(n % groups)) mine.push(n);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const tl = command.startAt - performance.timeOrigin;
  while (performance.now() < tl) await sleep(Math.max(1, tl - performance.now()));
  loadRunning = true;
  let next = 0;
  let unsendable = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = ((performance.now() - tl) / 1000) * rate;
      while (next < mine.length && (mine[next] as number) < due) {
        const n = mine[next++] as number;
        const g = n % groups;
        const i = (members.get(g) as [number, number])[Math.floor(n / groups) % 2] as number;
        const socket = sockets[i];
        sentAt[n] = performance.now();
        if (!socket || socket.readyState !== WebSocket.OPEN) {
          unsendable++;
          continue;
        }
        socket.send(
          JSON.stringify({
            t: 'send',
            ref: String(n),
            groupId: clients[i]?.groupId,
            kind: 'text',
            body: `bench ${n} ${sentAt[n]}`,
          }),
        );
      }
      if (next >= mine.length) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });
  const loadSeconds = (performance.now() - tl) / 1000;
  const got = () => {
    let k = 0;
    for (const n of mine) k += (toOther[n] as number) > 0 ? 1 : 0;
    for (const n of mine) k += (echoed[n] as number) > 0 ? 1 : 0;
    return k;
  };
  let lastProgress = performance.now();
  let lastCount = -1;
  for (;;) {
    const k = got();
    if (k + 2 * unsendable >= 2 * mine.length) break;
    if (k !== lastCount) {
      lastCount = k;
      lastProgress = performance.now();
    } else if (performance.now() - lastProgress > 5000) break;
    await sleep(100);
  }
  const drainSeconds = (performance.now() - tl) / 1000 - loadSeconds;
  loadRunning = false;
  lag.disable();
  const ackMs: number[] = [];
  const deliveryMs: number[] = [];
  const deliveredN: number[] = [];
  let lost = 0;
  let duplicated = 0;
  let echoedCount = 0;
  let echoLost = 0;
  let echoDuplicated = 0;
  for (const n of mine) {
    if (!Number.isNaN(ackAt[n] as number)) ackMs.push((ackAt[n] as number) - (sentAt[n] as number));
    if (!Number.isNaN(deliveredAt[n] as number)) {
      deliveryMs.push((deliveredAt[n] as number) - (sentAt[n] as number));
      deliveredN.push(n);
    }
    const other = toOther[n] as number;
    const echo = echoed[n] as number;
    if (other === 0) lost++;
    if (other > 1) duplicated++;
    if (echo > 0) echoedCount++;
    if (echo === 0) echoLost++;
    if (echo > 1) echoDuplicated++;
  }
  report({
    t: 'done',
    planned: mine.length,
    unsendable,
    ackMs,
    deliveryMs,
    deliveredN,
    lost: lost - unsendable,
    duplicated,
    echoed: echoedCount,
    echoLost: echoLost - unsendable,
    echoDuplicated,
    nacks,
    stray,
    closedEarly,
    loadSeconds,
    drainSeconds,
    eventLoopDelayMs: {
      p50: round(lag.percentile(50) / 1e6),
      p99: round(lag.percentile(99) / 1e6),
      max: round(lag.max / 1e6),
    },
  });
}

process.on('message', (command: ChildCommand) => {
  void (async () => {
    if (command.t === 'init') {
      ({ clients, wsUrls, width } = command);
      sockets = clients.map(() => null);
      report({ t: 'ready' });
    } else if (command.t === 'connect') {
      const t0 = performance.now();
      retried503 = 0;
      await pool(command.indices, width, connect);
      const perServer: [number, number] = [0, 0];
      for (const i of command.indices) if (sockets[i]) perServer[clients[i]?.server ?? 0]++;
      report({ t: 'connected', perServer, retried503, seconds: (performance.now() - t0) / 1000 });
    } else if (command.t === 'warm') {
      for (const i of command.indices)
        sockets[i]?.send(
          JSON.stringify({ t: 'send', ref: 'warm', groupId: clients[i]?.groupId, kind: 'text', body: 'warm-up' }),
        );
      report({ t: 'warmed' });
    } else if (command.t === 'close') {
      await closeAll(command.indices);
      report({ t: 'closed' });
    } else if (command.t === 'load') await load(command);
    else if (command.t === 'exit') {
      for (const s of sockets) s?.terminate();
      process.exit(0);
    }
  })().catch((error: unknown) => {
    console.error(`chat-clients: ${String(error)}`);
    process.exit(1);
  });
});
process.on('disconnect', () => process.exit(0));
