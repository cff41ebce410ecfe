import type { AbComparison, StatsDashboard, StatsDay } from '@app/protocol/ops-stats';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalCdf, twoProportionZ } from '../src/modules/stats/ab-test';
import { loginAs, useTestApp } from './helpers';
import { opsApi } from './ops-helpers';

/**
 * The statistics (issue 36 items 1 and 2): known events and orders on two Beijing days, every
 * dashboard figure against its hand count, the A/B test, reruns, late events, retention, the
 * refused ranges and callers.
 */
const t = useTestApp({ STATS_LOOKBACK_HOURS: '2', STATS_BACKFILL_DAYS: '10', STATS_RAW_RETENTION_DAYS: '3' });
const ops = opsApi(t);

// Day 1 is 2026-11-10 in Beijing (2026-11-09T16:00Z to 2026-11-10T16:00Z), day 2 the 11th.
const at = (iso: string) => new Date(`${iso}Z`);
const D1 = '2026-11-10';
const D2 = '2026-11-11';
const NOW = at('2026-11-10T20:00:00');

/** uid mod 3 = 1 is group B (the clients' rule): 90000000 A, 90000001 B, 90000002 A, 90000003 A. */
const users: Record<string, number> = {};

async function user(uid: string) {
  const row = await t.db
    .insertInto('users')
    .values({ uid, mobile: null, nickname: uid, avatar: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  users[uid] = row.id;
}

let listings = 0;
async function order(o: {
  buyer: string;
  game?: string;
  type?: number;
  price: number;
  buyerFee?: number;
  sellerFee?: number;
  status: number;
  created: string;
  paid?: string;
  confirmed?: string;
  updated?: string;
  refused?: string;
}) {
  const type = o.type ?? 2;
  const game = o.game ?? 'demo-legend';
  const commodity = await t.db
    .insertInto('commodities')
    .values({
      type,
      title: `统计 ${++listings}`,
      application_id: game,
      game_name: game,
      server_id: 's1',
      server_name: 's1',
      master_server_id: 's1',
      role_name: null,
      role_class_name: null,
      role_level: null,
      coin_type_name: '金币',
      coin_type: 2,
      coin_num: 10_000,
      first_img: '',
      price_fen: o.price,
      sale_type: 0,
      auction_enable: 0,
      status: ListingStatus.SELLING,
      seller_user_id: users['90000002'] as number,
      game_account_id: 'seller',
      game_role_id: 'r1',
      published_at: at(o.created),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const placed = await t.db
    .insertInto('orders')
    .values({
      order_no: `STAT${listings}`,
      buyer_user_id: users[o.buyer] as number,
      seller_user_id: users['90000002'] as number,
      commodity_id: commodity.id,
      application_id: game,
      type,
      title: '统计',
      price_fen: o.price,
      buyer_fee_fen: o.buyerFee ?? 0,
      seller_fee_fen: o.sellerFee ?? 0,
      total_fen: o.price + (o.buyerFee ?? 0),
      status: o.status,
      request_key: `stat-${listings}`,
      deliver_account_id: 'buyer',
      created_at: at(o.created),
      paid_at: o.paid ? at(o.paid) : null,
      confirmed_at: o.confirmed ? at(o.confirmed) : null,
      updated_at: at(o.updated ?? o.confirmed ?? o.paid ?? o.created),
      receipt_refused_at: o.refused ? at(o.refused) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return placed.id;
}

/** `n` events of one kind from one device at one time. */
async function events(
  n: number,
  e: { event: string; device: string; uid?: string; at: string; game?: string; type?: string },
) {
  await t.db
    .insertInto('tracking_events')
    .values(
      Array.from({ length: n }, () => ({
        app_id: 'market-h5',
        event: e.event,
        device: JSON.stringify({ deviceId: e.device }),
        user: JSON.stringify({ uid: e.uid ?? '' }),
        properties: JSON.stringify({ gameId: e.game ?? 'demo-legend', goodsType: e.type ?? '2' }),
        received_at: at(e.at),
      })),
    )
    .execute();
}

let operator = '';
beforeAll(async () => {
  for (const uid of ['90000000', '90000001', '90000002', '90000003']) await user(uid);
  // Day 1. Group A: device a1 (uid 90000000) and a2 (signed out); group B: device b1 (uid 90000001).
  await events(10, { event: 'exposure', device: 'a1', uid: '90000000', at: '2026-11-10T02:00:00' });
  await events(4, { event: 'click', device: 'a1', uid: '90000000', at: '2026-11-10T02:00:00' });
  await events(2, { event: 'detail', device: 'a1', uid: '90000000', at: '2026-11-10T02:00:00' });
  await events(10, { event: 'exposure', device: 'a2', at: '2026-11-10T03:00:00' });
  await events(1, { event: 'click', device: 'a2', at: '2026-11-10T03:00:00' });
  await events(10, { event: 'exposure', device: 'b1', uid: '90000001', at: '2026-11-09T16:00:00' });
  await events(6, { event: 'click', device: 'b1', uid: '90000001', at: '2026-11-10T15:59:59' });
  await events(3, { event: 'detail', device: 'b1', uid: '90000001', at: '2026-11-10T15:59:59' });
  await events(1, { event: 'launch', device: 'b1', uid: '90000001', at: '2026-11-10T15:00:00' });
  // Before day 1 (15:59:59Z of the 9th is 23:59:59 in Beijing of the 9th): outside the range.
  await events(7, { event: 'exposure', device: 'x', at: '2026-11-09T15:59:59' });
  // Day 2 (00:30 in Beijing): a1 on demo-legend, b1 on demo-sword (type 1).
  await events(5, { event: 'exposure', device: 'a1', uid: '90000000', at: '2026-11-10T16:30:00' });
  await events(1, { event: 'click', device: 'a1', uid: '90000000', at: '2026-11-10T16:30:00' });
  await events(4, {
    event: 'exposure',
    device: 'b1',
    uid: '90000001',
    at: '2026-11-10T17:00:00',
    game: 'demo-sword',
    type: '1',
  });

  // o1 A: paid and settled on day 1, seller fee 5.
  await order({
    buyer: '90000000',
    price: 10_000,
    sellerFee: 500,
    status: OrderStatus.SETTLED,
    created: '2026-11-10T02:10:00',
    paid: '2026-11-10T02:15:00',
    confirmed: '2026-11-10T04:00:00',
  });
  // o2 A: finished on day 1 (pending settlement), fees 2 + 10.
  await order({
    buyer: '90000000',
    price: 20_000,
    buyerFee: 200,
    sellerFee: 1000,
    status: OrderStatus.PENDING_SETTLEMENT,
    created: '2026-11-10T05:00:00',
    paid: '2026-11-10T05:05:00',
    confirmed: '2026-11-10T06:00:00',
  });
  // o3 B: paid, then returned (refunded) on day 1.
  await order({
    buyer: '90000001',
    price: 30_000,
    status: OrderStatus.RETURNED,
    created: '2026-11-10T03:00:00',
    paid: '2026-11-10T03:01:00',
    updated: '2026-11-10T07:00:00',
  });
  // o4 B: never paid.
  await order({
    buyer: '90000001',
    price: 5_000,
    status: OrderStatus.PAYMENT_TIMEOUT,
    created: '2026-11-10T04:00:00',
    updated: '2026-11-10T04:15:00',
  });
  // o5 A (90000003): placed at 23:50 of day 1, paid at 00:10 of day 2, receipt refused on day 2.
  const o5 = await order({
    buyer: '90000003',
    price: 8_000,
    status: OrderStatus.RECEIPT_REFUSED,
    created: '2026-11-10T15:50:00',
    paid: '2026-11-10T16:10:00',
    refused: '2026-11-10T17:00:00',
  });
  // o6 B: demo-sword type 1, all on day 2, seller fee 20.
  await order({
    buyer: '90000001',
    game: 'demo-sword',
    type: 1,
    price: 40_000,
    sellerFee: 2000,
    status: OrderStatus.COMPLETED,
    created: '2026-11-10T18:00:00',
    paid: '2026-11-10T18:05:00',
    confirmed: '2026-11-10T19:00:00',
  });

  // 拒绝收货 opened a customer-service case on day 2; one trade sold on day 1 (server group m1).
  await t.db
    .insertInto('support_requests')
    .values({
      order_id: o5,
      asked_by: 'buyer',
      asker_user_id: users['90000003'] as number,
      reason: '拒绝收货',
      created_at: at('2026-11-10T17:05:00'),
    })
    .execute();
  await t.db
    .insertInto('market_trades')
    .values({
      commodity_id: null,
      application_id: 'demo-legend',
      type: 2,
      server_id: 's1',
      master_server_id: 'm1',
      title: '金币',
      role_type: null,
      role_level: null,
      coin_type: 2,
      coin_num: 10_000,
      sub_type: null,
      item_name: null,
      price_fen: 10_000,
      sold_at: at('2026-11-10T04:00:00'),
    })
    .execute();

  await t.app.stats.rollUp(NOW);
  operator = (await ops.staffMember('stats-op', 'operator')).token;
});

const dash = async (query: string, token = operator) =>
  ops.call<StatsDashboard>('GET', `/stats/dashboard?${query}`, { token });
const dayOf = (d: StatsDashboard, day: string) => d.days.find((x) => x.day === day) as StatsDay;

describe('the dashboard', () => {
  it('answers every figure of each day and the total as counted by hand', async () => {
    const res = await dash(`from=${D1}&to=${D2}`);
    expect(res.code).toBe('200');
    expect(res.data.days.map((d) => d.day)).toEqual([D1, D2]);
    expect(dayOf(res.data, D1)).toEqual({
      day: D1,
      visitors: 3,
      exposures: 30,
      clicks: 11,
      details: 5,
      ordersPlaced: 5,
      ordersPaid: 3,
      ordersFinished: 2,
      clickRate: 11 / 30,
      detailRate: 5 / 11,
      orderRate: 1,
      payRate: 3 / 5,
      finishRate: 2 / 3,
      gmvFen: 60_000,
      feeFen: 1_700,
      takeRate: 1_700 / 60_000,
      averageOrderFen: 20_000,
      ordersRefunded: 1,
      ordersDisputed: 0,
      refundRate: 1 / 3,
      disputeRate: 0,
      newBuyers: 2,
      newSellers: 1,
      listingsAdded: 5,
      listingsSold: 1,
      supportCases: 0,
    });
    expect(dayOf(res.data, D2)).toEqual({
      day: D2,
      visitors: 2,
      exposures: 9,
      clicks: 1,
      details: 0,
      ordersPlaced: 1,
      ordersPaid: 2,
      ordersFinished: 1,
      clickRate: 1 / 9,
      detailRate: 0,
      orderRate: null,
      payRate: 2,
      finishRate: 1 / 2,
      gmvFen: 48_000,
      feeFen: 2_000,
      takeRate: 2_000 / 48_000,
      averageOrderFen: 24_000,
      ordersRefunded: 0,
      ordersDisputed: 1,
      refundRate: 0,
      disputeRate: 1 / 2,
      newBuyers: 1,
      newSellers: 0,
      listingsAdded: 1,
      listingsSold: 0,
      supportCases: 1,
    });
    expect(res.data.total).toMatchObject({
      day: 'total',
      visitors: 5,
      exposures: 39,
      clicks: 12,
      details: 5,
      ordersPlaced: 6,
      ordersPaid: 5,
      ordersFinished: 3,
      gmvFen: 108_000,
      feeFen: 3_700,
      takeRate: 3_700 / 108_000,
      averageOrderFen: 21_600,
      ordersRefunded: 1,
      ordersDisputed: 1,
      refundRate: 1 / 5,
      disputeRate: 1 / 5,
      newBuyers: 3,
      newSellers: 1,
      listingsAdded: 6,
      listingsSold: 1,
      supportCases: 1,
    });
    expect(res.data.games).toEqual(['demo-legend', 'demo-sword']);
    expect(res.data.goodsTypes).toEqual(['1', '2']);
    expect(res.data.rolledUpTo).toBe(NOW.toISOString());
  });

  it('narrows to one game and to one goods type', async () => {
    const legend = await dash(`from=${D1}&to=${D2}&game=demo-legend`);
    expect(dayOf(legend.data, D2)).toMatchObject({
      visitors: 1,
      exposures: 5,
      clicks: 1,
      ordersPlaced: 0,
      ordersPaid: 1,
      gmvFen: 8_000,
      ordersFinished: 0,
      feeFen: 0,
      ordersDisputed: 1,
      newBuyers: 1,
      listingsAdded: 0,
      supportCases: 0,
    });
    expect(dayOf(legend.data, D1)).toMatchObject({ gmvFen: 60_000, listingsAdded: 5, listingsSold: 1 });
    const roles = await dash(`from=${D1}&to=${D2}&goodsType=1`);
    expect(roles.data.total).toMatchObject({ visitors: 1, exposures: 4, ordersPaid: 1, gmvFen: 40_000, feeFen: 2_000 });
    expect(dayOf(roles.data, D1).ordersPlaced).toBe(0);
  });

  it('answers days without facts as zeros and rates without a denominator as null', async () => {
    const res = await dash('from=2026-11-01&to=2026-11-03');
    expect(res.data.days).toHaveLength(3);
    expect(res.data.total).toMatchObject({ visitors: 0, gmvFen: 0, takeRate: null, averageOrderFen: null });
  });

  it('refuses a range over a year, a reversed one and a bad date, in Chinese', async () => {
    const long = await dash('from=2025-11-01&to=2026-11-11');
    expect([long.code, long.msg]).toEqual(['10002', '一次最多查询一年（366天）']);
    expect((await dash('from=2026-01-01&to=2026-12-31')).code).toBe('200');
    const reversed = await dash(`from=${D2}&to=${D1}`);
    expect([reversed.code, reversed.msg]).toEqual(['10002', '开始日期不能晚于结束日期']);
    const bad = await dash('from=2026-13-01&to=2026-13-02');
    expect([bad.code, bad.msg]).toEqual(['10002', '日期不正确']);
    expect((await dash(`from=${D1}&to=${D2}&game=${encodeURIComponent("x' or 1=1")}`)).msg).toBe('游戏不正确');
  });

  it('is refused to 客服 and 财务, to a player token and without a login', async () => {
    const cs = await ops.login('ops-cs', 'demo-cs-123');
    const refused = await dash(`from=${D1}&to=${D2}`, cs);
    expect([refused.status, refused.code, refused.msg]).toEqual([
      403,
      '60004',
      '仅运营和管理员可以查看数据统计（当前角色：客服）',
    ]);
    const finance = await ops.login('ops-finance', 'demo-fin-123');
    expect((await ops.call('GET', `/stats/ab?from=${D1}&to=${D2}`, { token: finance })).code).toBe('60004');
    const player = await loginAs(t, '13300009999');
    const asPlayer = await dash(`from=${D1}&to=${D2}`, player.token);
    expect([asPlayer.status, asPlayer.code]).toEqual([401, '60001']);
    expect((await ops.call('GET', `/stats/export?from=${D1}&to=${D2}`)).status).toBe(401);
    const admin = await ops.login('ops-admin', 'demo-ops-123');
    expect((await dash(`from=${D1}&to=${D2}`, admin)).code).toBe('200');
  });
});

describe('the A/B comparison', () => {
  it('knows the textbook answer of the two-proportion z-test', () => {
    // 200/1000 against 250/1000: pooled 0.225, z = 0.05 / √(0.225·0.775·0.002) = 2.6774, p = 0.00742.
    const test = twoProportionZ(200, 1000, 250, 1000);
    expect(test?.z).toBeCloseTo(2.677398, 5);
    expect(test?.p).toBeCloseTo(0.0074196, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(twoProportionZ(0, 0, 1, 2)).toBeNull();
    expect(twoProportionZ(3, 2, 1, 2)).toBeNull();
    expect(twoProportionZ(0, 5, 0, 5)).toBeNull();
  });

  it('compares each step per group with the group sizes', async () => {
    const res = await ops.call<AbComparison>('GET', `/stats/ab?from=${D1}&to=${D2}`, { token: operator });
    expect(res.code).toBe('200');
    expect(res.data.groups).toEqual({ a: 3, b: 2 });
    const [click, detail, placed, paid, finished] = res.data.metrics;
    expect(click).toMatchObject({
      metric: 'clickRate',
      a: { successes: 6, trials: 25, rate: 6 / 25 },
      b: { successes: 6, trials: 14, rate: 6 / 14 },
      significant: false,
    });
    expect(click?.z).toBeCloseTo(1.223967, 5);
    expect(click?.pValue).toBeCloseTo(0.220965, 5);
    expect(detail).toMatchObject({ a: { successes: 2, trials: 6 }, b: { successes: 3, trials: 6 } });
    expect(placed).toMatchObject({
      a: { successes: 3, trials: 2 },
      b: { successes: 3, trials: 3 },
      z: null,
      pValue: null,
    });
    expect(paid).toMatchObject({ a: { successes: 3, trials: 3 }, b: { successes: 2, trials: 3 } });
    expect(paid?.z).toBeCloseTo(-1.095445, 5);
    expect(finished).toMatchObject({ a: { successes: 2, trials: 3 }, b: { successes: 1, trials: 2 } });
    expect(res.data.test).toContain('z 检验');
  });
});

describe('the CSV export', () => {
  it('has the dashboard’s columns, one line a day and the total, and is audited', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/ops/v1/stats/export?from=${D1}&to=${D2}`,
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]?.split(',').slice(0, 5)).toEqual(['日期', '访客', '曝光', '点击', '详情']);
    expect(lines[1]?.split(',').slice(0, 8)).toEqual([D1, '3', '30', '11', '5', '5', '3', '2']);
    expect(lines[1]?.split(',')[8]).toBe('0.3667');
    expect(lines[2]?.split(',')[10]).toBe('');
    expect(lines[3]?.split(',').slice(0, 2)).toEqual(['合计', '5']);
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['action', 'after'])
      .where('action', '=', 'stats.export')
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe('the rollup', () => {
  const snapshot = async () => ({
    hourly: await t.db
      .selectFrom('stats_hourly')
      .selectAll()
      .orderBy('bucket')
      .orderBy('metric')
      .orderBy('game')
      .orderBy('ab_group')
      .orderBy('scene')
      .orderBy('goods_type')
      .execute(),
    daily: await t.db
      .selectFrom('stats_daily')
      .selectAll()
      .orderBy('bucket')
      .orderBy('metric')
      .orderBy('game')
      .orderBy('ab_group')
      .orderBy('scene')
      .orderBy('goods_type')
      .execute(),
  });

  it('changes nothing when it runs again', async () => {
    const before = await snapshot();
    expect(before.daily.length).toBeGreaterThan(0);
    await t.app.stats.rollUp(NOW);
    await t.app.stats.rollUp(new Date(NOW.getTime() + 60_000));
    expect(await snapshot()).toEqual(before);
  });

  it('lands a late event in its hour on the next run', async () => {
    await events(2, { event: 'click', device: 'a1', uid: '90000000', at: '2026-11-10T19:30:00' });
    await t.app.stats.rollUp(at('2026-11-10T20:10:00'));
    const hour = await t.db
      .selectFrom('stats_hourly')
      .select('value')
      .where('bucket', '=', at('2026-11-10T19:00:00'))
      .where('metric', '=', 'clicks')
      .execute();
    expect(hour.map((r) => Number(r.value))).toEqual([2]);
    expect(dayOf((await dash(`from=${D1}&to=${D2}`)).data, D2).clicks).toBe(3);
  });

  it('leaves a fact written behind the look-back to the backfill, which rolls it up (the demo’s seed asks for it)', async () => {
    const clicksAt = async (hour: string) =>
      (
        await t.db
          .selectFrom('stats_hourly')
          .select('value')
          .where('bucket', '=', at(hour))
          .where('metric', '=', 'clicks')
          .execute()
      ).reduce((s, r) => s + Number(r.value), 0);
    const was = await clicksAt('2026-11-10T12:00:00');
    // Eight hours back, the look-back two: the next run does not reach its hour.
    await events(3, { event: 'click', device: 'a9', uid: '90000002', at: '2026-11-10T12:15:00' });
    const now = at('2026-11-10T20:20:00');
    await t.app.stats.rollUp(now);
    expect(await clicksAt('2026-11-10T12:00:00')).toBe(was);
    await t.app.stats.backfill(now);
    expect(await clicksAt('2026-11-10T12:00:00')).toBe(was + 3);
    // Run at once with the sweep's, one waits for the other: the same rows, none twice.
    await Promise.all([t.app.stats.backfill(now), t.app.stats.rollUp(now), t.app.stats.backfill(now)]);
    expect(await clicksAt('2026-11-10T12:00:00')).toBe(was + 3);
  });

  it('deletes raw events past retention once their buckets are final, and keeps the rollups', async () => {
    const before = (await dash(`from=${D1}&to=${D2}`)).data;
    const ran = await t.app.stats.rollUp(at('2026-11-16T00:00:00'));
    expect(ran.pruned).toBeGreaterThan(0);
    const left = await t.db.selectFrom('tracking_events').select(['received_at']).execute();
    // Day 1's events are gone (behind the look-back and older than 3 days); day 2's bucket is still recomputed.
    expect(left.every((e) => new Date(e.received_at) >= at('2026-11-10T16:00:00'))).toBe(true);
    expect(left.length).toBe(12);
    const after = (await dash(`from=${D1}&to=${D2}`)).data;
    expect(after.days).toEqual(before.days);
  });
});
