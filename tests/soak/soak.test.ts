import fs from 'node:fs';
import path from 'node:path';
import { commodityDetail, commodityList } from '@app/protocol/calls/exchange';
import { gameTokenLogin } from '@app/protocol/calls/game';
import { imGroup, tencentUserSig } from '@app/protocol/calls/im';
import { h5sdkOrderPlace } from '@app/protocol/calls/orders';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatOn } from '../scale/chat-socket';
import { ScaleClient } from '../scale/client';
import { type Deployment, startDeployment } from '../scale/deployment';
import { coinLot, copiesOf, expectOk, type Player, player } from '../scale/people';

/**
 * The soak (`npm run bench:soak`, issue 35 item 6): the scaled deployment of the scale suite
 * (HAProxy, three processes, PostgreSQL, Redis, the demo game) under mixed traffic — the list, a
 * listing's detail, order placements and order chat — at half the peak measured first, for
 * SOAK_MINUTES (30). Every SAMPLE_S seconds it reads each process's RSS and event-loop lag from its
 * /metrics and the window's p99; at the end it fits a line through each series and reports the
 * slopes (per hour), with every error, in bench/results/soak.json. Fails on any error.
 */

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const SAMPLE_S = Number(process.env.SOAK_SAMPLE_SECONDS ?? 30);
const PEAK_S = Number(process.env.SOAK_PEAK_SECONDS ?? 20);
const WORKERS = 24;
const APP = { 'x-appid': 'demo-legend' };

let d: Deployment;
let sdk: ScaleClient;

beforeAll(async () => {
  d = await startDeployment();
  sdk = await ScaleClient.boot(d.url);
}, 180_000);
afterAll(async () => {
  if (d) await d.close();
}, 60_000);

interface Session {
  player: Player;
  token: string;
}

/** Least-squares slope of y against x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

const p99 = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] as number;
};

/**
 * Gauges of a process's /metrics, read in one scrape (a loopback scraper may read it; the event-loop
 * histogram restarts at each scrape, so a second scrape would read an empty one).
 */
async function gauges(url: string, names: string[]): Promise<number[]> {
  const lines = (await (await fetch(`${url}/metrics`)).text()).split('\n');
  return names.map((name) => {
    const line = lines.find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
    return line ? Number(line.split(' ').at(-1)) : Number.NaN;
  });
}

