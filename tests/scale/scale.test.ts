import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { commodityList } from '@app/protocol/calls/exchange';
import { coinNum, gameTokenLogin } from '@app/protocol/calls/game';
import { imGroup, tencentUserSig } from '@app/protocol/calls/im';
import { h5sdkOrderPlace, itemConfirm, orderInfo } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import { sendSms } from '@app/protocol/calls/user';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatOn } from './chat-socket';
import { json, ScaleClient, type Tally } from './client';
import { type Deployment, type Node, startDeployment } from './deployment';
import { coinLot, copiesOf, expectOk, type Player, player } from './people';

/**
 * The scale suite (`npm run test:scale`): the scaled deployment of docs/scaled-deployment.md on
 * this machine (tests/scale/deployment.ts) driven as clients would drive it, through HAProxy.
 * The files run in order; each part says what it shows.
 */

const APP = { 'x-appid': 'demo-legend' };
let d: Deployment;
let sdk: ScaleClient;
let seller: Player;
let buyer: Player;
/** A third player, made in the sessions test. */
let third: Player;

beforeAll(async () => {
  d = await startDeployment();
  sdk = await ScaleClient.boot(d.url);
  seller = await player(d, sdk, 'player1');
  buyer = await player(d, sdk, 'buyer1');
}, 180_000);

afterAll(async () => {
  // A deployment that never started has said why in beforeAll.
  if (!d) return;
  const crashed = d.crashed();
  await d.close();
  // Every process ended when the suite stopped it, never on its own.
  expect(crashed).toBeNull();
}, 60_000);

const nodeOf = (name: string) => d.nodes.find((n) => n.name === name) as Node;

