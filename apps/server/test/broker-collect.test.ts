import {
  type BrokerCollectCard,
  type BrokerListingDetail,
  brokerClearInvalidCollect,
  brokerCollect,
  brokerCommodityInfo,
  brokerDownShelf,
  brokerMyCollect,
  brokerOnShelf,
  delCommodity,
  updateCommodityStock,
} from '@app/protocol/calls/broker';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvedMerchant, openBrokerChannel, publishedListing } from './broker-fixture';
import { expectCode, loginAs, sdkPlayer, testDb, useTestApp, useTestClient } from './helpers';
import { opsApi } from './ops-helpers';

/**
 * Collections (收藏) of broker listings (docs/decisions/0023-broker.md "Collections"): collect,
 * repeat, uncollect; only the caller's; an unknown id refused; listings that can no longer be bought
 * flagged 已失效 and cleared (only the caller's); collects sent at once leave one row.
 */
const t = useTestApp({}, { timeout: 120_000 });
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
const _GAME = 'demo-legend';
type Player = Awaited<ReturnType<typeof sdkPlayer>>;
let merchant: Player;
let merchantId: string;
let opsToken: string;
let alice: { token: string; uid: string };
let bob: { token: string; uid: string };

const publish = (over: Record<string, unknown> = {}) => publishedListing(app, merchant, over);
const decide = (body: Record<string, unknown>) =>
  opsApi(t).call('POST', `/merchants/${merchantId}/decide`, { token: opsToken, body });
const collect = (commodityId: string, on: 0 | 1, token = alice.token) =>
  app.call(brokerCollect, { commodityId, collect: on }, { token });
const collections = async (token = alice.token) => {
  const res = await app.call(brokerMyCollect, { page: 1, pageSize: 50 }, { token });
  expectCode(res, '200');
  return res.data as { list: BrokerCollectCard[]; hasMore: boolean; invalidCount: number };
};
const userIdOf = async (uid: string) =>
  (await t.db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow()).id;
const rowsOf = (listingId: string) =>
  t.db.selectFrom('broker_collects').selectAll().where('listing_id', '=', Number(listingId)).execute();
const countOf = async (listingId: string) =>
  (
    await t.db
      .selectFrom('broker_listings')
      .select('collect_count')
      .where('id', '=', Number(listingId))
      .executeTakeFirstOrThrow()
  ).collect_count;
const info = async (commodityId: string, token?: string) =>
  (await app.call(brokerCommodityInfo, { commodityId }, token ? { token } : {})).data as BrokerListingDetail;

beforeAll(async () => {
  merchant = await sdkPlayer(t, sdk, 'player1', '1385400');
  opsToken = await opsApi(t).login('ops-admin', 'demo-ops-123');
  await openBrokerChannel(t);
  merchantId = await approvedMerchant(t, app, merchant.token, '藏金商行');
  alice = await loginAs(t, '13788884001');
  bob = await loginAs(t, '13788884002');
});

