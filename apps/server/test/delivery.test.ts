import { PartnerRefusal } from '@app/game-partner/partner-errors';
import { publishAccount, publishCoin } from '@app/protocol/calls/consignment';
import { itemConfirm, itemReject, orderInfo } from '@app/protocol/calls/orders';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameGateway } from '../src/modules/games/game-gateway';
import { Accounts, balanceOf } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { deliverOrder, sweepDeliveries } from '../src/modules/orders/delivery.service';
import { expectCode, sdkPlayer, useTestApp, useTestClient } from './helpers';
import { opsApi } from './ops-helpers';
import { orderFixture } from './order-fixture';

const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');

const _seq = 0;
const sdkUser = (account: string) => sdkPlayer(t, sdk, account, '1310000');
type User = Awaited<ReturnType<typeof sdkUser>>;

let seller: User;
let buyer: User;
beforeAll(async () => {
  seller = await sdkUser('player2');
  buyer = await sdkUser('buyer1');
  await t.app.inject({
    method: 'POST',
    url: '/demo-game/api/screenshots',
    headers: { 'x-game-token': seller.info.gameToken },
  });
});

const info = async (orderId: string, token = buyer.token) =>
  (await app.call(orderInfo, { orderId }, { token })).data as {
    status: number;
    statusLabel: string;
    receipt: { kind: string; to: string; verified: boolean } | null;
    note: string;
    settleTime: number | null;
  };

const orders = orderFixture(t, { sdk, app }, () => ({ seller, buyer }));
/** Orders and pays through the sandbox (the payment not yet succeeded); answers the order and its trade number. */
async function bought(commodityId: string, key: string) {
  const order = await orders.place(commodityId, key);
  return { ...order, tradeNo: await orders.startPay(order) };
}

