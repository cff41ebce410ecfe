import type { Transport } from '@app/game-partner/partner-client';
import { coinNum } from '@app/protocol/calls/game';
import { orderInfo } from '@app/protocol/calls/orders';
import { CLIENT_MESSAGES } from '@app/protocol/errors';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { expectCode, sdkPlayer, useTestApp, useTestClient } from './helpers';
import { orderFixture } from './order-fixture';

/**
 * A game slow, then down, then back (issue 35, decision 0073): partner calls give up after their
 * time limit with one retry under the same requestId; the game's circuit opens after calls in a row
 * without an answer and stops calling it; a paid order waits, tells its buyer so, and is delivered
 * once when the game returns, although the game carried out transfers whose answers were lost.
 */
type Mode = 'up' | 'slow' | 'down' | 'answer-lost';
const game = { mode: 'up' as Mode, reached: 0, transfers: 0 };
const wrapPartner =
  (next: Transport): Transport =>
  async (url, init) => {
    if (game.mode === 'down') throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    game.reached++;
    if (url.endsWith('/transfer')) game.transfers++;
    if (game.mode === 'slow')
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const answer = await next(url, init);
    if (game.mode === 'answer-lost') {
      await answer.json();
      throw new Error('socket hang up');
    }
    return answer;
  };

const t = useTestApp(
  {
    PARTNER_TIMEOUT_MS: '200',
    PARTNER_RETRIES: '1',
    PARTNER_BREAKER_FAILURES: '4',
    PARTNER_BREAKER_OPEN_MS: '400',
  },
  { timeout: 120_000, app: { wrapPartner } },
);
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
const GAME = 'demo-legend';
let seller: Awaited<ReturnType<typeof sdkPlayer>>;
let buyer: Awaited<ReturnType<typeof sdkPlayer>>;
const orders = orderFixture(t, { sdk, app }, () => ({ seller, buyer }));

beforeAll(async () => {
  seller = await sdkPlayer(t, sdk, 'player1', '1381100');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1381200');
}, 120_000);

const buyersCoins = async () =>
  (await t.app.gateway.coins(GAME, buyer.info.roleId)).coins.reduce((sum, c) => sum + c.total, 0);
const sweep = () => t.app.inject({ method: 'POST', url: '/dev/sweep', payload: { aheadMinutes: 0 } });

describe('a game that does not answer', () => {
  it('slow: the call gives up after its limit and one retry, and the player reads 503 / 10000 in words he understands', async () => {
    game.mode = 'slow';
    const before = game.reached;
    const res = await sdk.call(coinNum, seller.pt, { token: seller.token });
    expectCode(res, '10000', CLIENT_MESSAGES.gameUnavailable);
    expect(res.status).toBe(503);
    expect(game.reached - before).toBe(2);
    game.mode = 'up';
    expectCode(await sdk.call(coinNum, seller.pt, { token: seller.token }), '200');
    expect(t.app.gateway.unreachable(GAME)).toBe(false);
  });

  it('down: after four calls in a row without an answer the circuit opens and no call goes out until a probe succeeds', async () => {
    game.mode = 'down';
    expectCode(await sdk.call(coinNum, seller.pt, { token: seller.token }), '10000');
    expectCode(await sdk.call(coinNum, seller.pt, { token: seller.token }), '10000');
    expect(t.app.gateway.unreachable(GAME)).toBe(true);
    game.mode = 'up';
    const before = game.reached;
    const refused = await sdk.call(coinNum, seller.pt, { token: seller.token });
    expectCode(refused, '10000', CLIENT_MESSAGES.gameUnavailable);
    expect(game.reached).toBe(before);
    // Once the circuit's time is up, one probe goes out; its answer closes the circuit.
    await expect
      .poll(async () => (await sdk.call(coinNum, seller.pt, { token: seller.token })).code, { timeout: 10_000 })
      .toBe('200');
    expect(t.app.gateway.unreachable(GAME)).toBe(false);
  });
});

describe('a paid order while the game is away', () => {
  it('waits, says so to the buyer, and is delivered once when the game returns, although lost answers hid transfers the game made', async () => {
    const coinsBefore = await buyersCoins();
    const commodityId = await orders.listCoins(5_000, 10_000);
    const order = await orders.place(commodityId);
    const tradeNo = await orders.startPay(order);
    // The game carries out the transfer but its answers never arrive: the outcome is unknown.
    game.mode = 'answer-lost';
    const transfersBefore = game.transfers;
    await orders.succeed(tradeNo);
    await sweep();
    expect(await orders.status(order.orderId)).toBe(OrderStatus.PAID);
    expect(game.transfers - transfersBefore).toBeGreaterThanOrEqual(2);
    // Then the game is down altogether.
    game.mode = 'down';
    await sweep();
    await sweep();
    expect(await orders.status(order.orderId)).toBe(OrderStatus.PAID);
    // A minute on, the buyer reads that the delivery waits for the game.
    await t.db
      .updateTable('orders')
      .set({ paid_at: new Date(Date.now() - 120_000) })
      .where('id', '=', Number(order.orderId))
      .execute();
    const waiting = await app.call(orderInfo, { orderId: order.orderId }, { token: buyer.token });
    expect(waiting.data).toMatchObject({ status: OrderStatus.PAID, note: CLIENT_MESSAGES.deliveryWaiting });
    const sellerView = await app.call(orderInfo, { orderId: order.orderId }, { token: seller.token });
    expect((sellerView.data as { note: string }).note).toBe('');
    // The game returns: the sweep's next try after the circuit's probe delivers it.
    game.mode = 'up';
    await expect
      .poll(
        async () => {
          await sweep();
          return orders.status(order.orderId);
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(OrderStatus.AWAITING_RECEIPT);
    expect(await buyersCoins()).toBe(coinsBefore + 10_000);
    const delivered = await app.call(orderInfo, { orderId: order.orderId }, { token: buyer.token });
    expect((delivered.data as { note: string }).note).toBe('');
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
