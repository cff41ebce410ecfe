import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publishCoin } from '@app/protocol/calls/consignment';
import { gameTokenLogin } from '@app/protocol/calls/game';
import { identification } from '@app/protocol/calls/identity';
import { h5sdkVerifyCode } from '@app/protocol/calls/market';
import { h5sdkOrderPlace, orderInfo } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import { bindPhone, sendSms } from '@app/protocol/calls/user';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, type RunningServer, startServer } from '../../../tests/start-server';
import type { AppDb, Database } from '../src/database';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { fenToYuanText } from '../src/modules/payments/pay-gateway';
import { SANDBOX_APP_ID, SANDBOX_SELLER_ID, sandboxSign } from '../src/modules/payments/sandbox-gateway';
import { openDatabase } from '../src/platform/db/database';
import {
  createTestClient,
  expectCode,
  freshDatabase,
  idNumber,
  type TestClient,
  type TestDatabase,
  testDb,
} from './helpers';

/**
 * The real server as a child process, killed (SIGKILL) between a committed payment and the
 * delivery to the game, then restarted on the same data: the order is delivered once, a repeated
 * notification and further sweeps change nothing, and the books balance. PGlite: the child's own
 * folder; PostgreSQL (TEST_DB=postgres): a fresh database of its own, dropped at the end.
 */

const COIN_TYPE = 2;
const COIN_NAME = '金币';
const COIN_NUM = 20_000;
const PRICE = 800;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-crash-'));
let pg: TestDatabase | null = null;
let server: RunningServer | null = null;