describe('delivery, receipt and settlement', () => {
  it('moves the role to the buyer with a signed receipt; confirmation starts 待入账; the window releases the money', async () => {
    const listed = await sdk.call(publishAccount, { ...seller.pt, price: 100_000 }, { token: seller.token });
    const commodityId = (listed.data as { commodityId: string }).commodityId;
    const order = await bought(commodityId, 'deliver-role-1');
    await t.app.inject({ method: 'POST', url: `/sandbox/api/pay/${order.tradeNo}/succeed` });
    await sweepDeliveries({ db: t.db, gateway: t.app.gateway });
    const delivered = await info(order.orderId);
    expect(delivered).toMatchObject({
      status: OrderStatus.AWAITING_RECEIPT,
      statusLabel: '待收货',
      receipt: { kind: 'role', to: 'buyer1', verified: true },
    });
    const { roles } = await t.app.gateway.roles('demo-legend', 'buyer1');
    expect(roles.map((r) => r.id)).toContain(seller.info.roleId);
    const listing = await t.db
      .selectFrom('commodities')
      .select('status')
      .where('id', '=', Number(commodityId))
      .executeTakeFirstOrThrow();
    expect(listing.status).toBe(ListingStatus.INVALID);
    expect(
      await t.db
        .selectFrom('market_trades')
        .select('price_fen')
        .where('commodity_id', '=', Number(commodityId))
        .execute(),
    ).toEqual([{ price_fen: 100_000 }]);

    expectCode(
      await app.call(itemConfirm, { orderId: order.orderId }, { token: seller.token }),
      '10002',
      '只有买家可以确认收货',
    );
    expect((await app.call(itemConfirm, { orderId: order.orderId }, { token: buyer.token })).data).toMatchObject({
      status: 32,
      statusLabel: '交易成功',
    });
    expect(await info(order.orderId, seller.token)).toMatchObject({ status: 32, statusLabel: '待入账' });
    expect(await balanceOf(t.db, Accounts.userAvailable(seller.userId))).toMatchObject({
      incoming: 95_000,
      available: 0,
    });
    expect(await balanceOf(t.db, Accounts.fees)).toMatchObject({ posted: 5_000 });
    expectCode(
      await app.call(itemConfirm, { orderId: order.orderId }, { token: buyer.token }),
      '10002',
      '订单不在待收货状态',
    );

    expect(await sweepDeliveries({ db: t.db, gateway: t.app.gateway })).toMatchObject({ settled: 0 });
    expect(await sweepDeliveries({ db: t.db, gateway: t.app.gateway }, Date.now() + 25 * 3_600_000)).toMatchObject({
      settled: 1,
    });
    expect(await info(order.orderId, seller.token)).toMatchObject({ status: 31, statusLabel: '交易成功（已到账）' });
    expect(await balanceOf(t.db, Accounts.userAvailable(seller.userId))).toMatchObject({
      incoming: 0,
      available: 95_000,
    });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a delivery whose answer was lost is delivered once when the sweeper asks again', async () => {
    const lot = await sdk.call(
      publishCoin,
      { ...sellerCoins().pt, coinType: 2, coinNum: 20_000, price: 800 },
      { token: sellerCoins().token },
    );
    expectCode(lot, '200');
    const order = await bought((lot.data as { commodityId: string }).commodityId, 'deliver-lost-1');
    const coinsBefore = (await t.app.gateway.coins('demo-legend', buyer.info.roleId)).coins[1]!.total;
    // The process dies right after the game moved the coins: the answer never arrives.
    const lossy: GameGateway = {
      ...t.app.gateway,
      transfer: async (...args: Parameters<GameGateway['transfer']>) => {
        await t.app.gateway.transfer(...args);
        throw new Error('connection reset');
      },
    };
    await t.db
      .updateTable('orders')
      .set({ status: 2, paid_at: new Date() })
      .where('id', '=', Number(order.orderId))
      .where('status', '=', 1)
      .execute();
    // (paid directly here: the sandbox would also start a delivery of its own)
    expect(await deliverOrder({ db: t.db, gateway: lossy }, Number(order.orderId))).toBe('retry');
    expect(await info(order.orderId)).toMatchObject({ status: OrderStatus.PAID });
    expect((await t.app.gateway.coins('demo-legend', buyer.info.roleId)).coins[1]!.total).toBe(coinsBefore + 20_000);
    // After the restart the sweeper asks again: the game answers its first transfer; nothing moves twice.
    expect(await sweepDeliveries({ db: t.db, gateway: t.app.gateway })).toMatchObject({ delivered: 1 });
    expect(await sweepDeliveries({ db: t.db, gateway: t.app.gateway })).toMatchObject({ delivered: 0 });
    expect((await t.app.gateway.coins('demo-legend', buyer.info.roleId)).coins[1]!.total).toBe(coinsBefore + 20_000);
    expect(await info(order.orderId)).toMatchObject({ status: 51, receipt: { kind: 'coins', verified: true } });
    expect((await app.call(itemReject, { orderId: order.orderId, reason: '少' }, { token: buyer.token })).code).toBe(
      '10002',
    );
    expect(
      (await app.call(itemReject, { orderId: order.orderId, reason: '数量不对' }, { token: buyer.token })).data,
    ).toMatchObject({
      status: -5,
      statusLabel: '拒绝收货',
      note: '买家拒绝收货：数量不对。客服将介入处理',
    });
  });

  it('a delivery the game refuses returns the order and the money to the buyer’s balance', async () => {
    const lot = await sdk.call(
      publishCoin,
      { ...sellerCoins().pt, coinType: 2, coinNum: 30_000, price: 900 },
      { token: sellerCoins().token },
    );
    const commodityId = (lot.data as { commodityId: string }).commodityId;
    const order = await bought(commodityId, 'deliver-refused-1');
    await t.db
      .updateTable('orders')
      .set({ status: 2, paid_at: new Date() })
      .where('id', '=', Number(order.orderId))
      .where('status', '=', 1)
      .execute();
    // The payment itself, as the notification would have booked it.
    const { transfer } = await import('../src/modules/ledger/ledger');
    await transfer(t.db, {
      key: `pay:test-${order.orderId}`,
      debit: Accounts.gateway('sandbox'),
      credit: Accounts.escrow,
      amount: 900,
      code: 'payment',
      orderId: Number(order.orderId),
    });
    const before = (await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available;
    const refusing: GameGateway = {
      ...t.app.gateway,
      transfer: async () => {
        throw new PartnerRefusal('SERVER_MISMATCH', '买家角色不在同一主服，无法交付');
      },
    };
    expect(await deliverOrder({ db: t.db, gateway: refusing }, Number(order.orderId))).toBe('returned');
    expect(await info(order.orderId)).toMatchObject({
      status: -21,
      statusLabel: '已退回',
      note: '交付失败：买家角色不在同一主服，无法交付，款项已退回余额',
    });
    expect((await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available).toBe(before + 900);
    const listing = await t.db
      .selectFrom('commodities')
      .select('status')
      .where('id', '=', Number(commodityId))
      .executeTakeFirstOrThrow();
    expect(listing.status).toBe(ListingStatus.ON_SALE);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

let coinSeller: User | null = null;
function sellerCoins(): User {
  if (!coinSeller) throw new Error('coin seller not ready');
  return coinSeller;
}
beforeAll(async () => {
  coinSeller = await sdkUser('player1');
});

describe('customer service on a refused receipt', () => {
  // Two customer-service staff members (小王, 小李), logged in to the console.
  const staff = { wang: '', li: '' };
  beforeAll(async () => {
    const desk = opsApi(t);
    staff.wang = (await desk.staffMember('cs-wang', 'cs', '小王')).token;
    staff.li = (await desk.staffMember('cs-li', 'cs', '小李')).token;
  });
  const ops = (orderId: string, body: unknown, who: keyof typeof staff | { token: string } = 'wang') =>
    t.app.inject({
      method: 'POST',
      url: `/ops/v1/orders/${orderId}/resolve`,
      headers: { authorization: `Bearer ${typeof who === 'string' ? staff[who] : who.token}` },
      payload: body as Record<string, unknown>,
    });
  const coinsOf = async (roleId: string) => (await t.app.gateway.coins('demo-legend', roleId)).coins[1]?.total ?? 0; // coin type 2, as listed

  /** Coins bought from the coin seller, delivered by the game, the receipt refused by the buyer: -5. */
  const coinOrders = orderFixture(t, { sdk, app }, () => ({ seller: sellerCoins(), buyer }));
  const refusedCoins = (coinNum: number, price: number) => coinOrders.orderAt('RECEIPT_REFUSED', { coinNum, price });

  it('lists the refused receipts for logged-in staff only, and refuses a malformed decision', async () => {
    const order = await refusedCoins(10_000, 500);
    const anonymous = await t.app.inject({ method: 'GET', url: '/ops/v1/orders/refused' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: '60001', msg: '请先登录客服工作台' });
    // The old shared key opens nothing any more.
    expect((await ops(order.orderId, { decision: 'refund', note: '核实' }, { token: 'demo-ops' })).statusCode).toBe(
      401,
    );
    const listed = await t.app.inject({
      method: 'GET',
      url: '/ops/v1/orders/refused',
      headers: { authorization: `Bearer ${staff.wang}` },
    });
    const row = (listed.json().data.list as Array<{ orderId: string; note: string; paid: number }>).find(
      (r) => r.orderId === order.orderId,
    );
    expect(row).toMatchObject({ note: '买家拒绝收货：数量不对。客服将介入处理', paid: order.totalAmount });
    expect((await ops(order.orderId, { decision: 'refund', note: '' })).json()).toMatchObject({
      code: '10002',
      msg: '请填写处理说明（至少2个字）',
    });
    expect((await ops(order.orderId, { decision: 'maybe', note: '核实过了' })).json()).toMatchObject({
      msg: '请选择处理方式',
    });
    expect((await ops('x1', { decision: 'refund', note: '核实过了' })).json()).toMatchObject({
      msg: '订单号不正确',
    });
    expect(await info(order.orderId)).toMatchObject({ status: -5 });
    // Resolved here so the next cases start from a clean list.
    expect((await ops(order.orderId, { decision: 'confirm', note: '交付无误' })).json().code).toBe('200');
  });

  it('refunds: the game takes the coins back to the seller, the buyer gets what they paid back the way it came; once', async () => {
    const sellerBefore = await coinsOf(sellerCoins().info.roleId);
    const order = await refusedCoins(20_000, 800);
    const buyerHolding = await coinsOf(buyer.info.roleId);
    const balanceBefore = (await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available;
    const res = await ops(order.orderId, { decision: 'refund', note: '买家反馈属实' });
    expect(res.json()).toMatchObject({ code: '200', data: { decision: 'refund' } });
    expect(await coinsOf(buyer.info.roleId)).toBe(buyerHolding - 20_000);
    expect(await coinsOf(sellerCoins().info.roleId)).toBe(sellerBefore);
    expect(await info(order.orderId)).toMatchObject({
      status: -21,
      statusLabel: '已退回',
      note: '客服退款：买家反馈属实（客服 小王），物品已退回卖家，款项已原路退回',
    });
    // Paid through the (sandbox) gateway: 原路退回, the balance unchanged.
    expect((await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available).toBe(balanceBefore);
    const refunds = await t.db
      .selectFrom('refunds')
      .select(['status', 'amount_fen'])
      .where('purpose', '=', 'order')
      .where('ref', '=', Number(order.orderId))
      .execute();
    expect(refunds.map((r) => [r.status, Number(r.amount_fen)])).toEqual([['succeeded', order.totalAmount]]);
    expect(
      await t.db
        .selectFrom('market_trades')
        .select('id')
        .where('commodity_id', '=', Number(order.commodityId))
        .execute(),
    ).toEqual([]);
    // A second decision changes nothing.
    expect((await ops(order.orderId, { decision: 'refund', note: '再退一次' })).json()).toMatchObject({
      code: '10002',
      msg: '订单不在拒绝收货状态',
    });
    expect((await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available).toBe(balanceBefore);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a refund whose answer from the game was lost can only go on as a refund, and moves the coins once', async () => {
    const order = await refusedCoins(15_000, 700);
    const buyerHolding = await coinsOf(buyer.info.roleId);
    const lossy: GameGateway = {
      ...t.app.gateway,
      reclaim: async (...args: Parameters<GameGateway['reclaim']>) => {
        await t.app.gateway.reclaim(...args);
        throw new Error('connection reset');
      },
    };
    const { resolveRefusedReceipt } = await import('../src/modules/orders/customer-service');
    await expect(
      resolveRefusedReceipt({ db: t.db, gateway: lossy }, Number(order.orderId), 'refund', '小王', '核实'),
    ).rejects.toThrow('游戏暂时无法收回，请稍后重试退款');
    expect(await coinsOf(buyer.info.roleId)).toBe(buyerHolding - 15_000);
    expect(await info(order.orderId)).toMatchObject({ status: -5 });
    // The coins went back already: the seller cannot be paid for them too.
    expect((await ops(order.orderId, { decision: 'confirm', note: '交付无误' })).json()).toMatchObject({
      code: '10002',
      msg: '已要求游戏收回物品，只能继续退款',
    });
    expect((await ops(order.orderId, { decision: 'refund', note: '再次退款' })).json().code).toBe('200');
    expect(await coinsOf(buyer.info.roleId)).toBe(buyerHolding - 15_000);
    expect(await info(order.orderId)).toMatchObject({ status: -21 });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a refund racing a confirmation: exactly one decision is taken', async () => {
    for (let i = 0; i < 3; i++) {
      const order = await refusedCoins(5_000 + i, 300);
      const [refund, confirmed] = await Promise.all([
        ops(order.orderId, { decision: 'refund', note: '退款处理' }),
        ops(order.orderId, { decision: 'confirm', note: '确认处理' }, 'li'),
      ]);
      expect([refund.json().code, confirmed.json().code].filter((c) => c === '200')).toHaveLength(1);
      expect((await info(order.orderId)).status).toBe(refund.json().code === '200' ? -21 : 32);
    }
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a refund the game cannot take back changes nothing; confirming sends the seller’s money to 待入账', async () => {
    const order = await refusedCoins(30_000, 900);
    const balanceBefore = (await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available;
    const spent: GameGateway = {
      ...t.app.gateway,
      reclaim: async () => {
        throw new PartnerRefusal('RECLAIM_IMPOSSIBLE', '买家的游戏币已不足，无法退回');
      },
    };
    const { resolveRefusedReceipt } = await import('../src/modules/orders/customer-service');
    await expect(
      resolveRefusedReceipt({ db: t.db, gateway: spent }, Number(order.orderId), 'refund', '小王', '核实'),
    ).rejects.toThrow('游戏无法收回：买家的游戏币已不足，无法退回');
    expect(await info(order.orderId)).toMatchObject({ status: -5 });
    expect((await balanceOf(t.db, Accounts.userAvailable(buyer.userId))).available).toBe(balanceBefore);

    const sellerIncoming = (await balanceOf(t.db, Accounts.userAvailable(sellerCoins().userId))).incoming;
    expect((await ops(order.orderId, { decision: 'confirm', note: '录像显示已到账' }, 'li')).json()).toMatchObject({
      code: '200',
    });
    expect(await info(order.orderId, sellerCoins().token)).toMatchObject({
      status: 32,
      statusLabel: '待入账',
      note: '客服核实交付无误，已确认收货：录像显示已到账（客服 小李）',
    });
    expect((await balanceOf(t.db, Accounts.userAvailable(sellerCoins().userId))).incoming).toBeGreaterThan(
      sellerIncoming,
    );
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
