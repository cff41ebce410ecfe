import { offerAgree, offerBuyerCancel, offerRefuse } from '@app/protocol/calls/bargain';
import { publishCoin } from '@app/protocol/calls/consignment';
import { joinEvent } from '@app/protocol/calls/coupon';
import { identification } from '@app/protocol/calls/identity';
import { imGroup, tencentUserSig } from '@app/protocol/calls/im';
import { noticeList, noticeRead } from '@app/protocol/calls/notices';
import { cancelOrder, h5sdkOrderPlace, itemConfirm, itemReject, orderInfo } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import { getPushSwitch, pushSwitch } from '@app/protocol/calls/user-help';
import { extractSave } from '@app/protocol/calls/withdrawal';
import { IM_SOCKET_PATH } from '@app/protocol/im';
import type { Notice } from '@app/protocol/notices';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupIdOf, history } from '../src/modules/im/im.service';
import { Accounts, transfer } from '../src/modules/ledger/ledger';
import {
  allowBargain,
  expectCode,
  idNumber,
  loginAs,
  sdkPlayer,
  sentOffer,
  setPayPin,
  TEST_PAY_PIN,
  useTestApp,
  useTestClient,
} from './helpers';

/** The order chat and the notifications as an order and an offer go: every event told, to the right side. */
let seller: Awaited<ReturnType<typeof sdkPlayer>>;
let buyer: Awaited<ReturnType<typeof sdkPlayer>>;
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
beforeAll(async () => {
  seller = await sdkPlayer(t, sdk, 'player1', '1383000');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1384000');
});

let keys = 0;
const listCoins = async (price: number) => {
  const lot = await sdk.call(
    publishCoin,
    { ...seller.pt, coinType: 2, coinNum: 10_000, price },
    { token: seller.token },
  );
  expectCode(lot, '200');
  return (lot.data as { commodityId: string }).commodityId;
};
const place = async (commodityId: string) => {
  const res = await sdk.call(
    h5sdkOrderPlace,
    { ...buyer.pt, commodityId, requestKey: `order-chat-${++keys}`, agreement: true },
    { token: buyer.token },
  );
  expect(res.msg).toBe('success');
  return (res.data as { orderId: string }).orderId;
};
const chatOf = async (orderId: string, token = buyer.token) =>
  (await app.call(imGroup, { orderId }, { token })).data as { groupId: string | null; readOnly: boolean };
const systemSays = async (groupId: string) =>
  (await history(t.db, groupIdOf(groupId), {})).messages.filter((m) => m.role === 'system').map((m) => m.body);
/** Every deadline sweeper now, the clock that far ahead (the test hook of docs/protocol.md). */
const sweep = (aheadMinutes: number) => t.app.inject({ method: 'POST', url: '/dev/sweep', payload: { aheadMinutes } });
const notices = async (token: string) =>
  (await app.call(noticeList, {}, { token })).data as { list: Notice[]; unread: number };

