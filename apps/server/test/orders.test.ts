import { publishAccount, publishCoin } from '@app/protocol/calls/consignment';
import { couponList, joinEvent } from '@app/protocol/calls/coupon';
import {
  cancelOrder,
  changeOrderCoupon,
  commodityIsMyOrder,
  getFinishBuyOrderList,
  getSellOrderList,
  h5sdkOrderPlace,
  itemConfirm,
  orderInfo,
  orderPlace,
} from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameGateway } from '../src/modules/games/game-gateway';
import { Accounts, balanceOf } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { sweepDeliveries } from '../src/modules/orders/delivery.service';
import {
  changeOrderCoupon as changeCouponService,
  expireUnpaidOrders,
  placeOrder,
} from '../src/modules/orders/order.service';
import { demoGameLogin, expectCode, loginAs, sdkPlayer, useTestApp, useTestClient } from './helpers';
import { orderFixture } from './order-fixture';

const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');

const _seq = 0;
/** A player in the SDK view with a bound phone and real name (and the sale lock open to sell). */
const sdkUser = (account: string, on = { t, sdk }) => sdkPlayer(on.t, on.sdk, account, '1370000');

const listingStatus = async (id: string) =>
  (await t.db.selectFrom('commodities').select('status').where('id', '=', Number(id)).executeTakeFirstOrThrow()).status;

