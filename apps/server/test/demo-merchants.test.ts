import { type BrokerListing, brokerChannels, brokerCommodityList } from '@app/protocol/calls/broker';
import { describe, expect, it } from 'vitest';
import { DEMO_SHOPS, seedDemoMerchants } from '../../../demo/src/demo-merchants';
import { demoMerchantAccounts } from '../../../demo/src/embedded-demo-game';
import { setBrokerConfig } from '../src/modules/broker/broker-config';
import { findOrCreateUserByIdentity } from '../src/modules/user/user.service';
import { testDb, useTestApp, useTestClient } from './helpers';

const t = useTestApp({}, { timeout: 120_000 });
const app = useTestClient(t, 'APP');
const GAME = 'demo-legend';

const open = (applicationId: string) =>
  setBrokerConfig(t.db, {
    applicationId,
    enabled: true,
    minQuantity: 10_000,
    maxQuantity: 100_000_000,
    feePercent: 3,
    deliverMinutes: 30,
    confirmHours: 24,
  });
const merchants = (applicationId: string) =>
  t.db
    .selectFrom('merchants')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('shop_name')
    .execute() as Promise<Array<{ id: number; status: string; shop_name: string; credit_fen: number }>>;
const listings = (applicationId: string) =>
  t.db.selectFrom('broker_listings').selectAll().where('application_id', '=', applicationId).execute() as Promise<
    Array<{ merchant_id: number; stock: number; status: number; gold_type: number; server_id: string }>
  >;

describe(`the demo market's merchants (${testDb})`, () => {
  it('seeds nothing in a game whose channel is closed (the tests start without the demo market)', async () => {
    expect(await merchants(GAME)).toEqual([]);
    expect(await seedDemoMerchants(t.db, t.app.gateway, ['demo-xianxia'], t.app.log)).toEqual({
      merchants: 0,
      listings: 0,
    });
    expect(await merchants('demo-xianxia')).toEqual([]);
    // The lobby's entries: no channel open, none.
    expect((await app.call(brokerChannels, {})).data).toEqual({ list: [] });
  });

  it('two approved merchants per game with stock on the market, seeded once even when started twice at once', async () => {
    await open(GAME);
    // Their users exist first (two first sign-ins of one game account at once are the user module's matter).
    for (const account of demoMerchantAccounts(GAME))
      await findOrCreateUserByIdentity(t.db, `game:${GAME}`, account, null);
    const [a, b] = await Promise.all([
      seedDemoMerchants(t.db, t.app.gateway, [GAME], t.app.log),
      seedDemoMerchants(t.db, t.app.gateway, [GAME], t.app.log),
    ]);
    expect((a?.merchants ?? 0) + (b?.merchants ?? 0)).toBe(2);
    const shops = await merchants(GAME);
    expect(shops.map((m) => [m.shop_name, m.status])).toEqual([...DEMO_SHOPS].sort().map((name) => [name, 'approved']));
    expect(shops.every((m) => Number(m.credit_fen) > 0)).toBe(true);
    const lots = await listings(GAME);
    for (const m of shops) expect(lots.filter((l) => l.merchant_id === m.id).length).toBeGreaterThan(0);
    expect(lots.length).toBe((a?.listings ?? 0) + (b?.listings ?? 0));
    expect(lots.every((l) => l.status === 0 && Number(l.stock) >= 10_000)).toBe(true);
    // The stock is coins the merchants' roles hold on the listing's server (what they can deliver).
    const held = new Map<string, number>();
    for (const account of demoMerchantAccounts(GAME))
      for (const role of (await t.app.gateway.roles(GAME, account)).roles) {
        const snap = await t.app.gateway.snapshot(GAME, role.id);
        snap.coins.forEach((c, i) => {
          const k = `${snap.serverId}/${i + 1}`;
          held.set(k, (held.get(k) ?? 0) + c.available);
        });
      }
    for (const lot of lots)
      expect(Number(lot.stock)).toBeLessThanOrEqual(held.get(`${lot.server_id}/${lot.gold_type}`) ?? 0);
    // Buyers see them on the market.
    const market = await app.call(brokerCommodityList, { applicationId: GAME, pageSize: 50 });
    const shown = (market.data as { list: BrokerListing[] }).list;
    expect(new Set(shown.map((l) => l.shopName))).toEqual(new Set(DEMO_SHOPS));

    // The lobby's entry of the game counts them.
    const channels = (await app.call(brokerChannels, {})).data as {
      list: Array<{ applicationId: string; onSaleCount: number; goldTypes: unknown[] }>;
    };
    expect(channels.list.map((c) => [c.applicationId, c.onSaleCount])).toEqual([[GAME, lots.length]]);
    expect(channels.list[0]?.goldTypes.length).toBeGreaterThan(0);
    // Again: nothing more.
    expect(await seedDemoMerchants(t.db, t.app.gateway, [GAME], t.app.log)).toEqual({ merchants: 0, listings: 0 });
    expect((await listings(GAME)).length).toBe(lots.length);
    expect((await merchants(GAME)).length).toBe(2);
  });

  it('each demo game gets its own two', async () => {
    await open('demo-sanguo');
    const seeded = await seedDemoMerchants(t.db, t.app.gateway, ['demo-sanguo'], t.app.log);
    expect(seeded.merchants).toBe(2);
    expect(seeded.listings).toBeGreaterThan(0);
    expect((await merchants('demo-sanguo')).length).toBe(2);
    // A channel closed again leaves the lobby.
    await setBrokerConfig(t.db, {
      applicationId: 'demo-sanguo',
      enabled: false,
      minQuantity: 10_000,
      maxQuantity: 100_000_000,
      feePercent: 3,
      deliverMinutes: 30,
      confirmHours: 24,
    });
    const channels = (await app.call(brokerChannels, {})).data as { list: Array<{ applicationId: string }> };
    expect(channels.list.map((c) => c.applicationId)).toEqual([GAME]);
  });
});