describe('an order told in its chat and as notifications', () => {
  it('opens the group with the order and says every step, from placed to settled', async () => {
    const orderId = await place(await listCoins(5_000));
    const group = await chatOf(orderId);
    expect(group.groupId).toMatch(/^g\d+$/);
    expect(await chatOf(orderId, seller.token)).toEqual(group);
    // orderInfo carries it too (teamInfo.groupId, business-flows §7).
    expect(
      ((await app.call(orderInfo, { orderId }, { token: buyer.token })).data as { teamInfo: unknown }).teamInfo,
    ).toEqual({
      groupId: group.groupId,
    });
    const stranger = await loginAs(t, '13955550001');
    expect(await chatOf(orderId, stranger.token)).toEqual({ groupId: null, readOnly: true, withService: false });
    const groupId = group.groupId as string;
    expect((await systemSays(groupId))[0]).toMatch(/^买家已下单，订单金额 /);

    const pay = await app.call(
      wapAlipay,
      { bizNo: orderId, totalAmount: 5_000, payPrice: 5_000 },
      { token: buyer.token },
    );
    expectCode(pay, '200');
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/pay/${(pay.data as { tradeNo: string }).tradeNo}/succeed`,
    });
    // The payment hands the order to the game right away; the sweeper delivers what is still paid.
    await sweep(0);
    await expect
      .poll(
        async () =>
          ((await app.call(orderInfo, { orderId }, { token: buyer.token })).data as { status: number }).status,
      )
      .toBe(OrderStatus.AWAITING_RECEIPT);
    await expect.poll(() => systemSays(groupId)).toHaveLength(3);
    const said = await systemSays(groupId);
    expect(said[1]).toBe('买家已付款，平台正在通过游戏交付商品，请稍候。');
    // The receipt in words: the role by the name the player knows, never the game's ids.
    expect(said[2]).toMatch(
      /^商品已交付到买家账号。交付凭证：.+ → 角色「[^」]+」，.+游戏已签名。请买家在游戏中查收后确认收货。$/,
    );
    const { receipt } = (await app.call(orderInfo, { orderId }, { token: buyer.token })).data as {
      receipt: { to: string; toName: string };
    };
    expect(said[2]).toContain(`角色「${receipt.toName}」`);
    expect(said[2]).not.toContain(receipt.to);

    const sellerNews = await notices(seller.token);
    expect(sellerNews.list[0]).toMatchObject({ kind: 'orderPaid', position: 6, extInfo: { orderId }, read: false });
    const buyerNews = await notices(buyer.token);
    expect(buyerNews.list[0]).toMatchObject({ kind: 'orderDelivered', title: '商品已交付', extInfo: { orderId } });

    expectCode(await app.call(itemConfirm, { orderId }, { token: buyer.token }), '200');
    expect((await systemSays(groupId)).at(-1)).toBe('买家已确认收货，货款将在保障期结束后结算给卖家。');
    await sweep(25 * 60);
    expect((await systemSays(groupId)).at(-1)).toMatch(/^交易完成，货款 .+ 已结算给卖家。$/);
    expect((await notices(seller.token)).list[0]).toMatchObject({ kind: 'orderSettled', title: '货款已到账' });
    // Ended: still writable for a while after.
    expect((await chatOf(orderId)).readOnly).toBe(false);
  });

  it('says a refusal with its reason and a cancellation, and closes the chat of a cancelled order', async () => {
    const refused = await place(await listCoins(5_100));
    const pay = await app.call(
      wapAlipay,
      { bizNo: refused, totalAmount: 5_100, payPrice: 5_100 },
      { token: buyer.token },
    );
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/pay/${(pay.data as { tradeNo: string }).tradeNo}/succeed`,
    });
    await sweep(0);
    await expect
      .poll(
        async () =>
          ((await app.call(orderInfo, { orderId: refused }, { token: buyer.token })).data as { status: number }).status,
      )
      .toBe(OrderStatus.AWAITING_RECEIPT);
    expectCode(await app.call(itemReject, { orderId: refused, reason: '数量不对' }, { token: buyer.token }), '200');
    const group = (await chatOf(refused)).groupId as string;
    // The refusal is said once; it opened a customer-service case, which says nothing more.
    const said = (await systemSays(group)).slice(-2);
    expect(said[0]).toMatch(/^商品已交付到买家账号。/);
    expect(said[1]).toBe('买家拒绝收货（数量不对），客服将介入处理，请双方在此说明情况。');

    const cancelled = await place(await listCoins(5_200));
    expectCode(await app.call(cancelOrder, { orderId: cancelled }, { token: buyer.token }), '200');
    expect((await systemSays((await chatOf(cancelled)).groupId as string)).at(-1)).toBe('买家已取消订单。');
    const ended = await t.db
      .selectFrom('im_groups')
      .select('ended_at')
      .where('ref_id', '=', Number(cancelled))
      .executeTakeFirstOrThrow();
    expect(ended.ended_at).not.toBeNull();
  });

  it('tells the seller of an offer and the buyer of the answer; marks read one or all; honours the push switch', async () => {
    const commodityId = await listCoins(10_000);
    await allowBargain(app, seller.token, commodityId);
    const offer = async (price: number) =>
      (await sentOffer(t, { sdk, app }, buyer, commodityId, price, `offer-chat-${++keys}`)).offerId;
    const first = await offer(8_000);
    const received = (await notices(seller.token)).list[0] as Notice;
    expect(received).toMatchObject({
      kind: 'offerReceived',
      position: 3,
      extInfo: { commodityId, offerId: first, flow: 2 },
    });
    expect(received.content).toContain('80.00');
    expectCode(await app.call(offerRefuse, { offerId: first }, { token: seller.token }), '200');
    expect((await notices(buyer.token)).list[0]).toMatchObject({ kind: 'offerRefused', extInfo: { flow: 1 } });
    const second = await offer(9_000);
    expectCode(await app.call(offerAgree, { offerId: second }, { token: seller.token }), '200');
    expect((await notices(buyer.token)).list[0]).toMatchObject({ kind: 'offerAgreed', title: '卖家同意了您的还价' });

    // Read marks: one, then all; another user's id changes nothing.
    const before = await notices(buyer.token);
    expect(before.unread).toBeGreaterThan(1);
    const one = before.list[0] as Notice;
    expect((await app.call(noticeRead, { id: one.id }, { token: seller.token })).data).toMatchObject({
      unread: expect.any(Number),
    });
    expect((await notices(buyer.token)).unread).toBe(before.unread);
    expect((await app.call(noticeRead, { id: one.id }, { token: buyer.token })).data).toEqual({
      unread: before.unread - 1,
    });
    expect((await app.call(noticeRead, { all: true }, { token: buyer.token })).data).toEqual({ unread: 0 });

    // Pushed to an open page while the push switch is on; off, only recorded in the message centre.
    const sig = (await app.call(tencentUserSig, {}, { token: seller.token })).data as {
      account: string;
      token: string;
    };
    const ws = await t.app.injectWS(IM_SOCKET_PATH);
    const frames: Array<{ t: string; notice?: Notice }> = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    ws.send(JSON.stringify({ t: 'login', ...sig }));
    await expect.poll(() => frames.some((f) => f.t === 'login')).toBe(true);
    const other = await listCoins(10_100);
    await allowBargain(app, seller.token, other);
    const offerOn = async (price: number) => sentOffer(t, { sdk, app }, buyer, other, price, `offer-push-${++keys}`);
    await offerOn(9_000);
    await expect.poll(() => frames.filter((f) => f.t === 'notice').length).toBe(1);
    expect(frames.find((f) => f.t === 'notice')?.notice).toMatchObject({
      kind: 'offerReceived',
      title: '收到新的还价',
    });
    expectCode(await app.call(pushSwitch, { status: 0 }, { token: seller.token }), '200');
    expect(((await app.call(getPushSwitch, {}, { token: seller.token })).data as { push: number }).push).toBe(0);
    const recorded = (await notices(seller.token)).list.length;
    const withdrawn = (await notices(seller.token)).list[0] as Notice;
    expectCode(
      await app.call(offerBuyerCancel, { offerId: withdrawn.extInfo.offerId as string }, { token: buyer.token }),
      '200',
    );
    await offerOn(9_100);
    expect((await notices(seller.token)).list.length).toBe(recorded + 1);
    ws.send(JSON.stringify({ t: 'ping' }));
    await expect.poll(() => frames.some((f) => f.t === 'pong')).toBe(true);
    expect(frames.filter((f) => f.t === 'notice')).toHaveLength(1);
    ws.close();
  });
});