describe('placing an order', () => {
  let seller: Awaited<ReturnType<typeof sdkUser>>;
  let buyer: Awaited<ReturnType<typeof sdkUser>>;
  let roleListing: string;
  beforeAll(async () => {
    seller = await sdkUser('player2');
    await t.app.inject({
      method: 'POST',
      url: '/demo-game/api/screenshots',
      headers: { 'x-game-token': seller.info.gameToken },
    });
    const res = await sdk.call(publishAccount, { ...seller.pt, price: 100_000 }, { token: seller.token });
    expectCode(res, '200');
    roleListing = (res.data as { commodityId: string }).commodityId;
    buyer = await sdkUser('buyer1');
  });

  it('checks the buyer, reserves the listing once, resumes the same order, cancels', async () => {
    const noPhone = await t.db
      .insertInto('users')
      .values({ uid: '82000001', mobile: null, nickname: 'x', avatar: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { issueSession } = await import('../src/platform/auth/sessions');
    const noPhoneToken = await issueSession(t.db, noPhone.id, 'APP', 1);
    const place = (token: string, extra: Record<string, unknown> = {}) =>
      app.call(
        orderPlace,
        {
          commodityId: roleListing,
          requestKey: `k-${token.slice(0, 12)}-1`,
          agreement: true,
          gameAccountId: 'buyer1',
          ...extra,
        } as never,
        { token },
      );
    expectCode(await place(noPhoneToken), '10002', '请先绑定手机号');
    const plain = await loginAs(t, '13700009999');
    expectCode(await place(plain.token), '10002', '请先完成实名认证');
    expectCode(await place(buyer.token, { agreement: false }), '10002', '请先阅读并同意交易规则');
    expectCode(await place(seller.token), '40002');
    expectCode(await place(buyer.token, { gameAccountId: 'player1' }), '10002', '请选择您已登录过的游戏账号收货');

    const first = await place(buyer.token);
    expectCode(first, '200');
    const order = first.data as {
      orderId: string;
      status: number;
      totalAmount: number;
      expireTime: number;
      statusLabel: string;
    };
    expect(order).toMatchObject({ status: OrderStatus.AWAITING_PAYMENT, totalAmount: 100_000, statusLabel: '待支付' });
    expect(order.expireTime - Date.now() / 1000).toBeGreaterThan(14 * 60);
    expect(await listingStatus(roleListing)).toBe(ListingStatus.SELLING);
    // The same key, and a new key while unpaid: the same order.
    expect(((await place(buyer.token)).data as { orderId: string }).orderId).toBe(order.orderId);
    expect(((await place(buyer.token, { requestKey: 'another-key-1' })).data as { orderId: string }).orderId).toBe(
      order.orderId,
    );
    expect((await app.call(commodityIsMyOrder, { commodityId: roleListing }, { token: buyer.token })).data).toEqual({
      orderId: order.orderId,
      status: 1,
    });
    // Someone else now: taken.
    const other = await sdkUser('player3');
    expectCode(
      await sdk.call(
        h5sdkOrderPlace,
        { ...other.pt, commodityId: roleListing, requestKey: 'other-key-1', agreement: true },
        { token: other.token },
      ),
      '40010',
    );
    // Another buyer sending the first buyer's request key gets no one's order but is told it was taken.
    expectCode(
      await sdk.call(
        h5sdkOrderPlace,
        { ...other.pt, commodityId: roleListing, requestKey: `k-${buyer.token.slice(0, 12)}-1`, agreement: true },
        { token: other.token },
      ),
      '40010',
    );
    // The seller sees it with the seller's words.
    expect((await app.call(orderInfo, { orderId: order.orderId }, { token: seller.token })).data).toMatchObject({
      role: 'seller',
      statusLabel: '等待买家付款',
      sellerFee: 5_000,
      sellerReceive: 95_000,
    });
    expectCode(await app.call(orderInfo, { orderId: order.orderId }, { token: other.token }), '10002', '订单不存在');

    expectCode(
      await app.call(cancelOrder, { orderId: order.orderId }, { token: seller.token }),
      '10002',
      '只有买家可以取消订单',
    );
    expect((await app.call(cancelOrder, { orderId: order.orderId }, { token: buyer.token })).data).toMatchObject({
      status: OrderStatus.CANCELLED,
      statusLabel: '取消订单',
    });
    expectCode(
      await app.call(cancelOrder, { orderId: order.orderId }, { token: buyer.token }),
      '10002',
      '订单已支付或已关闭，无法取消',
    );
    expect(await listingStatus(roleListing)).toBe(ListingStatus.ON_SALE);
    // The cancelled order's request key again, the listing on sale: still that order, nothing reserved.
    const ordersOfListing = async () =>
      (await t.db.selectFrom('orders').select('id').where('commodity_id', '=', Number(roleListing)).execute()).length;
    const before = await ordersOfListing();
    expect((await place(buyer.token)).data).toMatchObject({ orderId: order.orderId, status: OrderStatus.CANCELLED });
    expect(await listingStatus(roleListing)).toBe(ListingStatus.ON_SALE);
    expect(await ordersOfListing()).toBe(before);

    // An unpaid order past its deadline ends 支付超时 and the listing is on sale again.
    const again = (
      await sdk.call(
        h5sdkOrderPlace,
        { ...other.pt, commodityId: roleListing, requestKey: 'other-key-2', agreement: true },
        { token: other.token },
      )
    ).data as { orderId: string };
    expect(await expireUnpaidOrders({ db: t.db, gateway: t.app.gateway }, Date.now() + 16 * 60_000)).toBe(1);
    expect(await expireUnpaidOrders({ db: t.db, gateway: t.app.gateway }, Date.now() + 16 * 60_000)).toBe(0);
    expect((await app.call(orderInfo, { orderId: again.orderId }, { token: other.token })).data).toMatchObject({
      status: -1,
      statusLabel: '支付超时',
    });
    expect(await listingStatus(roleListing)).toBe(ListingStatus.ON_SALE);
  });

  it('answers 40050 while the listing is locked, and refuses buyers other than the designated one', async () => {
    await t.db
      .updateTable('commodities')
      .set({ lock_until: new Date(Date.now() + (26 * 60 + 5) * 60_000) })
      .where('id', '=', Number(roleListing))
      .execute();
    const res = await sdk.call(
      h5sdkOrderPlace,
      { ...buyer.pt, commodityId: roleListing, requestKey: 'lock-key-1', agreement: true },
      { token: buyer.token },
    );
    expectCode(res, '40050');
    expect(res.msg).toMatch(/^商品已锁定，请在1天2小时\d+分钟后重试下单$/);
    await t.db
      .updateTable('commodities')
      .set({ lock_until: null, designated_trade_id: '99999998' })
      .where('id', '=', Number(roleListing))
      .execute();
    expectCode(
      await sdk.call(
        h5sdkOrderPlace,
        { ...buyer.pt, commodityId: roleListing, requestKey: 'lock-key-2', agreement: true },
        { token: buyer.token },
      ),
      '10002',
      '该商品为指定买家商品，您无法购买',
    );
    await t.db
      .updateTable('commodities')
      .set({ designated_trade_id: buyer.uid })
      .where('id', '=', Number(roleListing))
      .execute();
    expectCode(
      await sdk.call(
        h5sdkOrderPlace,
        { ...buyer.pt, commodityId: roleListing, requestKey: 'lock-key-3', agreement: true },
        { token: buyer.token },
      ),
      '200',
    );
  });

  it('answers 30060 when the buyer’s account has no free role slot', async () => {
    const seller2 = await sdkUser('player1');
    await t.app.inject({
      method: 'POST',
      url: '/demo-game/api/screenshots',
      headers: { 'x-game-token': seller2.info.gameToken },
    });
    const listed = await sdk.call(publishAccount, { ...seller2.pt, price: 50_000 }, { token: seller2.token });
    expectCode(listed, '200');
    const other = { id: (listed.data as { commodityId: string }).commodityId };
    // The buyer's account as the game would report it: every slot on the listing's server taken.
    const full: GameGateway = {
      ...t.app.gateway,
      client: (gameId: string) => ({
        ...t.app.gateway.client(gameId),
        account: async (accountId: string) => ({
          accountId,
          name: accountId,
          loginSuccessTimes: 1,
          slots: [{ serverId: 's1', used: 3, limit: 3 }],
        }),
      }),
    };
    const row = await t.db
      .selectFrom('users')
      .select(['id', 'uid'])
      .where('uid', '=', buyer.uid)
      .executeTakeFirstOrThrow();
    await expect(
      placeOrder(
        { db: t.db, gateway: full },
        {
          buyer: { userId: row.id, uid: row.uid },
          commodityId: String(other.id),
          requestKey: 'slot-key-1',
          player: { accountId: 'buyer1', roleId: 'r8' },
        },
      ),
    ).rejects.toMatchObject({ code: '30060' });
    expect(await listingStatus(String(other.id))).toBe(ListingStatus.ON_SALE);
  });
});

describe('two hundred buyers racing for one role', () => {
  it('makes exactly one order; every other buyer is told it was taken', async () => {
    const seller = await sdkUser('seller01');
    await t.app.inject({
      method: 'POST',
      url: '/demo-game/api/screenshots',
      headers: { 'x-game-token': seller.info.gameToken },
    });
    const listed = await sdk.call(publishAccount, { ...seller.pt, price: 250_000 }, { token: seller.token });
    expectCode(listed, '200');
    const commodityId = (listed.data as { commodityId: string }).commodityId;
    const buyers = await t.db
      .insertInto('users')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          uid: `83${String(i).padStart(6, '0')}`,
          mobile: `1390${String(i).padStart(7, '0')}`,
          nickname: `买家${i}`,
          avatar: '',
          has_authentication: true,
        })),
      )
      .returning(['id', 'uid'])
      .execute();
    const results = await Promise.allSettled(
      buyers.map((b) =>
        placeOrder(
          { db: t.db, gateway: t.app.gateway },
          {
            buyer: { userId: b.id, uid: b.uid },
            commodityId,
            requestKey: `race-${b.uid}`,
            player: { accountId: 'buyer1', roleId: 'r8' },
          },
        ),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(new Set(lost.map((r) => (r.reason as { code?: string }).code))).toEqual(new Set(['40010']));
    const orders = await t.db
      .selectFrom('orders')
      .select('id')
      .where('commodity_id', '=', Number(commodityId))
      .execute();
    expect(orders).toHaveLength(1);
    expect(await listingStatus(commodityId)).toBe(ListingStatus.SELLING);
  }, 60_000);

  it('a double submit: one request key at once answers one order, on one listing or on two', async () => {
    const listRole = async (account: string) => {
      const seller = await sdkUser(account);
      await t.app.inject({
        method: 'POST',
        url: '/demo-game/api/screenshots',
        headers: { 'x-game-token': seller.info.gameToken },
      });
      const listed = await sdk.call(publishAccount, { ...seller.pt, price: 120_000 }, { token: seller.token });
      expectCode(listed, '200');
      return (listed.data as { commodityId: string }).commodityId;
    };
    const [first, second, third] = [await listRole('seller02'), await listRole('seller03'), await listRole('seller04')];
    const buyer = await t.db
      .insertInto('users')
      .values({ uid: '84000001', mobile: '13955500001', nickname: '连点买家', avatar: '', has_authentication: true })
      .returning(['id', 'uid'])
      .executeTakeFirstOrThrow();
    const place = (commodityId: string, requestKey: string) =>
      placeOrder(
        { db: t.db, gateway: t.app.gateway },
        {
          buyer: { userId: buyer.id, uid: buyer.uid },
          commodityId,
          requestKey,
          player: { accountId: 'buyer1', roleId: 'r8' },
        },
      );
    const ordersOf = (requestKey: string) =>
      t.db.selectFrom('orders').select(['id', 'commodity_id']).where('request_key', '=', requestKey).execute();

    // The same listing, eight times at once: every answer is the one order.
    const same = await Promise.all(Array.from({ length: 8 }, () => place(first, 'double-1')));
    expect(new Set(same.map((o) => o.id)).size).toBe(1);
    expect(await ordersOf('double-1')).toHaveLength(1);

    // The same key on two listings at once: one order; the listing it did not take is still on sale.
    const two = await Promise.all([place(second, 'double-2'), place(third, 'double-2'), place(second, 'double-2')]);
    const written = await ordersOf('double-2');
    expect(written).toHaveLength(1);
    expect(new Set(two.map((o) => o.id))).toEqual(new Set([written[0]?.id]));
    const taken = String(written[0]?.commodity_id);
    const other = taken === second ? third : second;
    expect(await listingStatus(taken)).toBe(ListingStatus.SELLING);
    expect(await listingStatus(other)).toBe(ListingStatus.ON_SALE);
  }, 60_000);
});

