import {
  customerServiceIntervention,
  getCustomerService,
  getRateCustomerService,
  type Intervention,
  rateCustomerService,
  urgeBuyerReceipt,
  urgeSellerDelivery,
} from '@app/protocol/calls/customer-service';
import { generateIMAssertSignedUrl, imGroup } from '@app/protocol/calls/im';
import { noticeList } from '@app/protocol/calls/notices';
import { itemReject, orderInfo } from '@app/protocol/calls/orders';
import { IM_SOCKET_PATH, type ImServerFrame } from '@app/protocol/im';
import type { Notice } from '@app/protocol/notices';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupIdOf, history } from '../src/modules/im/im.service';
import { expectCode, loginAs, sdkPlayer, useTestApp, useTestClient } from './helpers';
import { opsApi } from './ops-helpers';
import { deliveredCoinOrder } from './order-fixture';

/** Customer service in the order chat: asked by a side, joined and decided by staff, rated once; the urges. */
let seller: Awaited<ReturnType<typeof sdkPlayer>>;
let buyer: Awaited<ReturnType<typeof sdkPlayer>>;
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
beforeAll(async () => {
  seller = await sdkPlayer(t, sdk, 'player1', '1385000');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1386000');
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const _keys = 0;
const _sweep = (aheadMinutes: number) => t.app.inject({ method: 'POST', url: '/dev/sweep', payload: { aheadMinutes } });
const status = async (orderId: string) =>
  ((await app.call(orderInfo, { orderId }, { token: buyer.token })).data as { status: number }).status;

/** A coin lot bought, paid and delivered: the order waits for the buyer's receipt (51). */
const deliveredOrder = (price: number) => deliveredCoinOrder(t, { sdk, app }, { seller, buyer }, price);

const said = async (orderId: string) => {
  const group = (await app.call(imGroup, { orderId }, { token: buyer.token })).data as { groupId: string };
  return (await history(t.db, groupIdOf(group.groupId), {})).messages;
};

describe('customer service in the order chat', () => {
  it('refuses receipt with evidence images, then asks 客服 in; staff join, talk as 客服 and refund; each side rates once', async () => {
    const orderId = await deliveredOrder(6_000);
    // Evidence: someone else's upload changes nothing.
    const upload = async (token: string) => {
      const url = (await app.call(generateIMAssertSignedUrl, { typeName: 'png' }, { token })).data as string;
      await t.app.inject({ method: 'PUT', url, headers: { 'content-type': 'image/png' }, payload: PNG });
      return url.split('?')[0] as string;
    };
    const theirs = await upload(seller.token);
    expectCode(
      await app.call(itemReject, { orderId, reason: '数量不对', images: [theirs] }, { token: buyer.token }),
      '10002',
      '凭证图片无效或已过期，请重新上传',
    );
    expect(await status(orderId)).toBe(OrderStatus.AWAITING_RECEIPT);
    const mine = await upload(buyer.token);
    expectCode(
      // Typed with its own full stop: the messages written around it keep one (。。 before).
      await app.call(itemReject, { orderId, reason: '数量不对：少了一半。', images: [mine] }, { token: buyer.token }),
      '200',
    );
    const afterRefusal = await said(orderId);
    expect(afterRefusal.at(-1)).toMatchObject({ role: 'buyer', kind: 'image', sender: buyer.uid });

    // Strangers and unpaid orders get nothing.
    const stranger = await loginAs(t, '13966660001');
    expectCode(
      await app.call(customerServiceIntervention, { orderId, reason: '我来看看' }, { token: stranger.token }),
      '10002',
      '订单不存在',
    );
    // Nor may a stranger urge on someone else's order, or rate its customer service.
    for (const call of [urgeSellerDelivery, urgeBuyerReceipt])
      expect((await app.call(call, { orderId }, { token: stranger.token })).code).not.toBe('200');
    expect((await app.call(rateCustomerService, { orderId, score: 1 }, { token: stranger.token })).code).not.toBe(
      '200',
    );
    const ask = await app.call(customerServiceIntervention, { orderId, reason: '数量不对' }, { token: buyer.token });
    expectCode(ask, '200');
    const request = ask.data as Intervention;
    expect(request).toMatchObject({ orderId, status: 'open', askedBy: 'buyer', outcome: null });
    // Asking again, from either side, answers the same request.
    expect(
      (
        (await app.call(customerServiceIntervention, { orderId, reason: '请处理' }, { token: seller.token }))
          .data as Intervention
      ).id,
    ).toBe(request.id);
    // The refusal itself opened the case, with its reason.
    expect(request.reason).toBe('拒绝收货：数量不对：少了一半');
    // The chat hears the refusal once (its own line), not again as a request.
    const lines = (await said(orderId)).map((m) => m.body);
    expect(lines.filter((l) => l.includes('客服'))).toEqual([
      '买家拒绝收货（数量不对：少了一半），客服将介入处理，请双方在此说明情况。',
    ]);

    // The workbench: the request waits; 客服 joins the chat with their own chat login and speaks as 客服.
    const ops = opsApi(t);
    const withService = async () =>
      ((await app.call(imGroup, { orderId }, { token: buyer.token })).data as { withService: boolean }).withService;
    expect(await withService()).toBe(false);
    const staff = await ops.login('ops-cs', 'demo-cs-123');
    const waiting = await ops.call<{ list: Array<{ id: string; orderId: string }> }>('GET', '/support', {
      token: staff,
    });
    expect(waiting.data.list.map((r) => r.id)).toContain(request.id);
    const joined = await ops.call<{ groupId: string; login: { account: string; token: string } }>(
      'POST',
      `/support/${request.id}/join`,
      { token: staff },
    );
    expect(joined.code).toBe('200');
    expect(joined.data.login.account).toMatch(/^cs:\d+$/);
    // The buyer's and the seller's page now titles the chat for the three who talk in it.
    expect(await withService()).toBe(true);
    // 客服 sees the buyer's evidence picture with his console session (he has no user session).
    const evidence = afterRefusal.at(-1) as { seq: number };
    const picture = await ops.call<{ url: string }>(
      'GET',
      `/support/chat-image?groupId=${joined.data.groupId}&seq=${evidence.seq}`,
      { token: staff },
    );
    expect(picture.code).toBe('200');
    const shown = await t.app.inject({ method: 'GET', url: picture.data.url });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(PNG)).toBe(true);
    // A member of staff who is not in that chat, and a text message, get no picture.
    const other = await ops.staffMember(`cs-outside-${Date.now().toString(36)}`, 'cs');
    expect(
      (
        await ops.call('GET', `/support/chat-image?groupId=${joined.data.groupId}&seq=${evidence.seq}`, {
          token: other.token,
        })
      ).msg,
    ).toBe('您不是此会话的成员');
    expect(
      (await ops.call('GET', `/support/chat-image?groupId=${joined.data.groupId}&seq=1`, { token: staff })).msg,
    ).toBe('图片无效或已过期，请重新上传');
    expect((await said(orderId)).at(-1)?.body).toMatch(/^客服 .+ 已进入聊天，将协助双方处理。$/);
    expect(
      (
        (await app.call(getCustomerService, { orderId }, { token: seller.token })).data as {
          intervention: Intervention;
        }
      ).intervention.status,
    ).toBe('joined');
    const ws = await t.app.injectWS(IM_SOCKET_PATH);
    const frames: ImServerFrame[] = [];
    ws.on('message', (d) => frames.push(JSON.parse(String(d))));
    ws.send(JSON.stringify({ t: 'login', ...joined.data.login }));
    await expect.poll(() => frames.some((f) => f.t === 'login')).toBe(true);
    ws.send(
      JSON.stringify({
        t: 'send',
        ref: 'cs1',
        groupId: joined.data.groupId,
        kind: 'text',
        body: '您好，我是客服，正在核实交付记录。',
      }),
    );
    await expect.poll(() => frames.find((f) => f.t === 'ack')).toBeTruthy();
    expect((await said(orderId)).at(-1)).toMatchObject({ role: 'cs', sender: joined.data.login.account });
    ws.close();
    const buyerNews = (await app.call(noticeList, {}, { token: buyer.token })).data as { list: Notice[] };
    expect(buyerNews.list[0]).toMatchObject({ kind: 'serviceJoined', position: 6 });

    // Rating waits for the close; the close with a refund is the order's refund.
    expectCode(
      await app.call(rateCustomerService, { orderId, score: 5 }, { token: buyer.token }),
      '10002',
      '客服处理完成后才能评价',
    );
    const close = await ops.call<Intervention>('POST', `/support/${request.id}/close`, {
      token: staff,
      body: { outcome: 'refund', note: '核实少发，退款' },
    });
    expect(close.code).toBe('200');
    expect(close.data).toMatchObject({ status: 'closed', outcome: 'refund' });
    expect(await status(orderId)).toBe(OrderStatus.RETURNED);
    expect((await said(orderId)).map((m) => m.body)).toContain('客服处理结果：退款给买家。欢迎为本次客服服务评分。');
    expect(
      (
        await ops.call('POST', `/support/${request.id}/close`, {
          token: staff,
          body: { outcome: 'close', note: '再关一次' },
        })
      ).msg,
    ).toBe('该工单已处理完毕');

    expect((await app.call(getRateCustomerService, { orderId }, { token: buyer.token })).data).toEqual({
      rating: null,
      canRate: true,
    });
    expect(
      (await app.call(rateCustomerService, { orderId, score: 5, comment: '处理很快' }, { token: buyer.token })).data,
    ).toEqual({ score: 5, comment: '处理很快' });
    expectCode(
      await app.call(rateCustomerService, { orderId, score: 1 }, { token: buyer.token }),
      '10002',
      '您已评价过本次服务',
    );
    expect((await app.call(getRateCustomerService, { orderId }, { token: buyer.token })).data).toEqual({
      rating: { score: 5, comment: '处理很快' },
      canRate: false,
    });
    expectCode(
      await app.call(rateCustomerService, { orderId, score: 0 }, { token: seller.token }),
      '10002',
      '请选择评分',
    );
    expectCode(await app.call(rateCustomerService, { orderId, score: 3 }, { token: seller.token }), '200');

    // Logging out of the console ends the chat login it handed out: the open workbench socket is
    // told 2024 and closed, and the login no longer opens a socket.
    const open = await t.app.injectWS(IM_SOCKET_PATH);
    const openFrames: ImServerFrame[] = [];
    open.on('message', (d) => openFrames.push(JSON.parse(String(d))));
    const closed = new Promise<number>((resolve) => open.on('close', resolve));
    open.send(JSON.stringify({ t: 'login', ...joined.data.login }));
    await expect.poll(() => openFrames.some((f) => f.t === 'login')).toBe(true);
    expect((await ops.call('POST', '/logout', { token: staff })).code).toBe('200');
    expect(await closed).toBe(4001);
    expect(openFrames.at(-1)).toMatchObject({ t: 'error', code: '2024' });
    const again = await t.app.injectWS(IM_SOCKET_PATH);
    const againFrames: ImServerFrame[] = [];
    again.on('message', (d) => againFrames.push(JSON.parse(String(d))));
    again.send(JSON.stringify({ t: 'login', ...joined.data.login }));
    await expect.poll(() => againFrames[0]).toMatchObject({ t: 'error', code: '2024' });
    again.close();
  });

  it('races: both sides asking at once get one request; urges at once, one reminder', async () => {
    const orderId = await deliveredOrder(6_200);
    const asks = await Promise.all([
      app.call(customerServiceIntervention, { orderId, reason: '买家同时申请' }, { token: buyer.token }),
      app.call(customerServiceIntervention, { orderId, reason: '卖家同时申请' }, { token: seller.token }),
      app.call(customerServiceIntervention, { orderId, reason: '买家再次申请' }, { token: buyer.token }),
    ]);
    expect(asks.map((a) => a.code)).toEqual(['200', '200', '200']);
    expect(new Set(asks.map((a) => (a.data as Intervention).id)).size).toBe(1);
    const urges = await Promise.all(
      Array.from({ length: 5 }, () => app.call(urgeBuyerReceipt, { orderId }, { token: seller.token })),
    );
    expect(urges.filter((u) => u.code === '200')).toHaveLength(1);
    expect((await said(orderId)).filter((m) => m.body.startsWith('卖家提醒'))).toHaveLength(1);
  });

  it('urges once per 10 minutes, only the side and the status each is for', async () => {
    const orderId = await deliveredOrder(6_100);
    expectCode(
      await app.call(urgeSellerDelivery, { orderId }, { token: buyer.token }),
      '10002',
      '只有已付款待发货的订单可以催发货',
    );
    expectCode(
      await app.call(urgeBuyerReceipt, { orderId }, { token: buyer.token }),
      '10002',
      '只有已交付待确认的订单可以提醒收货',
    );
    const first = await app.call(urgeBuyerReceipt, { orderId }, { token: seller.token });
    expectCode(first, '200');
    expect((first.data as { nextAt: number }).nextAt).toBeGreaterThan(Date.now() / 1000 + 590);
    expect((await said(orderId)).at(-1)?.body).toBe('卖家提醒：商品已交付，请买家在游戏中查收后确认收货。');
    expect(((await app.call(noticeList, {}, { token: buyer.token })).data as { list: Notice[] }).list[0]).toMatchObject(
      {
        kind: 'urgeReceipt',
      },
    );
    expectCode(
      await app.call(urgeBuyerReceipt, { orderId }, { token: seller.token }),
      '10005',
      '提醒过于频繁，请10分钟后再试',
    );
  });
});