afterAll(async () => {
  await server?.kill();
  await pg?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The tests' own client (helpers.ts), speaking to the child over HTTP instead of inject. */
function overHttp(baseUrl: string): FastifyInstance {
  const inject = async (req: { method: string; url: string; headers?: Record<string, string>; payload?: string }) => {
    const res = await fetch(`${baseUrl}${req.url}`, {
      method: req.method,
      ...(req.headers ? { headers: req.headers } : {}),
      ...(req.payload === undefined ? {} : { body: req.payload }),
    });
    const text = await res.text();
    return { statusCode: res.status, body: text, json: () => JSON.parse(text) };
  };
  return { inject } as unknown as FastifyInstance;
}

async function hook<T>(baseUrl: string, pathname: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code?: string; ok?: boolean; data: T };
  if (json.code !== '200' && json.ok !== true) throw new Error(`${pathname} answered ${JSON.stringify(json)}`);
  return json.data;
}

interface GameLogin {
  gameId: string;
  serverId: string;
  gameToken: string;
  roleId: string;
}

let seq = 0;
/** A game account logged into the exchange through the SDK, with a bound phone, a real name and the SDK check. */
async function sdkUser(baseUrl: string, sdk: TestClient, account: string) {
  const info = await hook<GameLogin>(baseUrl, '/demo-game/api/login', { account, password: 'demo123' });
  const pt = { gameId: info.gameId, gameToken: info.gameToken, serverId: info.serverId };
  const login = await sdk.call(gameTokenLogin, pt);
  expectCode(login, '200');
  const { token } = login.data as { token: string };
  const phone = `1320000${String(++seq).padStart(4, '0')}`;
  await sdk.call(sendSms, { smsType: 'phoneLogin', phone });
  const outbox = () => hook<Array<{ code: string; smsType: string }>>(baseUrl, `/dev/sms/outbox?phone=${phone}`);
  const bind = (await outbox()).find((m) => m.smsType === 'phoneLogin');
  expectCode(await sdk.call(bindPhone, { phone, code: bind!.code }, { token }), '200');
  expectCode(
    await sdk.call(identification, { realName: '冯一', idCard: idNumber('19850505', String(700 + seq)) }, { token }),
    '200',
  );
  await sdk.call(sendSms, { smsType: 'verifyCode', phone: 'auto' }, { token });
  const code = (await outbox()).find((m) => m.smsType === 'verifyCode')!.code;
  expect((await sdk.call(h5sdkVerifyCode, { ...pt, code }, { token })).data).toBe(true);
  return { info, pt, token };
}

/** The buyer role's coins of one type, as the demo game shows them to its player. */
async function gameCoins(baseUrl: string, gameToken: string): Promise<number> {
  const res = await fetch(`${baseUrl}/demo-game/api/me`, { headers: { 'x-game-token': gameToken } });
  const me = (await res.json()) as { ok: boolean; data: { selected: { coins: Record<string, number> } } };
  expect(me.ok).toBe(true);
  return me.data.selected.coins[COIN_NAME] as number;
}

/** The child's database: PostgreSQL directly; PGlite in a copy of its folder (so the child's own start recovers the original). */
async function inspect<T>(fn: (db: AppDb) => Promise<T>, { copy }: { copy: boolean }): Promise<T> {
  if (pg) return fn(pg.db);
  let dir = dataDir;
  if (copy) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-crash-copy-'));
    fs.cpSync(path.join(dataDir, 'pglite'), path.join(dir, 'pglite'), { recursive: true });
  }
  const db = await openDatabase<Database>({ dataDir: dir });
  try {
    return await fn(db);
  } finally {
    await db.destroy();
    if (copy) fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('crash between payment and delivery', () => {
  it('the server killed between payment and delivery and restarted: delivery completes once; the books balance', async () => {
    if (testDb === 'postgres') pg = await freshDatabase();
    const env = {
      APP_ENV: 'local',
      WEB_DIST: '/nonexistent',
      DEMO_MARKET: '0',
      // What is tested is the crash, not load shedding (on PostgreSQL it is on by default; a loaded
      // test machine's event loop would shed the test's own calls).
      SHED_EVENT_LOOP_DELAY_MS: '0',
      ...(pg?.url ? { DATABASE_URL: pg.url } : {}),
    };
    const port = await freePort();

    // 1. The server that will die: no sweepers, so only the payment's own delivery could run.
    server = await startServer(port, { ...env, SWEEP_MS: '0', FAULT_KILL_AFTER: 'payment-commit' }, { dataDir });
    const base = server.baseUrl;
    const sdk = await createTestClient(overHttp(base), 'H5SDK');
    const app = await createTestClient(overHttp(base), 'APP');
    const seller = await sdkUser(base, sdk, 'player1');
    const buyer = await sdkUser(base, sdk, 'buyer1');
    const lot = await sdk.call(
      publishCoin,
      { ...seller.pt, coinType: COIN_TYPE, coinNum: COIN_NUM, price: PRICE },
      { token: seller.token },
    );
    expectCode(lot, '200');
    const commodityId = (lot.data as { commodityId: string }).commodityId;
    const placed = await sdk.call(
      h5sdkOrderPlace,
      { ...buyer.pt, commodityId, requestKey: 'crash-restart-1', agreement: true },
      { token: buyer.token },
    );
    expectCode(placed, '200');
    const order = placed.data as { orderId: string; totalAmount: number };
    const pay = await app.call(
      wapAlipay,
      { bizNo: order.orderId, totalAmount: order.totalAmount, payPrice: order.totalAmount },
      { token: buyer.token },
    );
    expectCode(pay, '200');
    const { tradeNo, payUrl } = pay.data as { tradeNo: string; payUrl: string };
    expect(payUrl).toBe(`/sandbox/pay/${tradeNo}`);
    expect((await fetch(`${base}${payUrl}`)).status).toBe(200);
    const coinsBefore = await gameCoins(base, buyer.info.gameToken);

    // 2. The buyer pays in the sandbox cashier: the notification commits the payment, then the process dies.
    const answer = await fetch(`${base}/sandbox/api/pay/${tradeNo}/succeed`, { method: 'POST' }).then(
      () => 'answered',
      () => 'connection lost',
    );
    expect(answer).toBe('connection lost');
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // What the crash left: the payment committed, the order paid and not delivered, the gateway unanswered.
    const crashed = await inspect(
      async (db) => ({
        order: await db
          .selectFrom('orders')
          .select(['status', 'delivered_at'])
          .where('id', '=', Number(order.orderId))
          .executeTakeFirstOrThrow(),
        payment: await db
          .selectFrom('payments')
          .select('status')
          .where('trade_no', '=', tradeNo)
          .executeTakeFirstOrThrow(),
        trade: await db
          .selectFrom('sandbox_trades')
          .select(['status', 'attempts', 'acknowledged_at', 'gateway_trade_no', 'amount_fen'])
          .where('trade_no', '=', tradeNo)
          .executeTakeFirstOrThrow(),
        sandboxSecret: (
          await db
            .selectFrom('settings')
            .select('value')
            .where('key', '=', 'secret.sandboxPay')
            .executeTakeFirstOrThrow()
        ).value as string,
      }),
      { copy: true },
    );
    expect(crashed.order).toEqual({ status: OrderStatus.PAID, delivered_at: null });
    expect(crashed.payment.status).toBe('paid');
    expect(crashed.trade).toMatchObject({ status: 'succeeded', attempts: 0, acknowledged_at: null });

    // 3. Restarted without the fault, on the same data, with its sweepers on (the sandbox resends too).
    server = await startServer(port, { ...env, SWEEP_MS: '300' }, { dataDir });
    const app2 = await createTestClient(overHttp(base), 'APP');
    const info = async () =>
      (await app2.call(orderInfo, { orderId: order.orderId }, { token: buyer.token })).data as {
        status: number;
        statusLabel: string;
        receipt: { kind: string; verified: boolean } | null;
      };
    await expect.poll(async () => (await info()).status, { timeout: 30_000, interval: 200 }).not.toBe(OrderStatus.PAID);
    const delivered = await info();
    expect(delivered).toMatchObject({
      status: OrderStatus.AWAITING_RECEIPT,
      statusLabel: '待收货',
      receipt: { kind: 'coins', verified: true },
    });
    expect(delivered.status).toBe(51);
    // In the game the coins moved once.
    expect(await gameCoins(base, buyer.info.gameToken)).toBe(coinsBefore + COIN_NUM);

    // 4. A sweep and the gateway's notification again change nothing.
    const swept = await hook<{ orders: { delivered: number } }>(base, '/dev/sweep', { aheadMinutes: 0 });
    expect(swept.orders.delivered).toBe(0);
    const params: Record<string, string> = {
      app_id: SANDBOX_APP_ID,
      seller_id: SANDBOX_SELLER_ID,
      out_trade_no: tradeNo,
      trade_no: crashed.trade.gateway_trade_no,
      total_amount: fenToYuanText(Number(crashed.trade.amount_fen)),
      trade_status: 'TRADE_SUCCESS',
      notify_time: new Date().toISOString(),
    };
    params.sign = sandboxSign(crashed.sandboxSecret, params);
    for (let i = 0; i < 2; i++) {
      const resent = await fetch(`${base}/pay/notify/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
      });
      expect(await resent.text()).toBe('success');
    }
    expect(
      (await hook<{ orders: { delivered: number } }>(base, '/dev/sweep', { aheadMinutes: 0 })).orders,
    ).toMatchObject({ delivered: 0 });
    expect(await info()).toMatchObject({ status: OrderStatus.AWAITING_RECEIPT, statusLabel: '待收货' });
    expect(await gameCoins(base, buyer.info.gameToken)).toBe(coinsBefore + COIN_NUM);

    // 5. Stopped: the ledger check of `npm run ledger:check` passes, and the order's money moved once.
    await server.stop();
    const check = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/ledger-check.cli.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, ...(pg?.url ? { DATABASE_URL: pg.url } : {}) },
      encoding: 'utf8',
    });
    expect({ status: check.status, stderr: check.stderr }).toEqual({ status: 0, stderr: '' });
    expect(check.stdout).toMatch(/^ledger balances: /);

    const books = await inspect(
      async (db) => ({
        problems: await checkLedger(db),
        payments: await db
          .selectFrom('payments')
          .select(['trade_no', 'status'])
          .where('purpose', '=', 'order')
          .where('ref', '=', Number(order.orderId))
          .execute(),
        transfers: await db
          .selectFrom('ledger_transfers')
          .select(['key', 'code', 'amount', 'state'])
          .where('order_id', '=', Number(order.orderId))
          .orderBy('id')
          .execute(),
        trades: await db
          .selectFrom('market_trades')
          .select('price_fen')
          .where('commodity_id', '=', Number(commodityId))
          .execute(),
        order: await db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', Number(order.orderId))
          .executeTakeFirstOrThrow(),
      }),
      { copy: false },
    );
    expect(books.problems).toEqual([]);
    expect(books.payments).toEqual([{ trade_no: tradeNo, status: 'paid' }]);
    expect(books.transfers).toEqual([
      { key: `pay:${tradeNo}`, code: 'payment', amount: order.totalAmount, state: 'posted' },
    ]);
    expect(books.trades).toEqual([{ price_fen: PRICE }]);
    expect(books.order.status).toBe(OrderStatus.AWAITING_RECEIPT);
  }, 240_000);
});
