import {
  appBrokerConfig,
  type BrokerListing,
  brokerCommodityInfo,
  brokerCommodityList,
  brokerDownShelf,
  brokerOnShelf,
  delCommodity,
  getMyCommodityList,
  goldType,
  type Merchant,
  merchantApply,
  merchantInfo,
  publishCommodity,
  updateCommodityStock,
} from '@app/protocol/calls/broker';
import { beforeAll, describe, expect, it } from 'vitest';
import { setBrokerConfig } from '../src/modules/broker/broker-config';
import { reserveBrokerStock } from '../src/modules/broker/broker-listing.service';
import { expectCode, loginAs, sdkPlayer, testDb, useTestApp, useTestClient } from './helpers';
import { opsApi } from './ops-helpers';

const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
const GAME = 'demo-legend';
let merchant: Awaited<ReturnType<typeof sdkPlayer>>;
let opsToken: string;

const publish = (over: Record<string, unknown> = {}, token = merchant.token) =>
  app.call(
    publishCommodity,
    {
      applicationId: GAME,
      serverId: merchant.pt.serverId,
      goldType: 2,
      unitPrice: 150,
      stock: 5_000_000,
      minPerOrder: 10_000,
      maxPerOrder: 1_000_000,
      deliverMinutes: 30,
      ...over,
    },
    { token },
  );
const decide = (merchantId: string, body: Record<string, unknown>, token = opsToken) =>
  opsApi(t).call('POST', `/merchants/${merchantId}/decide`, { token, body });

beforeAll(async () => {
  merchant = await sdkPlayer(t, sdk, 'player1', '1385000');
  opsToken = await opsApi(t).login('ops-admin', 'demo-ops-123');
});

