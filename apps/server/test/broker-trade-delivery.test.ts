import {
  appBrokerConfig,
  type BrokerListing,
  brokerDownShelf,
  delCommodity,
  goldType,
  publishCommodity,
} from '@app/protocol/calls/broker';
import {
  type BrokerOrder,
  brokerCancelOrder,
  brokerConfirmOrder,
  brokerRefuseOrder,
  deliveredOrder,
} from '@app/protocol/calls/broker-orders';
import { generateIMAssertSignedUrl } from '@app/protocol/calls/im';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrokerOrderDeps } from '../src/modules/broker/broker-order.queries';
import { settleBrokerOrders } from '../src/modules/broker/broker-order.service';
import { retryBrokerDeliveries } from '../src/modules/broker/broker-order-delivery';
import { Accounts, balanceOf } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { rememberTypes } from '../src/modules/market/game-types';
import {
  approvedMerchant,
  brokerOrderSteps,
  openBrokerChannel,
  publishedListing,
  refundedToOrigin,
} from './broker-fixture';
import { expectCode, sdkPlayer, testDb, useTestApp, useTestClient } from './helpers';
import { opsApi } from './ops-helpers';

/**
 * Broker delivery by an in-game trade (docs/decisions/0023-broker.md "Delivery by an in-game
 * trade"): an operator switches a game to 'trade' in the console; the merchant starts delivery
 * without the game being asked, reports the trade with a note and screenshots, the buyer confirms
 * or refuses as after the game's receipt; the sweeper never delivers such an order through the API.
 */
const t = useTestApp({}, { timeout: 120_000 });
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
const GAME = 'demo-legend';
type Player = Awaited<ReturnType<typeof sdkPlayer>>;
let merchant: Player;
let buyer: Player;
let lot: BrokerListing;
let opsToken: string;
const { info, paidOrder, deliver: start } = brokerOrderSteps(t, app, () => ({ buyer, merchant, lot }));
const deps = (): BrokerOrderDeps => ({ db: t.db, gateway: t.app.gateway });
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const SETTINGS = {
  enabled: true,
  goldTypes: [1, 2],
  delivery: 'trade',
  minQuantity: 10_000,
  maxQuantity: 100_000_000,
  feePercent: 3,
  deliverMinutes: 60,
  confirmHours: 24,
};
const configure = (body: Record<string, unknown>, applicationId = GAME, token = opsToken) =>
  opsApi(t).call('POST', `/broker-configs/${applicationId}`, { token, body });

const report = (orderId: string, extra: { note?: string; images?: string[] } = {}, token = merchant.token) =>
  app.call(deliveredOrder, { orderId, ...extra }, { token });
const upload = async (token: string) => {
  const url = (await app.call(generateIMAssertSignedUrl, { typeName: 'png' }, { token })).data as string;
  await t.app.inject({ method: 'PUT', url, headers: { 'content-type': 'image/png' }, payload: PNG });
  return url.split('?')[0] as string;
};
const chatLines = async (groupId: string | null) =>
  (
    await t.db
      .selectFrom('im_messages')
      .select(['body', 'kind'])
      .where('group_id', '=', Number(groupId?.slice(1)))
      .orderBy('seq')
      .execute()
  ).map((m) => ({ body: String(m.body), kind: String(m.kind) }));
const available = async (userId: number) => (await balanceOf(t.db, Accounts.userAvailable(userId))).available;

beforeAll(async () => {
  merchant = await sdkPlayer(t, sdk, 'player1', '1385000');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1386000');
  opsToken = await opsApi(t).login('ops-admin', 'demo-ops-123');
  // The catalogue learns a game's coin types from the roles it reads (as a consignment listing does).
  await rememberTypes(t.db, GAME, await t.app.gateway.snapshot(GAME, merchant.info.roleId));
  await openBrokerChannel(t);
  await approvedMerchant(t, app, merchant.token, '面交金铺');
  lot = await publishedListing(app, merchant);
});

