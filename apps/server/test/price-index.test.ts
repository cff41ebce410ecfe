import { type PriceIndex, priceIndex } from '@app/protocol/calls/market-index';
import type { CallInput } from '@app/protocol/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { binQuantile } from '../src/modules/stats/price-index';
import { expectCode, useTestApp, useTestClient } from './helpers';

/**
 * The price indices (issue 36 item 3): known finished trades on two Beijing days, the day
 * histograms rolled up, every median and band against its hand-computed value, the ¥1.60/万 lot
 * that does not move the coin index, the refused ranges, a rerun that changes nothing.
 */
const t = useTestApp({ STATS_LOOKBACK_HOURS: '2', STATS_BACKFILL_DAYS: '10' });
const client = useTestClient(t, 'H5');
const legend = { headers: { 'x-appid': 'demo-legend' } };

// Day 1 is 2026-11-10 in Beijing, day 2 the 11th; the trades at 10:00 Beijing (02:00Z).
const D1 = '2026-11-10';
const D2 = '2026-11-11';
const NOW = new Date('2026-11-11T12:00:00Z');

let ids = 0;
async function trade(o: {
  type: 1 | 2 | 3;
  day: string;
  price: number;
  group?: string;
  game?: string;
  coinType?: number;
  coins?: number;
  roleType?: number;
  level?: number;
  subType?: number;
}) {
  const row = await t.db
    .insertInto('market_trades')
    .values({
      commodity_id: null,
      application_id: o.game ?? 'demo-legend',
      type: o.type,
      server_id: `${o.group ?? 'm1'}-a`,
      master_server_id: o.group ?? 'm1',
      title: `成交 ${++ids}`,
      role_type: o.roleType ?? null,
      role_level: o.level ?? null,
      coin_type: o.type === 2 ? (o.coinType ?? 1) : null,
      coin_num: o.type === 2 ? (o.coins ?? 10_000) : null,
      sub_type: o.subType ?? null,
      item_name: null,
      price_fen: o.price,
      sold_at: new Date(`${o.day}T10:00:00+08:00`),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const ask = async (q: Partial<CallInput<typeof priceIndex>>, options: { headers: Record<string, string> } = legend) =>
  client.call(priceIndex, { type: 2, kind: '1', masterServerId: 'm1', from: D1, to: D2, ...q } as never, options);
const index = async (q: Partial<CallInput<typeof priceIndex>>) => {
  const res = await ask(q);
  expectCode(res, '200');
  return res.data as PriceIndex;
};

beforeAll(async () => {
  // Coins, server group m1, coin type 1, day 1: ¥28, ¥29, ¥30, ¥31 per 万, and the ¥1.60/万 lot.
  await trade({ type: 2, day: D1, price: 2800 });
  await trade({ type: 2, day: D1, price: 5800, coins: 20_000 });
  await trade({ type: 2, day: D1, price: 3000 });
  await trade({ type: 2, day: D1, price: 15_500, coins: 50_000 });
  await trade({ type: 2, day: D1, price: 1600, coins: 100_000 });
  // Day 2: ¥30.00, ¥30.00, ¥30.10 (one 1% bin with ¥30.00 of day 1).
  await trade({ type: 2, day: D2, price: 3000 });
  await trade({ type: 2, day: D2, price: 3000 });
  await trade({ type: 2, day: D2, price: 3010 });
  // Group m3, day 1: the same four without the lot.
  for (const [price, coins] of [
    [2800, 10_000],
    [5800, 20_000],
    [3000, 10_000],
    [15_500, 50_000],
  ] as const)
    await trade({ type: 2, day: D1, price, coins, group: 'm3' });
  // Group m2, day 1: ¥32; another coin type and another game do not mix in.
  await trade({ type: 2, day: D1, price: 3200, group: 'm2' });
  await trade({ type: 2, day: D1, price: 9900, coinType: 2 });
  await trade({ type: 2, day: D1, price: 9900, game: 'demo-other' });
  // Roles of type 2: levels 45, 48, 41 (band 40-49) and 62 (60-69); props of sub-type 2.
  await trade({ type: 1, day: D1, price: 10_000, roleType: 2, level: 45 });
  await trade({ type: 1, day: D1, price: 12_000, roleType: 2, level: 48 });
  await trade({ type: 1, day: D2, price: 50_000, roleType: 2, level: 41 });
  await trade({ type: 1, day: D2, price: 80_000, roleType: 2, level: 62 });
  await trade({ type: 3, day: D1, price: 500, subType: 2 });
  await trade({ type: 3, day: D2, price: 700, subType: 2 });
  await t.app.stats.rollUp(NOW);
});

describe('the coin price index', () => {
  it('answers each day the median and P25–P75 of the kept trades, the ¥1.60/万 lot trimmed', async () => {
    const res = await index({});
    // Day 1 kept 2800, 2900, 3000, 3100: median at rank 1.5 = 2950, P25 at 0.75 = 2875, P75 at 2.25 = 3025.
    // Day 2: 3000, 3000, 3010 share one bin, its mean 3003.33 → 3003 for every rank.
    expect(res.points).toEqual([
      { day: D1, trades: 4, trimmed: 1, p25: 2875, median: 2950, p75: 3025 },
      { day: D2, trades: 3, trimmed: 0, p25: 3003, median: 3003, p75: 3003 },
    ]);
    // The range: 2800, 2900, four in the ¥30 bin (mean 3002.5), 3100; P25 at 1.5 = 2951.25.
    expect(res.range).toEqual({ trades: 7, trimmed: 1, p25: 2951, median: 3003, p75: 3003 });
    // Every kind of the group over the range, whichever the points were asked for.
    expect(res.kinds).toEqual([
      { kind: '1', levelBand: '', trades: 7, trimmed: 1, p25: 2951, median: 3003, p75: 3003 },
      { kind: '2', levelBand: '', trades: 1, trimmed: 0, p25: 9900, median: 9900, p75: 9900 },
    ]);
  });

  it('is not moved by the outlier: the same trades without it answer the same figures', async () => {
    const withIt = (await index({ to: D1 })).points;
    const without = (await index({ masterServerId: 'm3', to: D1 })).points;
    expect(without).toEqual([{ day: D1, trades: 4, trimmed: 0, p25: 2875, median: 2950, p75: 3025 }]);
    expect(withIt.map(({ trimmed: _, ...f }) => f)).toEqual(without.map(({ trimmed: _, ...f }) => f));
    // Untrimmed, the median of the five would be 2900 and P25 2800: the trim is what keeps them.
    const bins = [160, 2800, 2900, 3000, 3100].map((p, i) => ({ bin: i, n: 1, total: p }));
    expect([binQuantile(bins, 0.25), binQuantile(bins, 0.5)]).toEqual([2800, 2900]);
  });

  it('sums server groups for the whole game, and keeps coin types and games apart', async () => {
    const group2 = await index({ masterServerId: 'm2' });
    expect(group2.points).toEqual([{ day: D1, trades: 1, trimmed: 0, p25: 3200, median: 3200, p75: 3200 }]);
    // Day 1 of the game: 160 (trimmed), 2800 ×2, 2900 ×2, 3000 ×2, 3100 ×2, 3200: nine kept,
    // P25 at rank 2 = 2900, the median at 4 = 3000, P75 at 6 = 3100.
    const game = await index({ masterServerId: '', to: D1 });
    expect(game.points).toEqual([{ day: D1, trades: 9, trimmed: 1, p25: 2900, median: 3000, p75: 3100 }]);
    expect((await index({ kind: '2', to: D1 })).points.map((p) => p.median)).toEqual([9900]);
    expect((await index({ kind: '' })).kinds.map((k) => k.kind)).toEqual(['1', '2']);
    const other = await ask({}, { headers: { 'x-appid': 'demo-other' } });
    expect((other.data as PriceIndex).points.map((p) => p.median)).toEqual([9900]);
  });
});

describe('roles and props', () => {
  it('answer the median by class and level band, untrimmed', async () => {
    const roles = await index({ type: 1, kind: '' });
    expect(roles.kinds).toEqual([
      // 10000, 12000, 50000: median 12000, P25 at 0.5 = 11000, P75 at 1.5 = 31000.
      { kind: '2', levelBand: '40-49', trades: 3, trimmed: 0, p25: 11_000, median: 12_000, p75: 31_000 },
      { kind: '2', levelBand: '60-69', trades: 1, trimmed: 0, p25: 80_000, median: 80_000, p75: 80_000 },
    ]);
    const band = await index({ type: 1, kind: '2', levelBand: '40-49' });
    expect(band.points.map((p) => [p.day, p.median])).toEqual([
      [D1, 11_000],
      [D2, 50_000],
    ]);
    const props = await index({ type: 3, kind: '2' });
    expect(props.range).toEqual({ trades: 2, trimmed: 0, p25: 550, median: 600, p75: 650 });
  });
});

describe('bad input and reruns', () => {
  it('refuses ranges beyond 90 days, backwards or malformed, and a call without a game', async () => {
    expectCode(await ask({ from: '2026-08-13', to: D2 }), '10002', '行情一次最多查询90天');
    expectCode(await ask({ from: '2026-08-14', to: D2 }), '200');
    expectCode(await ask({ from: D2, to: D1 }), '10002', '开始日期不能晚于结束日期');
    expectCode(await ask({ from: '2026/11/10' }), '10002', '日期格式应为 2026-12-02');
    expectCode(await ask({ type: 4 as never }), '10002', '商品类型不正确');
    expectCode(await ask({ masterServerId: "m1' or 1=1" }), '10002', '服务器不正确');
    expectCode(await ask({}, { headers: {} }), '10003');
  });

  it('a rerun writes the same histograms, and a sale undone leaves its day on the next run', async () => {
    const rows = () =>
      t.db
        .selectFrom('stats_price_daily')
        .selectAll()
        .orderBy(['game', 'goods_type', 'server_group', 'kind', 'level_band', 'bucket', 'bin'])
        .execute();
    const before = await rows();
    await t.app.stats.rollUp(NOW);
    await t.app.stats.rollUp(new Date(NOW.getTime() + 60_000));
    expect(await rows()).toEqual(before);
    const undone = await trade({ type: 3, day: D2, price: 900, subType: 2 });
    await t.app.stats.rollUp(NOW);
    expect((await index({ type: 3, kind: '2' })).range?.median).toBe(700);
    await t.db.deleteFrom('market_trades').where('id', '=', undone).execute();
    await t.app.stats.rollUp(NOW);
    expect(await rows()).toEqual(before);
    // A deployment that rolled up before the histograms existed: the next run fills the days
    // behind its look-back once (day 1 here), and marks it done.
    await t.db.deleteFrom('stats_price_daily').execute();
    await t.db.deleteFrom('settings').where('key', '=', 'stats.pricesFrom').execute();
    await t.app.stats.rollUp(NOW);
    expect(await rows()).toEqual(before);
    const mark = await t.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'stats.pricesFrom')
      .executeTakeFirst();
    expect(mark).toBeDefined();
  });
});
