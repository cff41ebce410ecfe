import { publishAccount } from '@app/protocol/calls/consignment';
import { gameTokenLogin } from '@app/protocol/calls/game';
import { identification } from '@app/protocol/calls/identity';
import { h5sdkVerifyCode } from '@app/protocol/calls/market';
import { cancelOrder, commodityIsMyOrder, h5sdkOrderPlace, orderInfo, orderPlace } from '@app/protocol/calls/orders';
import { bindPhone, sendSms } from '@app/protocol/calls/user';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameGateway } from '../src/modules/games/game-gateway';
import { expireUnpaidOrders, placeOrder } from '../src/modules/orders/order.service';
import {
  createTestApp,
  demoGameLogin,
  expectCode,
  idNumber,
  loginAs,
  smsOutbox,
  type TestApp,
  type TestClient,
} from './helpers';

let t: TestApp;
let sdk: TestClient;
let app: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  sdk = await t.client('H5SDK');
  app = await t.client('APP');
});
afterAll(() => t.close());

let seq = 0;
/** A player in the SDK view with a bound phone and real name (and the sale lock open to sell). */
async function sdkUser(account: string) {
  const info = await demoGameLogin(t, account);
  const pt = { gameId: info.gameId, gameToken: info.gameToken, serverId: info.serverId };
  const login = (await sdk.call(gameTokenLogin, pt)).data as { token: string; uid: string };
  const phone = `1370000${String(++seq).padStart(4, '0')}`;
  await sdk.call(sendSms, { smsType: 'phoneLogin', phone });
  const [bind] = await smsOutbox(t, phone);
  expectCode(await sdk.call(bindPhone, { phone, code: bind!.code }, { token: login.token }), '200');
  expectCode(
    await sdk.call(
      identification,
      { realName: '周九', idCard: idNumber('19860606', String(300 + seq)) },
      { token: login.token },
    ),
    '200',
  );
  await sdk.call(sendSms, { smsType: 'verifyCode', phone: 'auto' }, { token: login.token });
  const code = (await smsOutbox(t, phone)).find((m) => m.smsType === 'verifyCode')!.code;
  expect((await sdk.call(h5sdkVerifyCode, { ...pt, code }, { token: login.token })).data).toBe(true);
  return { info, pt, token: login.token, uid: login.uid };
}

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
});