describe(`broker delivery by an in-game trade (${testDb})`, () => {
  it('the game delivers through the API until an operator sets it to trade in the console; bad settings change nothing', async () => {
    expect((await app.call(appBrokerConfig, { applicationId: GAME })).data).toMatchObject({ delivery: 'api' });
    const bad = [
      [{ ...SETTINGS, delivery: 'mail' }, '请选择发货方式'],
      [{ ...SETTINGS, minQuantity: 200, maxQuantity: 100 }, '单笔最少数量不能大于最多数量'],
      [{ ...SETTINGS, deliverMinutes: 0 }, '发货时效至少1分钟'],
    ] as const;
    for (const [body, msg] of bad) expect(await configure(body)).toMatchObject({ code: '10002', msg });
    expect((await configure(SETTINGS, 'no-such-game')).code).not.toBe('200');
    // Customer service (role cs) may not set it.
    const cs = await opsApi(t).staffMember('cs-trade', 'cs');
    expect((await configure(SETTINGS, GAME, cs.token)).code).not.toBe('200');
    expect((await app.call(appBrokerConfig, { applicationId: GAME })).data).toMatchObject({
      delivery: 'api',
      deliverMinutes: 60,
    });

    const set = await configure(SETTINGS);
    expect(set).toMatchObject({ code: '200', data: { delivery: 'trade', enabled: true } });
    expect((await app.call(appBrokerConfig, { applicationId: GAME })).data).toMatchObject({ delivery: 'trade' });
    const listed = await opsApi(t).call<{ list: Array<{ applicationId: string; delivery: string }> }>(
      'GET',
      '/broker-configs',
      { token: opsToken },
    );
    expect(listed.data.list.find((g) => g.applicationId === GAME)).toMatchObject({ delivery: 'trade' });
    expect(listed.data.list.find((g) => g.applicationId === 'demo-xianxia')).toMatchObject({ delivery: 'api' });
    const audit = await opsApi(t).call<{ list: Array<{ action: string }> }>('GET', '/audit', { token: opsToken });
    expect(audit.data.list.filter((a) => a.action === 'brokerConfig.set')).toHaveLength(1);
  });

  it('the operator chooses the coin types among the game’s own; goldType and publishCommodity honour them; audited', async () => {
    const configs = async () =>
      (
        await opsApi(t).call<{
          list: Array<{
            applicationId: string;
            goldTypes: unknown[];
            gameGoldTypes: Array<{ goldType: number; goldName: string }>;
          }>;
        }>('GET', '/broker-configs', { token: opsToken })
      ).data.list.find((g) => g.applicationId === GAME);
    const own = (await configs())?.gameGoldTypes ?? [];
    expect(own.map((g) => g.goldType)).toEqual([1, 2, 3]);
    const [yuanbao, gold] = own as [(typeof own)[0], (typeof own)[0]];
    const channelTypes = async () => (await app.call(appBrokerConfig, { applicationId: GAME })).data;
    const was = await channelTypes();

    // Wrong choices are refused and change nothing.
    const { goldTypes: _none, ...withoutTypes } = SETTINGS;
    const bad = [
      [withoutTypes, '请选择币种'],
      [{ ...SETTINGS, goldTypes: [] }, '开放频道时请至少选择一个币种'],
      [{ ...SETTINGS, goldTypes: [2, 99] }, '币种99不属于该游戏，请从该游戏的币种中选择'],
      [{ ...SETTINGS, goldTypes: ['2'] }, '币种不正确'],
    ] as const;
    for (const [body, msg] of bad) expect(await configure(body)).toMatchObject({ code: '10002', msg });
    expect(await channelTypes()).toEqual(was);

    // Only 元宝: the channel's types, goldType, and publishing follow.
    const set = await configure({ ...SETTINGS, goldTypes: [1] });
    expect(set).toMatchObject({ code: '200', data: { goldTypes: [yuanbao] } });
    expect((await app.call(goldType, { applicationId: GAME })).data).toEqual({ list: [yuanbao] });
    expect((await configs())?.goldTypes).toEqual([yuanbao]);
    const publish = (type: number) =>
      app.call(
        publishCommodity,
        {
          applicationId: GAME,
          serverId: merchant.pt.serverId,
          goldType: type,
          unitPrice: 150,
          stock: 100_000,
          minPerOrder: 10_000,
          maxPerOrder: 100_000,
          deliverMinutes: 30,
        },
        { token: merchant.token },
      );
    expectCode(await publish(2), '10002', `${gold.goldName}未开放商人寄售，可选币种：${yuanbao.goldName}`);
    expectCode(await publish(99), '10002', '该币种暂不支持商人寄售');
    const published = await publish(1);
    expectCode(published, '200');
    expect(published.data).toMatchObject({ goldType: 1, goldName: yuanbao.goldName });
    const extra = (published.data as BrokerListing).commodityId;
    expectCode(await app.call(brokerDownShelf, { commodityId: extra }, { token: merchant.token }), '200');
    expectCode(await app.call(delCommodity, { commodityId: extra }, { token: merchant.token }), '200');

    // The audit keeps the types before and after, like the other settings.
    const audit = await opsApi(t).call<{ list: Array<{ action: string; before: unknown; after: unknown }> }>(
      'GET',
      '/audit',
      { token: opsToken },
    );
    expect(audit.data.list.find((a) => a.action === 'brokerConfig.set')).toMatchObject({
      before: { goldTypes: [1, 2], delivery: 'trade' },
      after: { goldTypes: [1], delivery: 'trade' },
    });

    // Closed, none may be chosen: the game's own stand (nothing is traded while closed).
    expect(await configure({ ...SETTINGS, enabled: false, goldTypes: [] })).toMatchObject({
      code: '200',
      data: { enabled: false, goldTypes: own },
    });
    // Two again, in the game's order whatever the order chosen; a repeated type counts once.
    expect(await configure({ ...SETTINGS, goldTypes: [2, 1, 2] })).toMatchObject({
      code: '200',
      data: { goldTypes: [yuanbao, gold] },
    });
  });

  it('starts without the game moving coins, the merchant reports with a note and screenshots, the buyer confirms; wrong inputs and repeats change nothing', async () => {
    const freeze = vi.spyOn(t.app.gateway, 'freeze');
    const transfer = vi.spyOn(t.app.gateway, 'transfer');
    try {
      const order = await paidOrder(20_000);
      expect(order.delivery).toBe('trade');
      // A report before delivery started.
      expectCode(await report(order.orderId), '10002', '订单不在发货中状态');
      const started = await start(order.orderId);
      expectCode(started, '200');
      expect(started.data).toMatchObject({
        status: 106,
        delivery: 'trade',
        deliverFrom: { gameRoleId: merchant.info.roleId, roleName: merchant.info.role },
        receipt: null,
        tradeReport: null,
      });
      expect((started.data as BrokerOrder).deliverFrom?.serverName).not.toBe('');
      // The sweeper an hour later does not deliver it through the API.
      expect(await retryBrokerDeliveries(deps(), Date.now() + 3_600_000)).toBe(0);
      expect(freeze).not.toHaveBeenCalled();
      expect(transfer).not.toHaveBeenCalled();
      expect((await info(order.orderId)).status).toBe(106);
      // The chat tells both sides where to meet.
      const lines = await chatLines(order.teamInfo.groupId);
      expect(lines.at(-1)?.body).toContain(`商人角色「${merchant.info.role}」`);
      expect(lines.at(-1)?.body).toContain(`买家角色「${buyer.info.role}」`);

      // The buyer cannot report; someone else's screenshot and a fourth screenshot are refused.
      expectCode(await report(order.orderId, {}, buyer.token), '10002', '只有商人可以操作');
      const theirs = await upload(buyer.token);
      expectCode(await report(order.orderId, { images: [theirs] }), '10002', '交易截图须是您在本平台上传的图片');
      const mine = await upload(merchant.token);
      expectCode(await report(order.orderId, { images: [mine, mine, mine, mine] }), '10002', '最多上传3张交易截图');
      expectCode(await report(order.orderId, { note: '交'.repeat(201) }), '10002', '交易说明不超过200个字');
      expect((await info(order.orderId)).status).toBe(106);

      const reported = await report(order.orderId, { note: '已在银杏村交易行面交', images: [mine] });
      expectCode(reported, '200');
      const seen = await info(order.orderId);
      expect(seen).toMatchObject({
        status: 107,
        tradeReport: { note: '已在银杏村交易行面交', images: [mine] },
        receipt: null,
      });
      expect(seen.autoConfirmTime).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
      const after = await chatLines(order.teamInfo.groupId);
      expect(after.at(-1)).toMatchObject({ kind: 'image' });
      expect(after.some((l) => l.body.includes('商人已报告在游戏中将'))).toBe(true);
      // A repeat answers the order as it is: the first report stays.
      const again = await report(order.orderId, { note: '再报一次' });
      expectCode(again, '200');
      expect(again.data).toMatchObject({ status: 107, tradeReport: { note: '已在银杏村交易行面交' } });
      expect((await chatLines(order.teamInfo.groupId)).length).toBe(after.length);

      const merchantBefore = await available(merchant.userId);
      expectCode(await app.call(brokerConfirmOrder, { orderId: order.orderId }, { token: buyer.token }), '200');
      expect((await info(order.orderId)).status).toBe(112);
      await settleBrokerOrders(deps(), Date.now() + 25 * 3_600_000);
      expect((await info(order.orderId)).status).toBe(111);
      expect(await available(merchant.userId)).toBe(
        merchantBefore + order.totalAmount - Math.round(order.totalAmount * 0.03),
      );
      expect(freeze).not.toHaveBeenCalled();
      expect(transfer).not.toHaveBeenCalled();
      expect(await checkLedger(t.db)).toEqual([]);
    } finally {
      freeze.mockRestore();
      transfer.mockRestore();
    }
  });

  it('the buyer refuses a reported trade: customer service decides, as after a receipt', async () => {
    const order = await paidOrder();
    expectCode(await start(order.orderId), '200');
    expectCode(await report(order.orderId), '200');
    const refused = await app.call(
      brokerRefuseOrder,
      { orderId: order.orderId, reason: '游戏里没有收到金币' },
      { token: buyer.token },
    );
    expectCode(refused, '200');
    expect(refused.data).toMatchObject({ status: -105 });
    expectCode(await report(order.orderId), '10002', '订单不在发货中状态');
    const before = await available(buyer.userId);
    const resolved = await opsApi(t).call('POST', `/broker-orders/${order.orderId}/resolve`, {
      token: opsToken,
      body: { decision: 'refund', note: '商人未能提供交易截图' },
    });
    expect(resolved.data).toMatchObject({ status: -121 });
    expect(await available(buyer.userId)).toBe(before);
    expect(await refundedToOrigin(t, order.orderId)).toBe(order.totalAmount);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('an order keeps the way its delivery started with; the game switched back to the API does not deliver it', async () => {
    const order = await paidOrder();
    expectCode(await start(order.orderId), '200');
    expect((await configure({ ...SETTINGS, delivery: 'api' })).code).toBe('200');
    try {
      expect(await retryBrokerDeliveries(deps(), Date.now() + 3_600_000)).toBe(0);
      expect(await info(order.orderId)).toMatchObject({ status: 106, delivery: 'trade' });
      expectCode(await report(order.orderId), '200');
      expect(await info(order.orderId)).toMatchObject({ status: 107, delivery: 'trade', receipt: null });
    } finally {
      expect((await configure(SETTINGS)).code).toBe('200');
    }
  });

  it('two reports at once: one move, one chat line; a late cancel racing the merchant starting and reporting: one wins', async () => {
    const order = await paidOrder();
    expectCode(await start(order.orderId), '200');
    const before = (await chatLines(order.teamInfo.groupId)).length;
    const both = await Promise.all([report(order.orderId, { note: '甲' }), report(order.orderId, { note: '乙' })]);
    expect(both.map((r) => r.code)).toEqual(['200', '200']);
    const seen = await info(order.orderId);
    expect(seen.status).toBe(107);
    expect(both.map((r) => (r.data as BrokerOrder).tradeReport?.note)).toEqual([
      seen.tradeReport?.note,
      seen.tradeReport?.note,
    ]);
    expect((await chatLines(order.teamInfo.groupId)).length).toBe(before + 1);

    for (let round = 0; round < 3; round++) {
      const late = await paidOrder();
      await t.db
        .updateTable('broker_orders')
        .set({ deliver_before: new Date(Date.now() - 60_000) })
        .where('id', '=', Number(late.orderId))
        .execute();
      const buyerBefore = await available(buyer.userId);
      const [cancelled, reportedAfterStart] = await Promise.all([
        app.call(brokerCancelOrder, { orderId: late.orderId }, { token: buyer.token }),
        start(late.orderId).then(async (s) => (s.code === '200' ? report(late.orderId, { note: '已交易' }) : s)),
      ]);
      const status = (await info(late.orderId)).status;
      if (cancelled.code === '200') {
        expectCode(reportedAfterStart, '10002');
        expect(status).toBe(-121);
        expect(await available(buyer.userId)).toBe(buyerBefore);
        expect(await refundedToOrigin(t, late.orderId)).toBe(late.totalAmount);
      } else {
        expectCode(cancelled, '10002');
        expectCode(reportedAfterStart, '200');
        expect(status).toBe(107);
        expect(await available(buyer.userId)).toBe(buyerBefore);
      }
    }
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
