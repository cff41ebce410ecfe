import { downShelf, modifyPrice, onShelf, updatePreSaleInfo } from '@app/protocol/calls/consignment-shelf';
import { collectCommodity } from '@app/protocol/calls/market-collect';
import { noticeList } from '@app/protocol/calls/notices';
import { SaleType } from '@app/protocol/commodity';
import type { Notice } from '@app/protocol/notices';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCode, loginAs, useTestApp, useTestClient } from './helpers';

const t = useTestApp();
const app = useTestClient(t, 'APP');

type User = { token: string; uid: string; id: number };

async function user(phone: string): Promise<User> {
  const login = await loginAs(t, phone);
  const row = await t.db.selectFrom('users').select('id').where('uid', '=', login.uid).executeTakeFirstOrThrow();
  return { ...login, id: row.id };
}

/** A role listing of the demo game on sale at `priceFen`, the seller's. */
async function listing(seller: User, title: string, priceFen: number, saleType: number = SaleType.NORMAL) {
  const row = await t.db
    .insertInto('commodities')
    .values({
      type: 1,
      title,
      application_id: 'demo-legend',
      game_name: '传奇',
      server_id: 's1',
      server_name: '一区',
      role_name: '战神',
      role_class_name: '战士',
      role_level: 95,
      coin_type_name: null,
      coin_num: null,
      first_img: '',
      price_fen: priceFen,
      fee_fen: priceFen / 20,
      sale_type: saleType,
      auction_enable: 0,
      status: ListingStatus.ON_SALE,
      seller_user_id: seller.id,
      deliver_days: saleType === SaleType.PRESALE ? 3 : null,
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

const priceDrops = async (u: User) =>
  ((await app.call(noticeList, {}, { token: u.token })).data as { list: Notice[] }).list.filter(
    (n) => n.kind === 'priceDrop',
  );

async function collect(u: User, commodityId: string) {
  expectCode(await app.call(collectCommodity, { commodityId, collect: 1 }, { token: u.token }), '200');
}

/** The seller's shelf actions, each expected to pass. */
const shelf = (seller: User, commodityId: string) => ({
  down: async () => expectCode(await app.call(downShelf, { commodityId }, { token: seller.token }), '200'),
  up: async () => expectCode(await app.call(onShelf, { commodityId }, { token: seller.token }), '200'),
  reprice: async (price: number) =>
    expectCode(await app.call(modifyPrice, { commodityId, price }, { token: seller.token }), '200'),
});

describe('降价提醒: the collectors of a listing back on sale at a lower price', () => {
  let seller: User;
  let fan: User;
  let otherFan: User;
  let stranger: User;
  beforeAll(async () => {
    seller = await user('13600000001');
    fan = await user('13600000002');
    otherFan = await user('13600000003');
    stranger = await user('13600000004');
  });

  it('tells each collector once, with the new price, when the listing is buyable again; not the seller nor others', async () => {
    const id = await listing(seller, '95级战士 降价', 100_000);
    await collect(fan, id);
    await collect(otherFan, id);
    await collect(seller, id);
    const s = shelf(seller, id);

    await s.down();
    await s.reprice(80_000);
    await s.reprice(90_000);
    // Delisted: nobody can buy it yet, nobody hears.
    expect(await priceDrops(fan)).toEqual([]);

    await s.up();
    for (const u of [fan, otherFan]) {
      const drops = await priceDrops(u);
      expect(drops).toHaveLength(1);
      expect(drops[0]).toMatchObject({
        kind: 'priceDrop',
        title: '收藏的商品降价了',
        position: 4,
        extInfo: { commodityId: id },
        read: false,
      });
      expect(drops[0]!.content).toContain('「95级战士 降价」');
      expect(drops[0]!.content).toContain('900');
    }
    expect(await priceDrops(seller)).toEqual([]);
    expect(await priceDrops(stranger)).toEqual([]);

    // Delisted and relisted again without a new price: the drop was told already.
    await s.down();
    await s.up();
    expect(await priceDrops(fan)).toHaveLength(1);
  });

  it('races: the same relist sent three times at once puts it on sale once and tells each collector once', async () => {
    const id = await listing(seller, '70级道士 并发', 100_000);
    await collect(fan, id);
    const s = shelf(seller, id);
    await s.down();
    await s.reprice(70_000);
    const before = (await priceDrops(fan)).length;
    const codes = (
      await Promise.all([1, 2, 3].map(() => app.call(onShelf, { commodityId: id }, { token: seller.token })))
    ).map((r) => r.code);
    expect(codes.filter((c) => c === '200')).toHaveLength(1);
    expect((await priceDrops(fan)).length).toBe(before + 1);
  });

  it('tells nothing of a raise, of the same price, or of a refused price', async () => {
    const id = await listing(seller, '80级法师 涨价', 100_000);
    await collect(fan, id);
    const s = shelf(seller, id);
    const before = (await priceDrops(fan)).length;

    // On sale the price cannot change.
    expectCode(
      await app.call(modifyPrice, { commodityId: id, price: 50_000 }, { token: seller.token }),
      '10002',
      '请先下架商品',
    );
    // A raise.
    await s.down();
    await s.reprice(120_000);
    await s.up();
    // Down and back to what it was last on sale at.
    await s.down();
    await s.reprice(90_000);
    await s.reprice(120_000);
    await s.up();
    // Refused prices leave it as it was.
    await s.down();
    expectCode(
      await app.call(modifyPrice, { commodityId: id, price: 80_050 }, { token: seller.token }),
      '10002',
      '角色价格须为整数元',
    );
    expectCode(
      await app.call(modifyPrice, { commodityId: id, price: 500 }, { token: seller.token }),
      '10002',
      '角色价格不能低于10元',
    );
    // Someone else's listing is not his to reprice.
    expectCode(await app.call(modifyPrice, { commodityId: id, price: 50_000 }, { token: stranger.token }), '30001');
    await s.up();

    expect(await priceDrops(fan)).toHaveLength(before);
    const row = await t.db
      .selectFrom('commodities')
      .select(['price_fen', 'status', 'last_on_sale_price_fen'])
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect({ ...row, price_fen: Number(row.price_fen) }).toEqual({
      price_fen: 120_000,
      status: ListingStatus.ON_SALE,
      last_on_sale_price_fen: null,
    });
  });

  it('tells of a pre-sale repriced lower (updatePreSaleInfo), and a refused relist tells nothing', async () => {
    const id = await listing(seller, '预售 60级道士', 100_000, SaleType.PRESALE);
    await collect(fan, id);
    const before = (await priceDrops(fan)).length;
    const s = shelf(seller, id);
    await s.down();
    expectCode(
      await app.call(updatePreSaleInfo, { commodityId: id, price: 70_000, deliverDays: 5 }, { token: seller.token }),
      '200',
    );
    // Only the seller relists it.
    expectCode(await app.call(onShelf, { commodityId: id }, { token: stranger.token }), '30001');
    expect(await priceDrops(fan)).toHaveLength(before);
    await s.up();
    const drops = await priceDrops(fan);
    expect(drops).toHaveLength(before + 1);
    expect(drops[0]).toMatchObject({ kind: 'priceDrop', extInfo: { commodityId: id } });
    expect(drops[0]!.content).toContain('700');
  });
});