describe('the broker channel: settings, merchants, listings with stock', () => {
  it('is closed until the operator opens it; then a verified user applies and the console decides, audited', async () => {
    expect((await app.call(appBrokerConfig, { applicationId: GAME })).data).toMatchObject({ enabled: false });
    expectCode(
      await app.call(
        merchantApply,
        { applicationId: GAME, shopName: '龙城金铺', agreement: true },
        { token: merchant.token },
      ),
      '10002',
      '该游戏暂未开放商人入驻',
    );
    await setBrokerConfig(t.db, {
      applicationId: GAME,
      enabled: true,
      goldTypes: [
        { goldType: 1, goldName: '元宝' },
        { goldType: 2, goldName: '金币' },
      ],
      minQuantity: 10_000,
      maxQuantity: 100_000_000,
      feePercent: 3,
      deliverMinutes: 60,
      confirmHours: 24,
    });
    const config = (await app.call(appBrokerConfig, { applicationId: GAME })).data as { goldTypes: unknown[] };
    expect(config).toMatchObject({ enabled: true, minQuantity: 10_000, feePercent: 3 });
    expect(config.goldTypes).toHaveLength(2);
    expect((await app.call(goldType, { applicationId: GAME })).data).toEqual({ list: config.goldTypes });
    expectCode(await app.call(appBrokerConfig, { applicationId: 'no-such-game' }), '10003');

    // Without a real name nobody applies.
    const stranger = await loginAs(t, '13788880001');
    expectCode(
      await app.call(
        merchantApply,
        { applicationId: GAME, shopName: '路人', agreement: true },
        { token: stranger.token },
      ),
      '10002',
      '请先完成实名认证',
    );
    expectCode(
      await app.call(
        merchantApply,
        { applicationId: GAME, shopName: '龙', agreement: true },
        { token: merchant.token },
      ),
      '10002',
      '店铺名称为2到16个字',
    );
    const applied = await app.call(
      merchantApply,
      { applicationId: GAME, shopName: '龙城金铺', agreement: true },
      { token: merchant.token },
    );
    expect(applied.data).toMatchObject({ status: 'applied', statusLabel: '审核中', shopName: '龙城金铺' });
    const { merchantId } = applied.data as Merchant;
    expectCode(await publish(), '10002', '商人入驻审核中，请耐心等待');

    // Customer service may not decide; an operator must record the credit to approve, a reason to reject.
    const cs = await opsApi(t).login('ops-cs', 'demo-cs-123');
    expect((await decide(merchantId, { decision: 'approve', creditFen: 100_000 }, cs)).msg).toBe(
      '仅运营和管理员可以审核商人（当前角色：客服）',
    );
    expect((await decide(merchantId, { decision: 'approve' })).msg).toBe('请填写保证金或授信额度');
    expect((await decide(merchantId, { decision: 'reject' })).msg).toBe('请填写原因');
    expect((await decide(merchantId, { decision: 'approve', creditFen: 100_000 })).data).toMatchObject({
      status: 'approved',
    });
    expect((await decide(merchantId, { decision: 'approve', creditFen: 100_000 })).msg).toBe(
      '商人当前状态为「已开通」，无法操作',
    );
    const audit = await opsApi(t).call<{ list: Array<{ action: string }> }>('GET', '/audit', { token: opsToken });
    expect(audit.data.list.map((a) => a.action)).toContain('merchant.decide');
    expect((await app.call(merchantInfo, { applicationId: GAME }, { token: merchant.token })).data).toMatchObject({
      merchant: { status: 'approved', statusLabel: '已开通' },
    });
  });

  it('publishes within the game’s bounds, lists cheapest first, and manages stock and shelf', async () => {
    expectCode(await publish({ goldType: 99 }), '10002', '该币种暂不支持商人寄售');
    expectCode(await publish({ serverId: 'nowhere' }), '10002', '区服不存在');
    expectCode(await publish({ minPerOrder: 100 }), '10002', '单笔最少数量不能低于10000');
    expectCode(await publish({ maxPerOrder: 200_000_000 }), '10002', '单笔最多数量不能高于100000000');
    expectCode(await publish({ minPerOrder: 50_000, maxPerOrder: 20_000 }), '10002', '单笔最少数量不能大于最多数量');
    expectCode(await publish({ stock: 5_000 }), '10002', '库存不能少于单笔最少数量');
    expectCode(await publish({ deliverMinutes: 120 }), '10002', '发货时效不能超过60分钟');
    expectCode(await publish({ unitPrice: 0 }), '10002', '单价须大于0');
    const dear = (await publish({ unitPrice: 180 })).data as BrokerListing;
    const cheap = (await publish({ unitPrice: 120, stock: 2_000_000 })).data as BrokerListing;
    expect(cheap).toMatchObject({ status: 0, statusLabel: '出售中', shopName: '龙城金铺', stock: 2_000_000 });
    const market = (await app.call(brokerCommodityList, { applicationId: GAME, serverId: merchant.pt.serverId }))
      .data as { list: BrokerListing[]; total: number };
    expect(market.list.map((l) => l.commodityId).slice(0, 2)).toEqual([cheap.commodityId, dear.commodityId]);
    expect(market.total).toBeGreaterThanOrEqual(2);

    // Another user can neither change nor see as his.
    const other = await sdkPlayer(t, sdk, 'buyer1', '1386000');
    expectCode(
      await app.call(updateCommodityStock, { commodityId: cheap.commodityId, stock: 1 }, { token: other.token }),
      '30001',
    );
    expect(((await app.call(getMyCommodityList, {}, { token: other.token })).data as { list: unknown[] }).list).toEqual(
      [],
    );

    // Stock 0 is 已售罄 and leaves the list; restocking puts it back.
    const soldOut = (
      await app.call(updateCommodityStock, { commodityId: cheap.commodityId, stock: 0 }, { token: merchant.token })
    ).data as BrokerListing;
    expect(soldOut).toMatchObject({ status: 2, statusLabel: '已售罄' });
    const ids = async () =>
      ((await app.call(brokerCommodityList, { applicationId: GAME })).data as { list: BrokerListing[] }).list.map(
        (l) => l.commodityId,
      );
    expect(await ids()).not.toContain(cheap.commodityId);
    expect(
      (
        await app.call(
          updateCommodityStock,
          { commodityId: cheap.commodityId, stock: 300_000 },
          { token: merchant.token },
        )
      ).data,
    ).toMatchObject({ status: 0, stock: 300_000 });
    // Delisted, it is not for sale; on shelf again; deleted only once delisted, then gone.
    expectCode(
      await app.call(delCommodity, { commodityId: dear.commodityId }, { token: merchant.token }),
      '10002',
      '请先下架商品再删除',
    );
    expect(
      (await app.call(brokerDownShelf, { commodityId: dear.commodityId }, { token: merchant.token })).data,
    ).toMatchObject({ status: 1, statusLabel: '已下架' });
    expect(await ids()).not.toContain(dear.commodityId);
    const back = await app.call(brokerOnShelf, { commodityId: dear.commodityId }, { token: merchant.token });
    expectCode(back, '200');
    expect(back.data).toMatchObject({ status: 0 });
    await app.call(brokerDownShelf, { commodityId: dear.commodityId }, { token: merchant.token });
    expectCode(await app.call(delCommodity, { commodityId: dear.commodityId }, { token: merchant.token }), '200');
    expectCode(await app.call(brokerCommodityInfo, { commodityId: dear.commodityId }), '30001');
    const mine = (await app.call(getMyCommodityList, { applicationId: GAME }, { token: merchant.token })).data as {
      list: BrokerListing[];
    };
    expect(mine.list.map((l) => l.commodityId)).toEqual([cheap.commodityId]);

    // A suspended merchant's listings leave the list and he cannot restock.
    const { merchantId } = cheap;
    expect((await decide(merchantId, { decision: 'suspend', note: '发货超时投诉' })).data).toMatchObject({
      status: 'suspended',
    });
    expect(await ids()).not.toContain(cheap.commodityId);
    expectCode(
      await app.call(
        updateCommodityStock,
        { commodityId: cheap.commodityId, stock: 400_000 },
        { token: merchant.token },
      ),
      '10002',
      '您的商人资格已暂停，请联系客服',
    );
    expect((await decide(merchantId, { decision: 'restore' })).data).toMatchObject({ status: 'approved' });
    expect(await ids()).toContain(cheap.commodityId);
  });

  it(`never goes below zero: 200 orders at once against 50 orders' stock take exactly 50 (${testDb})`, async () => {
    const lot = (await publish({ stock: 500_000, minPerOrder: 10_000 })).data as BrokerListing;
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.db.transaction().execute((trx) => reserveBrokerStock(trx, Number(lot.commodityId), 10_000)),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(50);
    const after = (await app.call(brokerCommodityInfo, { commodityId: lot.commodityId })).data as BrokerListing;
    expect(after).toMatchObject({ stock: 0, soldQuantity: 500_000, status: 2, statusLabel: '已售罄' });
    // Restock racing orders: the stock never goes below zero, whatever the order.
    await app.call(updateCommodityStock, { commodityId: lot.commodityId, stock: 100_000 }, { token: merchant.token });
    const raced = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        t.db.transaction().execute((trx) => reserveBrokerStock(trx, Number(lot.commodityId), 10_000)),
      ),
      app.call(updateCommodityStock, { commodityId: lot.commodityId, stock: 50_000 }, { token: merchant.token }),
    ]);
    const taken = raced.slice(0, 20).filter(Boolean).length;
    const final = (await app.call(brokerCommodityInfo, { commodityId: lot.commodityId })).data as BrokerListing;
    expect(final.stock).toBeGreaterThanOrEqual(0);
    expect(taken).toBeGreaterThanOrEqual(5);
    expect(taken).toBeLessThanOrEqual(15);
  });
});