describe('the seller’s orders and the coupon on the cashier', () => {
  // A market of its own: the demo accounts above have sold their roles already.
  const m = useTestApp();
  const msdk = useTestClient(m, 'H5SDK');
  const mapp = useTestClient(m, 'APP');

  type O = { orderId: string; status: number; totalAmount: number; couponAmount: number; couponName: string };
  type C = { id: string; name: string; status: string };

  it('lists the seller’s sold orders in the seller’s words, and to no one else', async () => {
    const seller = await sdkUser('player1', { t: m, sdk: msdk });
    const buyer = await sdkUser('buyer1', { t: m, sdk: msdk });
    const stranger = await loginAs(m, '13711112222');
    const orders = orderFixture(m, { sdk: msdk, app: mapp }, () => ({ seller, buyer }));
    const order = await orders.orderAt('AWAITING_PAYMENT', { price: 12_000, coinNum: 50_000 });
    const sold = (await mapp.call(getSellOrderList, {}, { token: seller.token })).data as {
      list: Array<Record<string, unknown>>;
      hasMore: boolean;
    };
    expect(sold.hasMore).toBe(false);
    expect(sold.list).toHaveLength(1);
    expect(sold.list[0]).toMatchObject({
      orderId: order.orderId,
      role: 'seller',
      statusLabel: '等待买家付款',
      price: 12_000,
      title: expect.any(String),
      firstImg: expect.any(String),
    });
    const s = sold.list[0] as { price: number; sellerFee: number; sellerReceive: number };
    expect(s.sellerFee).toBeGreaterThan(0);
    expect(s.sellerReceive).toBe(s.price - s.sellerFee);
    // The buyer finds it among what they bought, not among what they sold; a stranger finds nothing.
    expect(((await mapp.call(getSellOrderList, {}, { token: buyer.token })).data as { list: unknown[] }).list).toEqual(
      [],
    );
    expect(
      ((await mapp.call(getFinishBuyOrderList, {}, { token: buyer.token })).data as { list: O[] }).list.map(
        (o) => o.orderId,
      ),
    ).toEqual([order.orderId]);
    expect(
      ((await mapp.call(getSellOrderList, {}, { token: stranger.token })).data as { list: unknown[] }).list,
    ).toEqual([]);
    expectCode(await mapp.call(getSellOrderList, { pageSize: 0 } as never, { token: seller.token }), '10002');
  });

  it('attaches, swaps and removes the coupon of an unpaid order, refuses the rest, and the books balance', async () => {
    const seller = await sdkUser('player2', { t: m, sdk: msdk });
    const buyerRow = await m.db
      .selectFrom('users')
      .innerJoin('user_identities', 'user_identities.user_id', 'users.id')
      .select(['users.id', 'users.uid'])
      .where('user_identities.subject', '=', 'buyer1')
      .executeTakeFirstOrThrow();
    const { issueSession } = await import('../src/platform/auth/sessions');
    const buyerToken = await issueSession(m.db, buyerRow.id, 'APP', 1);
    const stranger = await loginAs(m, '13711113333');
    const join = async (token: string) =>
      ((await mapp.call(joinEvent, { eventId: 'newcomer' }, { token })).data as { granted: C[] }).granted;
    const mine = await join(buyerToken);
    const theirs = await join(stranger.token);
    const byName = (name: string) => mine.find((c) => c.name === name)!.id;
    const all = byName('全场满100减5');
    const coin = byName('传奇·演示游戏币满50减3');
    const role = byName('角色满500减30');

    const lot = async (price: number) =>
      (
        (await msdk.call(publishCoin, { ...seller.pt, coinType: 2, coinNum: 50_000, price }, { token: seller.token }))
          .data as { commodityId: string }
      ).commodityId;
    const buyerGame = await demoGameLogin(m, 'buyer1');
    const place = async (commodityId: string, requestKey: string) =>
      (
        await msdk.call(
          h5sdkOrderPlace,
          {
            gameId: buyerGame.gameId,
            gameToken: buyerGame.gameToken,
            serverId: buyerGame.serverId,
            commodityId,
            requestKey,
            agreement: true,
          },
          { token: buyerToken },
        )
      ).data as O;
    const order = await place(await lot(12_000), 'coupon-cashier-1');
    const full = order.totalAmount;
    expect(order).toMatchObject({ couponAmount: 0, couponName: '' });
    const change = (couponId: string | null, token = buyerToken, orderId = order.orderId) =>
      mapp.call(changeOrderCoupon, { orderId, couponId }, { token });
    const couponStatus = async (id: string) =>
      ((await mapp.call(couponList, { tab: 'unused' }, { token: buyerToken })).data as { list: C[] }).list.find(
        (c) => c.id === id,
      )?.status;
    const unchanged = async (couponAmount: number) =>
      expect((await mapp.call(orderInfo, { orderId: order.orderId }, { token: buyerToken })).data).toMatchObject({
        couponAmount,
        totalAmount: full - couponAmount,
      });

    // Refusals change nothing.
    expectCode(await change(all, seller.token), '10002', '只有买家可以更换优惠券');
    expectCode(await change(all, stranger.token), '10002', '订单不存在');
    expectCode(await change(theirs[0]!.id), '10002', '优惠券不存在');
    expectCode(await change(role), '10002', '该优惠券不可用：仅限角色类商品使用');
    expectCode(await change('x1' as never), '10002', '优惠券不存在');
    await unchanged(0);
    expect(await couponStatus(role)).toBe('unused');

    // Attach, swap (the first one is free again), remove, attach again.
    expect((await change(all)).data).toMatchObject({
      couponAmount: 500,
      couponName: '全场满100减5',
      totalAmount: full - 500,
    });
    expect(await couponStatus(all)).toBe('locked');
    expect((await change(coin)).data).toMatchObject({
      couponAmount: 300,
      couponName: '传奇·演示游戏币满50减3',
      totalAmount: full - 300,
    });
    expect(await couponStatus(all)).toBe('unused');
    expect(await couponStatus(coin)).toBe('locked');
    expect((await change(null)).data).toMatchObject({ couponAmount: 0, couponName: '', totalAmount: full });
    expect(await couponStatus(coin)).toBe('unused');
    expectCode(await change(coin), '200');

    // A coupon another unpaid order holds cannot be taken; past its deadline the order refuses.
    const other = await place(await lot(11_000), 'coupon-cashier-2');
    expectCode(await change(coin, buyerToken, other.orderId), '10002', '该优惠券不可用：已被待支付订单占用');
    await expect(changeOrderCoupon_(other.orderId, all, Date.now() + 16 * 60_000)).rejects.toMatchObject({
      message: '订单已超时，请重新下单',
    });
    expectCode(await mapp.call(cancelOrder, { orderId: other.orderId }, { token: buyerToken }), '200');
    expectCode(await change(all, buyerToken, other.orderId), '10002', '订单已支付或已关闭，无法更换优惠券');

    // Once a payment is started its amount is fixed: the coupon cannot change any more.
    expect((await mapp.call(orderInfo, { orderId: order.orderId }, { token: buyerToken })).data).toMatchObject({
      payStarted: false,
    });
    const pay = await mapp.call(
      wapAlipay,
      { bizNo: order.orderId, totalAmount: full - 300, payPrice: full - 300 },
      { token: buyerToken },
    );
    expectCode(pay, '200');
    expect((await mapp.call(orderInfo, { orderId: order.orderId }, { token: buyerToken })).data).toMatchObject({
      payStarted: true,
    });
    expectCode(await change(all), '10002', '支付已发起，无法更换优惠券');
    expectCode(await change(null), '10002', '支付已发起，无法更换优惠券');
    await unchanged(300);
    await m.app.inject({
      method: 'POST',
      url: `/sandbox/api/pay/${(pay.data as { tradeNo: string }).tradeNo}/succeed`,
    });
    expectCode(await change(null), '10002', '订单已支付或已关闭，无法更换优惠券');
    const paid = await m.db
      .selectFrom('payments')
      .select(['third_fen', 'balance_fen'])
      .where('purpose', '=', 'order')
      .where('ref', '=', Number(order.orderId))
      .where('status', '=', 'paid')
      .execute();
    expect(paid.reduce((sum, p) => sum + Number(p.third_fen) + Number(p.balance_fen), 0)).toBe(full - 300);
    expect((await mapp.call(orderInfo, { orderId: order.orderId }, { token: buyerToken })).data).toMatchObject({
      // Paid, and the game may have delivered it already.
      status: expect.toBeOneOf([OrderStatus.PAID, OrderStatus.AWAITING_RECEIPT]),
      couponName: '传奇·演示游戏币满50减3',
      totalAmount: full - 300,
    });

    // A coupon change racing the start of a payment: one of them wins; a payment's amount is
    // always the order's total (both lock the order row).
    for (let i = 0; i < 4; i++) {
      const racing = await place(await lot(13_000 + i), `coupon-race-${i}`);
      const [changed, started] = await Promise.all([
        change(all, buyerToken, racing.orderId),
        mapp.call(
          wapAlipay,
          { bizNo: racing.orderId, totalAmount: racing.totalAmount, payPrice: racing.totalAmount },
          { token: buyerToken },
        ),
      ]);
      expect([changed.code, started.code].filter((c) => c === '200')).toHaveLength(1);
      const row = await m.db
        .selectFrom('orders')
        .select('total_fen')
        .where('id', '=', Number(racing.orderId))
        .executeTakeFirstOrThrow();
      for (const p of await m.db
        .selectFrom('payments')
        .select(['third_fen', 'balance_fen'])
        .where('purpose', '=', 'order')
        .where('ref', '=', Number(racing.orderId))
        .execute())
        expect(Number(p.third_fen) + Number(p.balance_fen)).toBe(Number(row.total_fen));
      expectCode(await mapp.call(cancelOrder, { orderId: racing.orderId }, { token: buyerToken }), '200');
    }

    // Delivered, confirmed, settled: the platform paid the coupon and the books balance.
    await sweepDeliveries({ db: m.db, gateway: m.app.gateway });
    expectCode(await mapp.call(itemConfirm, { orderId: order.orderId }, { token: buyerToken }), '200');
    await sweepDeliveries({ db: m.db, gateway: m.app.gateway }, Date.now() + 25 * 3_600_000);
    expect((await balanceOf(m.db, Accounts.subsidies)).posted).toBe(-300);
    expect(await checkLedger(m.db)).toEqual([]);

    async function changeOrderCoupon_(orderId: string, couponId: string, now: number) {
      return changeCouponService({ db: m.db, gateway: m.app.gateway, now: () => now }, buyerRow.id, orderId, couponId);
    }
  });
});