it(
  `${MINUTES} minutes of list, detail, orders and chat at half the peak: RSS, event-loop lag and p99 flat, no error`,
  async () => {
    const seller = await player(d, sdk, 'player1');
    const buyers = [await player(d, sdk, 'buyer1'), await player(d, sdk, 'player3'), await player(d, sdk, 'player2')];
    // Ten sessions per buyer (as many devices): each stays under the per-session limit.
    const sessions: Session[] = [];
    for (const b of buyers)
      for (let i = 0; i < 10; i++) {
        const login = await sdk.call(gameTokenLogin, b.pt, { headers: { 'x-forwarded-for': b.address } });
        sessions.push({ player: b, token: (expectOk(login, 'gameTokenLogin') as { token: string }).token });
      }
    const lot = await coinLot(sdk, seller, 3_300, 1_000);
    const detailIds = (await copiesOf(d, lot, 50)).map(String);

    // The chat: buyer1's order of the lot, buyer and seller on sockets of two different processes.
    const [orderFor] = await copiesOf(d, lot, 1);
    const ordered = await sdk.call(
      h5sdkOrderPlace,
      { ...buyers[0]!.pt, commodityId: String(orderFor), requestKey: `soak-chat-${orderFor}`, agreement: true },
      { token: buyers[0]!.token, headers: { ...APP, 'x-forwarded-for': buyers[0]!.address } },
    );
    const orderId = (expectOk(ordered, 'the chat order') as { orderId: string }).orderId;
    const group = expectOk(await sdk.call(imGroup, { orderId }, { token: buyers[0]!.token }), 'imGroup') as {
      groupId: string;
    };
    const [na, nb] = d.nodes;
    const buyerSocket = await chatOn(
      na!,
      expectOk(await sdk.call(tencentUserSig, {}, { token: buyers[0]!.token }), 'sig') as {
        account: string;
        token: string;
      },
    );
    const sellerSocket = await chatOn(
      nb!,
      expectOk(await sdk.call(tencentUserSig, {}, { token: seller.token }), 'sig') as {
        account: string;
        token: string;
      },
    );

    let stock = (await copiesOf(d, lot, 20_000)).map(String);
    let next = 0;
    const errors = new Map<string, number>();
    const error = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
    const clients = await Promise.all(Array.from({ length: WORKERS }, () => ScaleClient.boot(d.url, 'H5SDK', 2)));
    let turn = 0;
    const as = () => {
      const s = sessions[turn++ % sessions.length] as Session;
      // A shed call (503 with Retry-After) or one no process answered is sent again, sealed anew, as
      // the app does; an order by its request key.
      return {
        s,
        options: { token: s.token, headers: { ...APP, 'x-forwarded-for': s.player.address }, retry: true },
      };
    };
    /** One operation of the mix (list 5, detail 3, order 2 in 10): its latency, or an error counted. */
    const op = async (client: ScaleClient, i: number): Promise<number | null> => {
      const { s, options } = as();
      const started = performance.now();
      const kind = i % 10;
      let answer: { code: string; status: number; msg: string };
      if (kind < 5) answer = await client.call(commodityList, { pageSize: 20, coinType: 2 }, options);
      else if (kind < 8)
        answer = await client.call(
          commodityDetail,
          { commodityId: detailIds[i % detailIds.length] as string },
          options,
        );
      else {
        if (next >= stock.length - 100) {
          stock = (await copiesOf(d, lot, 20_000)).map(String);
          next = 0;
        }
        const commodityId = stock[next++] as string;
        answer = await client.call(
          h5sdkOrderPlace,
          { ...s.player.pt, commodityId, requestKey: `soak-${commodityId}`, agreement: true },
          options,
        );
      }
      if (answer.code !== '200') {
        error(`${kind < 5 ? 'list' : kind < 8 ? 'detail' : 'order'}: ${answer.status}/${answer.code} ${answer.msg}`);
        return null;
      }
      return performance.now() - started;
    };

    // How long one call takes alone, through the balancer and at one process (the client's own cost).
    const alone = async (client: ScaleClient) => {
      const t0 = performance.now();
      for (let k = 0; k < 20; k++) await client.call(commodityList, { pageSize: 20, coinType: 2 }, as().options);
      return (performance.now() - t0) / 20;
    };
    console.info(
      `soak: one list call alone: ${(await alone(clients[0] as ScaleClient)).toFixed(1)} ms through the balancer, ${(await alone((clients[0] as ScaleClient).at(na!.url))).toFixed(1)} ms at a process`,
    );

    // 1. The peak: the mix in a closed loop.
    let done = 0;
    const peakUntil = Date.now() + PEAK_S * 1000;
    await Promise.all(
      clients.map(async (client, w) => {
        for (let i = w; Date.now() < peakUntil; i += WORKERS) if ((await op(client, i)) !== null) done++;
      }),
    );
    const peak = done / PEAK_S;
    const rate = peak / 2;
    console.info(
      `soak: peak ${peak.toFixed(0)} operations/s (refused meanwhile: ${JSON.stringify(Object.fromEntries(errors))}); soaking at ${rate.toFixed(0)}/s for ${MINUTES} min`,
    );
    errors.clear();

    // 2. Half of it, in an open loop, with chat, sampled.
    const samples: Array<{
      t: number;
      rssMb: number[];
      lagP99Ms: number[];
      p99Ms: number;
      ops: number;
      chatP99Ms: number;
    }> = [];
    let window: number[] = [];
    let chatWindow: number[] = [];
    let inFlight = 0;
    let behind = 0;
    let total = 0;
    let chats = 0;
    const started = Date.now();
    const end = started + MINUTES * 60_000;
    let i = 0;
    const tick = 20;
    const perTick = (rate * tick) / 1000;
    let owed = 0;
    const pending = new Set<Promise<void>>();
    const launch = () => {
      const client = clients[i % WORKERS] as ScaleClient;
      const k = i++;
      inFlight++;
      const p = op(client, k).then((ms) => {
        inFlight--;
        total++;
        if (ms !== null) window.push(ms);
        pending.delete(p);
      });
      pending.add(p);
    };
    // Chat: one message every 700 ms each way (under 20 per account per 10 s).
    let chatSeq = 0;
    const chat = setInterval(async () => {
      const ref = `soak-${chatSeq++}`;
      const [from, to] = chatSeq % 2 ? [buyerSocket, sellerSocket] : [sellerSocket, buyerSocket];
      const sent = performance.now();
      from.send({ t: 'send', ref, groupId: group.groupId, kind: 'text', body: ref });
      const got = await Promise.race([
        to.next((f) => f.t === 'msg' && f.message.body === ref).then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
      ]);
      if (got) {
        chats++;
        chatWindow.push(performance.now() - sent);
      } else error('chat message not delivered in 10 s');
    }, 700);
    let nextSample = started + SAMPLE_S * 1000;
    while (Date.now() < end) {
      owed += perTick;
      while (owed >= 1) {
        owed--;
        // More than 4 s of work in flight: the deployment is behind; counted, not piled up.
        if (inFlight > rate * 4) behind++;
        else launch();
      }
      if (Date.now() >= nextSample) {
        nextSample += SAMPLE_S * 1000;
        const rssMb: number[] = [];
        const lagP99Ms: number[] = [];
        for (const node of d.nodes) {
          const [rss, lag] = await gauges(node.url, [
            'process_resident_memory_bytes',
            'nodejs_eventloop_lag_p99_seconds',
          ]);
          rssMb.push((rss as number) / 2 ** 20);
          // The histogram samples every 20 ms (metrics.ts): an idle loop reads about 20 ms.
          lagP99Ms.push((lag as number) * 1000);
        }
        const sample = {
          t: (Date.now() - started) / 1000,
          rssMb,
          lagP99Ms,
          p99Ms: p99(window),
          ops: window.length / SAMPLE_S,
          chatP99Ms: p99(chatWindow),
        };
        samples.push(sample);
        console.info(
          `soak: ${Math.round(sample.t)} s: ${sample.ops.toFixed(0)} ops/s, p99 ${sample.p99Ms.toFixed(1)} ms, chat p99 ${sample.chatP99Ms.toFixed(1)} ms, RSS ${rssMb.map((m) => m.toFixed(0)).join('/')} MB, lag p99 ${lagP99Ms.map((m) => m.toFixed(1)).join('/')} ms, errors ${[...errors.values()].reduce((a, b) => a + b, 0)}`,
        );
        window = [];
        chatWindow = [];
      }
      await new Promise((resolve) => setTimeout(resolve, tick));
    }
    clearInterval(chat);
    await Promise.all(pending);
    buyerSocket.close();
    sellerSocket.close();

    // The first sample is the warm-up (caches, JIT, pools filling): the slopes start after it.
    const steady = samples.slice(1);
    const perHour = (pick: (s: (typeof samples)[number]) => number) => slope(steady.map((s) => [s.t / 3600, pick(s)]));
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const result = {
      at: new Date().toISOString(),
      minutes: MINUTES,
      peakOpsPerSecond: Math.round(peak),
      rateOpsPerSecond: Math.round(rate),
      operations: total,
      // Calls sent again after a 503 (shed: Retry-After) or no answer, and those that failed even so.
      retried: clients.reduce((sum, c) => sum + c.tally.retried, 0),
      failedAfterRetries: clients.reduce((sum, c) => sum + c.tally.failed, 0),
      chatMessages: chats,
      behind,
      errors: Object.fromEntries(errors),
      slopesPerHour: {
        rssMb: d.nodes.map((_, n) => Number(perHour((s) => s.rssMb[n] as number).toFixed(2))),
        lagP99Ms: d.nodes.map((_, n) => Number(perHour((s) => s.lagP99Ms[n] as number).toFixed(2))),
        p99Ms: Number(perHour((s) => s.p99Ms).toFixed(2)),
        chatP99Ms: Number(perHour((s) => s.chatP99Ms).toFixed(2)),
      },
      means: {
        rssMb: d.nodes.map((_, n) => Number(mean(steady.map((s) => s.rssMb[n] as number)).toFixed(1))),
        lagP99Ms: d.nodes.map((_, n) => Number(mean(steady.map((s) => s.lagP99Ms[n] as number)).toFixed(2))),
        p99Ms: Number(mean(steady.map((s) => s.p99Ms)).toFixed(2)),
        chatP99Ms: Number(mean(steady.map((s) => s.chatP99Ms)).toFixed(2)),
        opsPerSecond: Number(mean(steady.map((s) => s.ops)).toFixed(1)),
      },
      samples,
    };
    const file = path.resolve('bench/results/soak.json');
    fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.info(`soak: ${JSON.stringify({ ...result, samples: samples.length })}`);
    expect(result.errors).toEqual({});
    expect(behind).toBe(0);
  },
  (MINUTES + 10) * 60_000,
);