describe(`broker collections (${testDb})`, () => {
  it('collects, repeats without change, shows on the detail and in myCollect, uncollects', async () => {
    const lot = await publish();
    expect(await info(lot.commodityId, alice.token)).toMatchObject({ collected: false, collectCount: 0 });

    expect((await collect(lot.commodityId, 1)).data).toEqual({ collected: true, collectCount: 1 });
    expect((await collect(lot.commodityId, 1)).data).toEqual({ collected: true, collectCount: 1 });
    expect(await rowsOf(lot.commodityId)).toHaveLength(1);
    expect(await info(lot.commodityId, alice.token)).toMatchObject({ collected: true, collectCount: 1 });
    // Signed out, or another user: not collected by them.
    expect(await info(lot.commodityId)).toMatchObject({ collected: false, collectCount: 1 });
    expect(await info(lot.commodityId, bob.token)).toMatchObject({ collected: false, collectCount: 1 });

    const mine = await collections();
    expect(mine).toMatchObject({ hasMore: false, invalidCount: 0 });
    expect(mine.list).toHaveLength(1);
    expect(mine.list[0]).toMatchObject({
      commodityId: lot.commodityId,
      shopName: '藏金商行',
      unitPrice: 150,
      status: 0,
      invalid: false,
    });
    expect(mine.list[0]?.collectedAt).toBeGreaterThan(Date.now() / 1000 - 60);

    // Another user's collections are not visible, and his collecting counts once more.
    expect((await collections(bob.token)).list).toEqual([]);
    expect((await collect(lot.commodityId, 1, bob.token)).data).toEqual({ collected: true, collectCount: 2 });
    expect((await collections(bob.token)).list.map((c) => c.commodityId)).toEqual([lot.commodityId]);

    expect((await collect(lot.commodityId, 0)).data).toEqual({ collected: false, collectCount: 1 });
    expect((await collect(lot.commodityId, 0)).data).toEqual({ collected: false, collectCount: 1 });
    expect((await collections()).list).toEqual([]);
    expect((await collections(bob.token)).list).toHaveLength(1);
    expect(await countOf(lot.commodityId)).toBe(1);
    expect((await collect(lot.commodityId, 0, bob.token)).data).toEqual({ collected: false, collectCount: 0 });
    expect(await rowsOf(lot.commodityId)).toEqual([]);
  });

  it('refuses an unknown or deleted listing and writes nothing; signed out it asks for a login', async () => {
    const before = await t.db.selectFrom('broker_collects').selectAll().execute();
    expectCode(await collect('99999999', 1), '30001');
    expectCode(await collect('99999999', 0), '30001');
    expectCode(await collect('abc', 1), '10002', '商品不存在');
    const gone = await publish();
    expectCode(await app.call(brokerDownShelf, { commodityId: gone.commodityId }, { token: merchant.token }), '200');
    expectCode(await app.call(delCommodity, { commodityId: gone.commodityId }, { token: merchant.token }), '200');
    expectCode(await collect(gone.commodityId, 1), '30001');
    expect(await t.db.selectFrom('broker_collects').selectAll().execute()).toEqual(before);
    expect(await countOf(gone.commodityId)).toBe(0);
    const anonymous = await app.call(brokerCollect, { commodityId: gone.commodityId, collect: 1 });
    expect(anonymous.code).not.toBe('200');
  });

  it('flags sold-out, delisted, deleted and suspended-merchant listings 已失效; clearing removes only the caller’s', async () => {
    const soldOut = await publish();
    const delisted = await publish();
    const deleted = await publish();
    const fine = await publish();
    for (const lot of [soldOut, delisted, deleted, fine]) {
      expectCode(await collect(lot.commodityId, 1), '200');
      expectCode(await collect(lot.commodityId, 1, bob.token), '200');
    }
    expect(await collections()).toMatchObject({ invalidCount: 0 });

    expectCode(
      await app.call(updateCommodityStock, { commodityId: soldOut.commodityId, stock: 0 }, { token: merchant.token }),
      '200',
    );
    expectCode(
      await app.call(brokerDownShelf, { commodityId: delisted.commodityId }, { token: merchant.token }),
      '200',
    );
    expectCode(await app.call(brokerDownShelf, { commodityId: deleted.commodityId }, { token: merchant.token }), '200');
    expectCode(await app.call(delCommodity, { commodityId: deleted.commodityId }, { token: merchant.token }), '200');

    const mine = await collections();
    expect(mine.invalidCount).toBe(3);
    const flags = new Map(mine.list.map((c) => [c.commodityId, c.invalid]));
    expect(flags).toEqual(
      new Map([
        [fine.commodityId, false],
        [deleted.commodityId, true],
        [delisted.commodityId, true],
        [soldOut.commodityId, true],
      ]),
    );
    // Newest collection first.
    expect(mine.list.map((c) => c.commodityId)).toEqual([fine, deleted, delisted, soldOut].map((l) => l.commodityId));

    expect((await app.call(brokerClearInvalidCollect, {}, { token: alice.token })).data).toEqual({ removed: 3 });
    const after = await collections();
    expect(after).toMatchObject({ invalidCount: 0 });
    expect(after.list.map((c) => c.commodityId)).toEqual([fine.commodityId]);
    expect((await app.call(brokerClearInvalidCollect, {}, { token: alice.token })).data).toEqual({ removed: 0 });
    // Bob's collections are untouched until he clears his own; the counts follow the rows.
    const bobs = await collections(bob.token);
    expect(bobs.invalidCount).toBe(3);
    expect(bobs.list).toHaveLength(4);
    for (const lot of [soldOut, delisted, deleted]) expect(await countOf(lot.commodityId)).toBe(1);
    expect(await countOf(fine.commodityId)).toBe(2);

    // A deleted listing can still be uncollected one by one.
    expect((await collect(deleted.commodityId, 0, bob.token)).data).toEqual({ collected: false, collectCount: 0 });
    // Restocked, the sold-out listing is on sale again: valid again for Bob.
    expectCode(
      await app.call(
        updateCommodityStock,
        { commodityId: soldOut.commodityId, stock: 100_000 },
        { token: merchant.token },
      ),
      '200',
    );
    expect((await collections(bob.token)).invalidCount).toBe(1);
    expect((await app.call(brokerClearInvalidCollect, {}, { token: bob.token })).data).toEqual({ removed: 1 });
    expect((await collections(bob.token)).list.map((c) => c.commodityId).sort()).toEqual(
      [fine.commodityId, soldOut.commodityId].sort(),
    );
    expect(await countOf(delisted.commodityId)).toBe(0);
    expect(await countOf(soldOut.commodityId)).toBe(1);
    expectCode(await app.call(brokerOnShelf, { commodityId: delisted.commodityId }, { token: merchant.token }), '200');
  });

  it('a suspended merchant’s listings are 已失效 until he is restored', async () => {
    const lot = await publish();
    expectCode(await collect(lot.commodityId, 1), '200');
    const valid = (await collections()).list.filter((c) => !c.invalid).map((c) => c.commodityId);
    expect(valid).toContain(lot.commodityId);
    expect((await decide({ decision: 'suspend', note: '发货超时投诉' })).data).toMatchObject({ status: 'suspended' });
    // Every listing of his is now invalid, the one collected before too.
    const suspended = await collections();
    expect(suspended.list.every((c) => c.invalid)).toBe(true);
    expect(suspended.invalidCount).toBe(valid.length);
    expect((await decide({ decision: 'restore' })).data).toMatchObject({ status: 'approved' });
    expect((await collections()).invalidCount).toBe(0);
    expect((await decide({ decision: 'suspend', note: '发货超时投诉' })).data).toMatchObject({ status: 'suspended' });
    expect((await app.call(brokerClearInvalidCollect, {}, { token: alice.token })).data).toEqual({
      removed: valid.length,
    });
    expect((await collections()).list).toEqual([]);
    expect(await countOf(lot.commodityId)).toBe(0);
    expect((await decide({ decision: 'restore' })).data).toMatchObject({ status: 'approved' });
  });

  it('10 collects of one listing by one user at once leave one row and a count of 1', async () => {
    const lot = await publish();
    const answers = await Promise.all(Array.from({ length: 10 }, () => collect(lot.commodityId, 1)));
    for (const a of answers) expectCode(a, '200');
    const rows = await rowsOf(lot.commodityId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.user_id).toBe(await userIdOf(alice.uid));
    expect(await countOf(lot.commodityId)).toBe(1);
    expect(await info(lot.commodityId, alice.token)).toMatchObject({ collected: true, collectCount: 1 });
    // And as many uncollects at once leave none and a count of 0.
    await Promise.all(Array.from({ length: 10 }, () => collect(lot.commodityId, 0)));
    expect(await rowsOf(lot.commodityId)).toEqual([]);
    expect(await countOf(lot.commodityId)).toBe(0);
  });
});