describe('notifications of withdrawals and coupons', () => {
  it('tells a payout made and the coupons an event grants', async () => {
    const { token, uid } = await loginAs(t, '13977770001');
    const user = await t.db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow();
    expectCode(
      await app.call(identification, { realName: '林小风', idCard: idNumber('19930303', '881') }, { token }),
      '200',
    );
    await setPayPin(t, user.id);
    await transfer(t.db, {
      key: 'notice-topup',
      debit: Accounts.gateway('topup-test'),
      credit: Accounts.userAvailable(user.id),
      amount: 50_000,
      code: 'topup',
    });
    expectCode(
      await app.call(
        extractSave,
        { amount: 10_000, accountNo: '13977770001', accountName: '林小风', payPassword: TEST_PAY_PIN } as never,
        { token },
      ),
      '200',
    );
    await sweep(24 * 60);
    const money = (await notices(token)).list[0] as Notice;
    expect(money).toMatchObject({ kind: 'withdrawalPaid', title: '提现已到账', position: null });
    expect(money.content).toContain('100.00');

    const granted = (await app.call(joinEvent, { eventId: 'newcomer' }, { token })).data as { granted: unknown[] };
    const news = (await notices(token)).list.filter((n) => n.kind === 'couponGranted');
    expect(news).toHaveLength(granted.granted.length);
    expect(news[0]).toMatchObject({ title: '获得优惠券', position: 5 });
  });
});