/** Polls until `ok` answers true (the suite waits for effects, never for a time). */
async function until(what: string, ok: () => Promise<boolean>): Promise<void> {
  for (let i = 0; ; i++) {
    const crashed = d.crashed();
    if (crashed) throw new Error(`${what}: a process crashed: ${crashed}`);
    if (await ok()) return;
    if (i > 1200) throw new Error(`${what}: never happened`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const as = (p: Player) => ({ token: p.token, headers: { ...APP, 'x-forwarded-for': p.address } });

/**
 * A player's coins in the game, over all his roles. The set-up calls retry a shed call (503), as a
 * client would: a loaded machine sheds one now and then, and the cases measure their own traffic.
 */
const coinsOf = async (p: Player) =>
  (
    expectOk(await sdk.call(coinNum, p.pt, { ...as(p), retry: true }), 'coinNum') as { list: Array<{ total: number }> }
  ).list.reduce((sum, c) => sum + c.total, 0);

/** The seller's and the third player's roles online in the game (it holds a role online 30 s after its last heartbeat). */
const online = async () => {
  for (const p of [seller, third])
    await fetch(`${d.gameUrl}/api/heartbeat`, { method: 'POST', headers: { 'x-game-token': p.pt.gameToken } });
};

/** A lot of 1,000 coins per price listed by the seller, ordered by the third player and taken to the cashier. */
async function atCashier(prices: number[], keyPrefix: string): Promise<Array<{ orderId: string; tradeNo: string }>> {
  const orders: Array<{ orderId: string; tradeNo: string }> = [];
  for (const price of prices) {
    const commodityId = await coinLot(sdk, seller, price, 1_000);
    const placed = await sdk.call(
      h5sdkOrderPlace,
      { ...third.pt, commodityId, requestKey: `${keyPrefix}-${commodityId}`, agreement: true },
      { ...as(third), retry: true },
    );
    const order = expectOk(placed, 'h5sdkOrderPlace') as { orderId: string; totalAmount: number };
    const pay = await sdk.call(
      wapAlipay,
      { bizNo: order.orderId, totalAmount: order.totalAmount, payPrice: order.totalAmount },
      { ...as(third), retry: true },
    );
    orders.push({ orderId: order.orderId, tradeNo: (expectOk(pay, 'wapAlipay') as { tradeNo: string }).tradeNo });
  }
  return orders;
}

/** `npm run ledger:check` against the deployment's database. */
const ledgerCheck = () =>
  spawnSync('npm', ['run', '-s', 'ledger:check'], {
    env: { ...process.env, DATABASE_URL: d.databaseUrl },
    encoding: 'utf8',
  });

describe("a buyer's whole path through the balancer", () => {
  it('login, list, order, pay through the sandbox notification, delivery, confirm: consecutive calls on different processes', async () => {
    const nodes: string[] = [...seller.nodes, ...buyer.nodes];
    const as = (p: Player) => ({ token: p.token, headers: { ...APP, 'x-forwarded-for': p.address } });
    const commodityId = await coinLot(sdk, seller, 12_300);
    const listed = await sdk.call(commodityList, { coinType: 2, sort: 'newest' }, as(buyer));
    nodes.push(listed.node ?? '-');
    expect(expectOk(listed, 'commodityList').list.map((c) => String(c.id))).toContain(commodityId);
    const placed = await sdk.call(
      h5sdkOrderPlace,
      { ...buyer.pt, commodityId, requestKey: `path-${randomBytes(4).toString('hex')}`, agreement: true },
      as(buyer),
    );
    nodes.push(placed.node ?? '-');
    const order = expectOk(placed, 'h5sdkOrderPlace') as { orderId: string; totalAmount: number };
    const pay = await sdk.call(
      wapAlipay,
      { bizNo: order.orderId, totalAmount: order.totalAmount, payPrice: order.totalAmount },
      as(buyer),
    );
    nodes.push(pay.node ?? '-');
    const { tradeNo } = expectOk(pay, 'wapAlipay') as { tradeNo: string };
    // The buyer pays in the sandbox cashier: the signed notification commits the payment, the game delivers.
    const paid = await json<{ code?: string; ok?: boolean }>(`${d.url}/sandbox/api/pay/${tradeNo}/succeed`, {});
    expect(paid.status).toBe(200);
    nodes.push(paid.node ?? '-');
    const status = async () => {
      const info = await sdk.call(orderInfo, { orderId: order.orderId }, as(buyer));
      nodes.push(info.node ?? '-');
      return (expectOk(info, 'orderInfo') as { status: number }).status;
    };
    await until('delivered', async () => (await status()) === OrderStatus.AWAITING_RECEIPT);
    const confirmed = await sdk.call(itemConfirm, { orderId: order.orderId }, as(buyer));
    nodes.push(confirmed.node ?? '-');
    expect(expectOk(confirmed, 'itemConfirm')).toMatchObject({ statusLabel: '交易成功' });

    // Round-robin: no two consecutive calls of the path on the same process, and every process served.
    console.info(`scale: the buyer's path took ${nodes.length} calls on nodes ${nodes.join('')}`);
    expect(nodes.every((n) => n !== '-')).toBe(true);
    for (let i = 1; i < nodes.length; i++) expect(nodes[i], `call ${i}`).not.toBe(nodes[i - 1]);
    expect(new Set(nodes)).toEqual(new Set(d.nodes.map((n) => n.name)));
  });
});

describe('what the processes share through Redis', () => {
  it('an SMS cooldown and the per-address SMS cap hit across processes', async () => {
    const headers = { 'x-forwarded-for': '10.2.0.1' };
    const phone = '13700000001';
    const first = await sdk.call(sendSms, { smsType: 'phoneLogin', phone }, { headers });
    expectOk(first, 'first code');
    const again = await sdk.call(sendSms, { smsType: 'phoneLogin', phone }, { headers });
    expect(again.node).not.toBe(first.node);
    expect(again.code).toBe('10005');
    expect(again.msg).toMatch(/^发送过于频繁，请\d+秒后再试$/);

    // 20 codes an hour per address (every phone together), counted by every process together.
    const served = new Set<string>([first.node ?? '-']);
    for (let i = 2; i <= 20; i++) {
      const sent = await sdk.call(
        sendSms,
        { smsType: 'phoneLogin', phone: `137000000${String(i).padStart(2, '0')}` },
        { headers },
      );
      expectOk(sent, `code ${i}`);
      served.add(sent.node ?? '-');
    }
    expect(served.size).toBe(d.nodes.length);
    const capped = await sdk.call(sendSms, { smsType: 'phoneLogin', phone: '13700000021' }, { headers });
    expect(capped.code).toBe('20104');
  });

  it('a nonce used on one process is refused on another', async () => {
    // One sealed request, sent twice, straight to two different processes.
    const url = sdk.sealedGet(commodityList, { pageSize: 1 });
    const [a, b] = d.nodes;
    const once = await fetch(`${a!.url}${url}`, { headers: { 'x-source': 'H5SDK', ...APP } });
    expect(((await once.json()) as { code: string }).code).toBe('200');
    const replay = await fetch(`${b!.url}${url}`, { headers: { 'x-source': 'H5SDK', ...APP } });
    expect(replay.headers.get('x-node')).toBe(b!.name);
    expect(((await replay.json()) as { code: string }).code).toBe('10001');
  });

  it('the per-client API limit counts the calls every process took', async () => {
    // A session of its own (the limit counts per session): 100 calls per 10 s (production's
    // value), 110 sent at once through the balancer. A process under pressure sheds a call (503)
    // before the limit counts it: the client sends that one again, as a real one would.
    const login = await sdk.call(gameTokenLogin, buyer.pt, { headers: { 'x-forwarded-for': buyer.address } });
    const { token } = expectOk(login, 'gameTokenLogin') as { token: string };
    const client = sdk.at(sdk.baseUrl);
    const answers = await Promise.all(
      Array.from({ length: 110 }, () =>
        client.call(
          commodityList,
          { pageSize: 1 },
          { token, retry: true, headers: { ...APP, 'x-forwarded-for': buyer.address } },
        ),
      ),
    );
    console.info(`scale: per-client limit: 110 calls, ${client.tally.retried} sent again after a 503`);
    const taken = answers.filter((a) => a.code === '200');
    const refused = answers.filter((a) => a.status === 429 && a.code === '10005');
    expect(taken.length).toBe(100);
    expect(refused.length).toBe(10);
    expect(new Set(taken.map((a) => a.node)).size).toBe(d.nodes.length);
  });

  it('a session made on one process is used on another', async () => {
    third = await player(d, sdk, 'player2');
    const fresh = third;
    const [made] = fresh.nodes;
    const elsewhere = d.nodes.find((n) => n.name !== made)!;
    const info = await sdk.at(elsewhere.url).call(orderInfo, { orderId: '1' }, { token: fresh.token });
    expect(info.node).toBe(elsewhere.name);
    // Known there: not "登录超时" (50000/20118), but the order's own refusal.
    expect(['50000', '20118']).not.toContain(info.code);
    const { body } = await json<{ data: unknown }>(`${elsewhere.url}/health/ready`);
    expect(body).toEqual({ status: 'ok' });
  });

  it('a chat message sent through node A reaches a socket on node B', async () => {
    // The order of the buyer's path has its chat group, buyer and seller in it.
    const orderId = (
      await d.db.query<{ id: number }>('select id from orders where buyer_user_id = $1 order by id limit 1', [
        buyer.userId,
      ])
    ).rows[0]!.id;
    const group = expectOk(await sdk.call(imGroup, { orderId: String(orderId) }, { token: buyer.token }), 'imGroup');
    const [a, b] = d.nodes as [Node, Node];
    const buyerSocket = await chatOn(a, expectOk(await sdk.call(tencentUserSig, {}, { token: buyer.token }), 'sig'));
    const sellerSocket = await chatOn(b, expectOk(await sdk.call(tencentUserSig, {}, { token: seller.token }), 'sig'));
    buyerSocket.send({ t: 'send', ref: 'x1', groupId: group.groupId, kind: 'text', body: '跨节点你好' });
    const ack = await buyerSocket.next((f) => f.t === 'ack');
    const got = await sellerSocket.next((f) => f.t === 'msg' && f.message.body === '跨节点你好');
    expect(got).toMatchObject({ t: 'msg', message: { groupId: group.groupId, sender: buyer.uid } });
    expect(ack).toMatchObject({ t: 'ack', ref: 'x1' });
    buyerSocket.close();
    sellerSocket.close();
  });
});

describe('deadline sweeps', () => {
  it('run in one process at a time: each expiry once, all by the leader; another process takes over when it stops', async () => {
    const lot = await coinLot(sdk, seller, 4_500, 1_000);
    const stock = await copiesOf(d, lot, 12);
    const swept = (node: Node) =>
      d
        .logOf(node)
        .filter((l) => l.sweep === 'orders')
        .reduce((sum, l) => sum + Number(l.expired ?? 0), 0);

    /** K unpaid orders, their deadlines moved into the past: waits until the sweeper ended them all. */
    const expireSome = async (listings: number[]) => {
      const before = new Map(d.nodes.map((n) => [n.name, swept(n)]));
      const ids: number[] = [];
      for (const commodityId of listings) {
        const placed = await sdk.call(
          h5sdkOrderPlace,
          { ...buyer.pt, commodityId: String(commodityId), requestKey: `sweep-order-${commodityId}`, agreement: true },
          { token: buyer.token, headers: { 'x-forwarded-for': buyer.address } },
        );
        ids.push(Number((expectOk(placed, 'order') as { orderId: string }).orderId));
      }
      await d.db.query(`update orders set expires_at = now() - interval '1 second' where id = any($1)`, [ids]);
      await until('the unpaid orders swept', async () => {
        const { rows } = await d.db.query<{ n: string }>(
          'select count(*) as n from orders where id = any($1) and status = $2',
          [ids, OrderStatus.PAYMENT_TIMEOUT],
        );
        return Number(rows[0]!.n) === ids.length;
      });
      // Each listing back on sale once; each order ended by one sweep of one process.
      const { rows } = await d.db.query<{ status: number }>('select status from commodities where id = any($1)', [
        listings,
      ]);
      expect(rows.every((r) => r.status === ListingStatus.ON_SALE)).toBe(true);
      await until(
        'the sweep logged',
        async () => d.nodes.reduce((s, n) => s + swept(n), 0) - sum(before) >= ids.length,
      );
      const byNode = d.nodes.map((n) => [n.name, swept(n) - (before.get(n.name) ?? 0)] as const);
      console.info(`scale: ${ids.length} expiries swept, by node: ${byNode.map(([n, k]) => `${n}=${k}`).join(' ')}`);
      expect(byNode.reduce((s, [, k]) => s + k, 0)).toBe(ids.length);
      const sweepers = byNode.filter(([, k]) => k > 0);
      expect(sweepers.length).toBe(1);
      return sweepers[0]![0];
    };
    const sum = (m: Map<string, number>) => [...m.values()].reduce((s, k) => s + k, 0);

    const leader = await expireSome(stock.slice(0, 6));
    // The leader stops: another process leads from its next tick on.
    const stopped = nodeOf(leader);
    expect(await d.stopNode(stopped)).toEqual({ code: 0, signal: null });
    const next = await expireSome(stock.slice(6, 12));
    expect(next).not.toBe(leader);
    await d.startNode(stopped);
    // Every process that led said so in its log; never two at once (the lock is one).
    const leads = d.nodes.filter((n) => d.logOf(n).some((l) => l.msg === 'leads the deadline sweeps'));
    expect(leads.map((n) => n.name).sort()).toEqual([leader, next].sort());
  });
});

interface Load {
  tally: Tally;
  /** Orders the client was told were placed: request key → order id. */
  placed: Map<string, string>;
  /** Calls that failed with a clear answer (HTTP status and code), by kind. */
  refusals: Map<string, number>;
  stop(): Promise<void>;
}

/**
 * Clients buying while the deployment changes: each worker reads the list and places an order on
 * the next listing of the stock with a request key of its own, retrying a call no process answered
 * for with the same key (when `retry`).
 */
function load(buyers: Array<{ player: Player; tokens: string[] }>, stock: number[], retry: boolean): Load {
  const tally: Tally = { requests: 0, retried: 0, failed: 0 };
  const placed = new Map<string, string>();
  const refusals = new Map<string, number>();
  let running = true;
  let next = 0;
  const workers = buyers.map(async ({ player: b, tokens }, w) => {
    const client = await ScaleClient.boot(d.url);
    // The worker's calls spread over its buyer's sessions, each under the per-session limit.
    let turn = 0;
    const as = () => ({
      token: tokens[turn++ % tokens.length],
      headers: { ...APP, 'x-forwarded-for': b.address },
      retry,
    });
    const note = (a: { status: number; code: string; msg?: string }) => {
      if (a.code === '200') return;
      // The uniform 10000 by its code; any other answer with its words, to say what it was.
      const key = `${a.status}/${a.code || '-'}${a.code !== '10000' && a.msg ? ` ${a.msg}` : ''}`;
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
    };
    for (let i = 0; running; i++) {
      note(await client.call(commodityList, { pageSize: 5, coinType: 2 }, as()));
      const commodityId = stock[next++];
      if (commodityId === undefined) continue;
      const requestKey = `load-${w}-${i}-${randomBytes(3).toString('hex')}`;
      const answer = await client.call(
        h5sdkOrderPlace,
        { ...b.pt, commodityId: String(commodityId), requestKey, agreement: true },
        as(),
      );
      note(answer);
      if (answer.code === '200') placed.set(requestKey, (answer.data as { orderId: string }).orderId);
      // A 503 (the game's circuit open) answers in a millisecond: a client backs off as Retry-After
      // asks, instead of spinning past the per-session limit (100 calls per 10 s) on ten sessions.
      else if (answer.status === 503) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return client.tally;
  });
  return {
    tally,
    placed,
    refusals,
    async stop() {
      running = false;
      for (const t of await Promise.all(workers)) {
        tally.requests += t.requests;
        tally.retried += t.retried;
        tally.failed += t.failed;
      }
    },
  };
}

/** Orders acknowledged to the client that the database does not hold as answered (once, by their key). */
async function lostOrders(placed: Map<string, string>): Promise<number> {
  if (placed.size === 0) return 0;
  const { rows } = await d.db.query<{ request_key: string; id: number }>(
    'select request_key, id from orders where request_key = any($1)',
    [[...placed.keys()]],
  );
  const held = new Map<string, number[]>();
  for (const r of rows) held.set(r.request_key, [...(held.get(r.request_key) ?? []), Number(r.id)]);
  let lost = 0;
  for (const [key, id] of placed) {
    const ids = held.get(key) ?? [];
    if (ids.length !== 1 || String(ids[0]) !== id) lost++;
  }
  return lost;
}

describe('under load', () => {
  let buyers: Array<{ player: Player; tokens: string[] }>;
  let stock: number[];
  /** The real lot the stock copies (never ordered itself: on sale). */
  let lot: string;

  beforeAll(async () => {
    // Three buyers with ten sessions each (as many devices): the load of one worker stays under
    // the per-session limit (100 calls per 10 s) at the speed of real answers (it backs off on a 503).
    buyers = [];
    for (const p of [buyer, third, await player(d, sdk, 'player3')]) {
      const tokens: string[] = [];
      for (let i = 0; i < 10; i++) {
        const login = await sdk.call(gameTokenLogin, p.pt, { headers: { 'x-forwarded-for': p.address } });
        tokens.push((expectOk(login, 'gameTokenLogin') as { token: string }).token);
      }
      buyers.push({ player: p, tokens });
    }
    lot = await coinLot(sdk, seller, 3_300, 1_000);
    stock = await copiesOf(d, lot, 4_000);
  }, 120_000);

  it('a rolling restart: each process stopped (SIGTERM, drained) and started in turn, nothing failed or lost', async () => {
    const traffic = load(buyers, stock, true);
    const exits: Array<{ code: number | null; signal: NodeJS.Signals | null }> = [];
    for (const node of d.nodes) {
      // Traffic flows on the others before and after each stop.
      const before = traffic.placed.size;
      await until('orders flowing', async () => traffic.placed.size >= before + 20);
      exits.push(await d.stopNode(node));
      const during = traffic.placed.size;
      await until('orders flowing without it', async () => traffic.placed.size >= during + 20);
      await d.startNode(node);
    }
    const after = traffic.placed.size;
    await until('orders flowing after the restarts', async () => traffic.placed.size >= after + 20);
    await traffic.stop();
    const lost = await lostOrders(traffic.placed);
    const refused = [...traffic.refusals].map(([k, n]) => `${k}×${n}`).join(' ') || 'none';
    console.info(
      `scale: rolling restart: requests ${traffic.tally.requests}, retried ${traffic.tally.retried}, failed ${traffic.tally.failed}, lost ${lost} (orders placed ${traffic.placed.size}; other answers: ${refused})`,
    );
    expect(exits).toEqual(d.nodes.map(() => ({ code: 0, signal: null })));
    expect(traffic.tally.failed).toBe(0);
    expect(lost).toBe(0);
    expect(traffic.refusals.size).toBe(0);

    const check = ledgerCheck();
    console.info(`scale: ledger:check: ${check.stdout.trim()}${check.stderr.trim()}`);
    expect(check.status).toBe(0);
    expect(check.stdout).toMatch(/^ledger balances: \d+ accounts, [1-9]\d* fen posted/);
  });

  it('PostgreSQL restarted: calls answer 503 with code 10000 while it is down, and every process recovers by itself', async () => {
    const traffic = load(buyers, stock.slice(-1000), false);
    const before = traffic.placed.size;
    await until('orders flowing', async () => traffic.placed.size >= before + 20);
    await d.stopPostgres();
    // While it is down: a clear answer from the processes, not a hang and not an unexplained 500.
    const down = await sdk.call(commodityList, { pageSize: 5 }, { headers: APP });
    expect({ status: down.status, code: down.code, msg: down.msg }).toEqual({
      status: 503,
      code: '10000',
      msg: '系统繁忙，请稍后再试',
    });
    expect(down.node).not.toBeNull();
    await until('the load saw the outage', async () => (traffic.refusals.get('503/10000') ?? 0) >= 10);
    const placedWhileDown = traffic.placed.size;
    await d.startPostgres();
    // Nothing restarted but PostgreSQL: every process answers again, on its own.
    for (const node of d.nodes) {
      await until(`node ${node.name} recovered`, async () => {
        const answer = await sdk.at(node.url).call(commodityList, { pageSize: 5 }, { headers: APP });
        return answer.code === '200';
      });
      expect((await json<{ status: string }>(`${node.url}/health/ready`)).body).toEqual({ status: 'ok' });
    }
    await until('orders flowing again', async () => traffic.placed.size >= placedWhileDown + 20);
    await traffic.stop();
    const lost = await lostOrders(traffic.placed);
    const refused = [...traffic.refusals].map(([k, n]) => `${k}×${n}`).join(' ');
    console.info(
      `scale: PostgreSQL restart: requests ${traffic.tally.requests}, failed while down ${traffic.tally.failed} (${refused}), lost ${lost}, orders placed ${traffic.placed.size}`,
    );
    expect(lost).toBe(0);
    // Every failure was the clear one: 503 with code 10000.
    expect([...traffic.refusals.keys()]).toEqual(['503/10000']);
    // The sweeps found their leader again.
    const [commodityId] = await copiesOf(d, lot, 1);
    const placed = await sdk.call(
      h5sdkOrderPlace,
      { ...buyer.pt, commodityId: String(commodityId), requestKey: `after-pg-order-${commodityId}`, agreement: true },
      { token: buyer.token, headers: { 'x-forwarded-for': buyer.address } },
    );
    const orderId = Number((expectOk(placed, 'order') as { orderId: string }).orderId);
    await d.db.query(`update orders set expires_at = now() - interval '1 second' where id = $1`, [orderId]);
    await until('swept after the restart', async () => {
      const { rows } = await d.db.query<{ status: number }>('select status from orders where id = $1', [orderId]);
      return rows[0]?.status === OrderStatus.PAYMENT_TIMEOUT;
    });
  });

  it("a game slow, then down, then back: calls answer 503 with 10000 in the game's words, the circuit stops the hammering, paid orders wait and are delivered once when it returns", async () => {
    const step = (what: string) => console.info(`scale: game outage: ${what} at ${new Date().toISOString()}`);
    await online();
    const before = await coinsOf(third);
    // Three orders placed and at the cashier while the game is up.
    const orders = await atCashier([4_100, 4_200, 4_300], 'game-outage');
    // Each refused placement spends a copy: while the circuit is open they are refused in a millisecond.
    const traffic = load(buyers, await copiesOf(d, lot, 4_000), false);
    await until('orders flowing', async () => traffic.placed.size >= 10);
    step('load flowing');
    // The game hangs: its calls time out. The payments arrive meanwhile.
    d.pauseGame();
    step('game paused');
    for (const o of orders) {
      const paid = await json(`${d.url}/sandbox/api/pay/${o.tradeNo}/succeed`, {});
      expect(paid.status).toBe(200);
    }
    step('payments in');
    const slow = await sdk.call(coinNum, third.pt, as(third));
    expect({ status: slow.status, code: slow.code, msg: slow.msg }).toEqual({
      status: 503,
      code: '10000',
      msg: '游戏服务暂时无法连接，请稍后再试',
    });
    // Then it is gone: its port refuses.
    await d.killGame();
    step('game killed');
    await until('the load saw the outage', async () => (traffic.refusals.get('503/10000') ?? 0) >= 5);
    const { rows: waiting } = await d.db.query<{ status: number }>('select status from orders where id = any($1)', [
      orders.map((o) => Number(o.orderId)),
    ]);
    expect(waiting.map((r) => r.status)).toEqual([OrderStatus.PAID, OrderStatus.PAID, OrderStatus.PAID]);
    const placedWhileDown = traffic.placed.size;
    await d.startGame();
    step('game started');
    // Every process finds the game again by itself (its circuit's probe), and the sweep delivers.
    await until('orders flowing again', async () => traffic.placed.size >= placedWhileDown + 10).catch((e: Error) => {
      throw new Error(`${e.message}; answers: ${[...traffic.refusals].map(([k, n]) => `${k}×${n}`).join(' ')}`);
    });
    step('flowing again');
    await until('the paid orders delivered', async () => {
      const { rows } = await d.db.query<{ status: number }>('select status from orders where id = any($1)', [
        orders.map((o) => Number(o.orderId)),
      ]);
      return rows.every((r) => r.status === OrderStatus.AWAITING_RECEIPT);
    });
    await traffic.stop();
    const lost = await lostOrders(traffic.placed);
    const refused = [...traffic.refusals].map(([k, n]) => `${k}×${n}`).join(' ');
    console.info(
      `scale: game outage: requests ${traffic.tally.requests}, failed ${traffic.tally.failed} (${refused}), lost ${lost}, orders placed ${traffic.placed.size}`,
    );
    expect(lost).toBe(0);
    expect([...traffic.refusals.keys()].filter((k) => k !== '503/10000')).toEqual([]);
    // Each order's coins moved once.
    await online();
    expect(await coinsOf(third)).toBe(before + 3 * 1_000);
    expect(ledgerCheck().status).toBe(0);
  });

  it('one process killed (SIGKILL) mid-payment: the notifications reach another process, each order paid and delivered once', async () => {
    await online();
    const before = await coinsOf(third);
    const orders = await atCashier([4_400, 4_500, 4_600, 4_700, 4_800, 4_900], 'sigkill');
    // Node a again, armed to die (SIGKILL) right after a payment's commit, before the game hears of it.
    const victim = nodeOf('a');
    await d.stopNode(victim);
    await d.startNode(victim, { env: { FAULT_KILL_AFTER: 'payment-commit' }, dies: true });
    const exitsBefore = victim.exits.length;
    const traffic = load(buyers, await copiesOf(d, lot, 2_000), true);
    await until('orders flowing', async () => traffic.placed.size >= 10);
    // Every payment reaches node a (its cashier page's button): the first commit kills it, the
    // others are cut wherever they were.
    const answers = await Promise.all(
      orders.map((o) =>
        fetch(`${victim.url}/sandbox/api/pay/${o.tradeNo}/succeed`, { method: 'POST' }).then(
          () => 'answered',
          () => 'connection lost',
        ),
      ),
    );
    await until('node a died', async () => victim.exits.length > exitsBefore);
    expect(victim.exits.at(-1)).toEqual({ code: null, signal: 'SIGKILL' });
    const trades = async () =>
      (
        await d.db.query<{ trade_no: string; status: string; acknowledged: boolean }>(
          'select trade_no, status, acknowledged_at is not null as acknowledged from sandbox_trades where trade_no = any($1)',
          [orders.map((o) => o.tradeNo)],
        )
      ).rows;
    const left = await trades();
    // At least the one whose commit killed it: paid in the database, never acknowledged to the provider.
    const unanswered = left.filter((t) => t.status === 'succeeded' && !t.acknowledged);
    expect(unanswered.length).toBeGreaterThanOrEqual(1);
    // The trades node a never moved: the buyer pays again on the cashier, through the balancer.
    const unpaid = left.filter((t) => t.status === 'open');
    for (const t of unpaid) expect((await json(`${d.url}/sandbox/api/pay/${t.trade_no}/succeed`, {})).status).toBe(200);
    // The provider resends the unanswered notifications (another process's sweep) and the orders are delivered.
    await until('every order delivered', async () => {
      const { rows } = await d.db.query<{ status: number }>('select status from orders where id = any($1)', [
        orders.map((o) => Number(o.orderId)),
      ]);
      return rows.every((r) => r.status === OrderStatus.AWAITING_RECEIPT);
    });
    await until('every notification acknowledged', async () => (await trades()).every((t) => t.acknowledged));
    await d.startNode(victim);
    const after = traffic.placed.size;
    await until('orders flowing after the restart', async () => traffic.placed.size >= after + 10);
    await traffic.stop();
    const lost = await lostOrders(traffic.placed);
    const refused = [...traffic.refusals].map(([k, n]) => `${k}×${n}`).join(' ') || 'none';
    console.info(
      `scale: SIGKILL mid-payment: ${orders.length} payments (${answers.filter((a) => a === 'connection lost').length} cut, ${unanswered.length} committed and unanswered, ${unpaid.length} paid again); load requests ${traffic.tally.requests}, retried ${traffic.tally.retried}, failed ${traffic.tally.failed}, lost ${lost} (orders placed ${traffic.placed.size}; other answers: ${refused})`,
    );
    expect(traffic.tally.failed).toBe(0);
    expect(lost).toBe(0);
    // The calls node a died in answered 502 and were sealed anew: none refused as a replay.
    expect(traffic.refusals.size).toBe(0);
    // One payment per order, and each order's coins moved once.
    const { rows: paid } = await d.db.query<{ n: string }>(
      `select count(*) as n from payments where purpose = 'order' and ref = any($1) and status = 'paid' group by ref`,
      [orders.map((o) => Number(o.orderId))],
    );
    expect(paid.map((p) => Number(p.n))).toEqual(orders.map(() => 1));
    await online();
    expect(await coinsOf(third)).toBe(before + orders.length * 1_000);
    expect(ledgerCheck().status).toBe(0);
  });

  it('Redis gone and back under load: sealed calls answer 503/10000 (replay protection fails closed), every process recovers by itself, nothing acknowledged is lost', async () => {
    const traffic = load(buyers, await copiesOf(d, lot, 2_000), false);
    await until('orders flowing', async () => traffic.placed.size >= 20);
    d.cutRedis();
    const cutAt = Date.now();
    // A sealed call's nonce cannot be checked: refused, clearly, within the client's 2 s timeout.
    const during = await sdk.call(commodityList, { pageSize: 5 }, { headers: APP });
    expect({ status: during.status, code: during.code, msg: during.msg }).toEqual({
      status: 503,
      code: '10000',
      msg: '系统繁忙，请稍后再试',
    });
    await until('the load saw the outage', async () => (traffic.refusals.get('503/10000') ?? 0) >= 10);
    const placedWhileDown = traffic.placed.size;
    d.restoreRedis();
    const restoredAt = Date.now();
    for (const node of d.nodes)
      await until(`node ${node.name} recovered`, async () => {
        const answer = await sdk.at(node.url).call(commodityList, { pageSize: 5 }, { headers: APP });
        return answer.code === '200';
      });
    const recoveredAt = Date.now();
    await until('orders flowing again', async () => traffic.placed.size >= placedWhileDown + 20);
    await traffic.stop();
    const lost = await lostOrders(traffic.placed);
    const refused = [...traffic.refusals].map(([k, n]) => `${k}×${n}`).join(' ');
    console.info(
      `scale: Redis outage: requests ${traffic.tally.requests}, failed ${traffic.tally.failed} (${refused}), lost ${lost}, orders placed ${traffic.placed.size}; down ${restoredAt - cutAt} ms, every process serving ${recoveredAt - restoredAt} ms after it returned`,
    );
    expect(lost).toBe(0);
    expect([...traffic.refusals.keys()]).toEqual(['503/10000']);
    // Replay protection is whole again: a nonce used on one process is refused on another.
    const url = sdk.sealedGet(commodityList, { pageSize: 1 });
    const [a, b] = d.nodes;
    const once = await fetch(`${a!.url}${url}`, { headers: { 'x-source': 'H5SDK', ...APP } });
    expect(((await once.json()) as { code: string }).code).toBe('200');
    const replay = await fetch(`${b!.url}${url}`, { headers: { 'x-source': 'H5SDK', ...APP } });
    expect(((await replay.json()) as { code: string }).code).toBe('10001');
    expect(ledgerCheck().status).toBe(0);
  });

  // Last: from here on the deployment runs on the promoted standby.
  it('the PostgreSQL primary fails over to its synchronous standby: writes during the switch answer 503/10000 and succeed on retry, every process reaches the new primary by itself, nothing acknowledged is lost', async () => {
    const step = (what: string) => console.info(`scale: failover: ${what} at ${new Date().toISOString()}`);
    await d.startStandby();
    step('standby synchronous');
    const [commodityId, expiring] = await copiesOf(d, lot, 2);
    const traffic = load(buyers, await copiesOf(d, lot, 3_000), true);
    await until('orders flowing', async () => traffic.placed.size >= 20);
    step('load flowing');
    await d.crashPrimary();
    const crashedAt = Date.now();
    step('primary crashed');
    // Before the promotion: a write answers the clear 503/10000 (the front has no primary: the
    // standby refuses writes), never a hang or an unexplained 500.
    const order = {
      ...buyer.pt,
      commodityId: String(commodityId),
      requestKey: `failover-${commodityId}`,
      agreement: true as const,
    };
    const byBuyer = { token: buyer.token, headers: { 'x-forwarded-for': buyer.address } };
    const during = await sdk.call(h5sdkOrderPlace, order, byBuyer);
    expect({ status: during.status, code: during.code, msg: during.msg }).toEqual({
      status: 503,
      code: '10000',
      msg: '系统繁忙，请稍后再试',
    });
    const placedBefore = traffic.placed.size;
    await d.promoteStandby();
    const promotedAt = Date.now();
    step('standby promoted');
    // The same request again, by its key: placed now, once.
    const retried = await sdk.call(h5sdkOrderPlace, order, { ...byBuyer, retry: true });
    expectOk(retried, 'the order placed after the failover');
    for (const node of d.nodes)
      await until(`node ${node.name} on the new primary`, async () => {
        const answer = await sdk.at(node.url).call(commodityList, { pageSize: 5 }, { headers: APP });
        return answer.code === '200';
      });
    step('every node answers');
    await until('orders flowing on the new primary', async () => traffic.placed.size >= placedBefore + 30);
    await traffic.stop();
    traffic.placed.set(order.requestKey, (retried.data as { orderId: string }).orderId);
    const lost = await lostOrders(traffic.placed);
    const refused = [...traffic.refusals].map(([k, n]) => `${k}×${n}`).join(' ') || 'none';
    const { rows: role } = await d.db.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
    console.info(
      `scale: primary failover: requests ${traffic.tally.requests}, retried ${traffic.tally.retried}, failed ${traffic.tally.failed}, lost ${lost} (orders placed ${traffic.placed.size}; other answers: ${refused}); crash to promotion ${promotedAt - crashedAt} ms`,
    );
    expect(role[0]?.standby).toBe(false);
    expect(traffic.tally.failed).toBe(0);
    expect(lost).toBe(0);
    expect(traffic.refusals.size).toBe(0);
    // The sweeps lead again, on the new primary.
    const placed = await sdk.call(
      h5sdkOrderPlace,
      { ...order, commodityId: String(expiring), requestKey: `after-failover-${expiring}` },
      { ...byBuyer, retry: true },
    );
    const orderId = Number((expectOk(placed, 'order') as { orderId: string }).orderId);
    await d.db.query(`update orders set expires_at = now() - interval '1 second' where id = $1`, [orderId]);
    await until('swept after the failover', async () => {
      const { rows } = await d.db.query<{ status: number }>('select status from orders where id = $1', [orderId]);
      return rows[0]?.status === OrderStatus.PAYMENT_TIMEOUT;
    });
    expect(ledgerCheck().status).toBe(0);
  });
}, 300_000);
