import { sellableItems, sellPriceReference } from '@app/protocol/calls/consignment';
import { CommodityType } from '@app/protocol/commodity';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCode, sdkPlayer, useTestApp, useTestClient } from './helpers';

/** 市场参考价 of the sell form: the band of finished trades like what the role would list. */
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
let seller: Awaited<ReturnType<typeof sdkPlayer>>;
let group = '';

/** Sold history of this file's own (a day ago unless told). */
async function trades(rows: Array<Partial<Parameters<typeof insert>[0]> & { price_fen: number }>) {
  for (const r of rows) await insert({ ...baseTrade(), ...r });
}
const baseTrade = () => ({
  application_id: seller.pt.gameId,
  type: CommodityType.COIN as number,
  server_id: seller.pt.serverId,
  master_server_id: group,
  title: '参考',
  role_type: null as number | null,
  role_level: null as number | null,
  coin_type: 91 as number | null,
  coin_num: 10_000 as number | null,
  sub_type: null as number | null,
  item_name: null as string | null,
  price_fen: 0,
  sold_at: new Date(Date.now() - 86_400_000),
});
const insert = (row: ReturnType<typeof baseTrade>) =>
  (t.db as unknown as import('kysely').Kysely<{ market_trades: ReturnType<typeof baseTrade> }>)
    .insertInto('market_trades')
    .values(row)
    .execute();

beforeAll(async () => {
  seller = await sdkPlayer(t, sdk, 'player2', '1386500');
  const server = await t.db
    .selectFrom('game_servers')
    .select('master_server_id')
    .where('application_id', '=', seller.pt.gameId)
    .where('server_id', '=', seller.pt.serverId)
    .executeTakeFirstOrThrow();
  group = server.master_server_id;
});

const ask = (input: { type: 1 | 2 | 3; coinType?: number; itemId?: string }) =>
  sdk.call(sellPriceReference, { ...seller.pt, ...input }, { token: seller.token });

describe('the reference band of the sell form', () => {
  it('answers coins per 10,000 in the role’s master-server group over 30 days, the whole game when the group has too few', async () => {
    // Nothing sold yet: no band to compare with.
    const none = await ask({ type: 2, coinType: 91 });
    expectCode(none, '200');
    expect(none.data).toEqual({ band: null, perWan: true, days: 30 });
    // 5,700 … 8,600 fen per 10,000 in the group; a lot of 20,000 at 12,000 is 6,000 per 10,000.
    await trades([
      { price_fen: 5_700 },
      { price_fen: 12_000, coin_num: 20_000 },
      { price_fen: 7_000 },
      { price_fen: 8_600 },
      { price_fen: 100, sold_at: new Date(Date.now() - 40 * 86_400_000) }, // older than 30 days
      { price_fen: 1, master_server_id: `${group}-other` }, // another group
    ]);
    const band = (await ask({ type: 2, coinType: 91 })).data as { band: unknown };
    expect(band.band).toEqual({ count: 4, p25: 5_925, median: 6_500, p75: 7_400 });
    // Another coin type whose trades are all in another group: the whole game's.
    await trades([1_000, 2_000, 3_000].map((p) => ({ price_fen: p, coin_type: 92, master_server_id: `${group}-x` })));
    expect(((await ask({ type: 2, coinType: 92 })).data as { band: unknown }).band).toEqual({
      count: 3,
      p25: 1_500,
      median: 2_000,
      p75: 2_500,
    });
    expectCode(await ask({ type: 2 }), '10002', '请选择游戏币类型');
  });

  it('answers the role by its class within ±10 levels, and a prop by its name', async () => {
    const role = await t.app.gateway.snapshot(seller.pt.gameId, seller.info.roleId);
    await trades(
      [300_000, 400_000, 500_000].map((p) => ({
        price_fen: p,
        type: CommodityType.ROLE,
        coin_type: null,
        coin_num: null,
        role_type: role.jobId,
        role_level: role.level + 5,
      })),
    );
    await trades([
      {
        price_fen: 9_999_999,
        type: CommodityType.ROLE,
        coin_type: null,
        coin_num: null,
        role_type: role.jobId,
        role_level: role.level + 30,
      },
    ]);
    expect(((await ask({ type: 1 })).data as { band: unknown }).band).toEqual({
      count: 3,
      p25: 350_000,
      median: 400_000,
      p75: 450_000,
    });

    const items = (await sdk.call(sellableItems, seller.pt, { token: seller.token })).data as {
      list: Array<{ itemId: string; name: string }>;
    };
    const item = items.list[0]!;
    await trades(
      [1_000, 1_200, 1_400].map((p) => ({
        price_fen: p,
        type: CommodityType.PROP,
        coin_type: null,
        coin_num: null,
        item_name: item.name,
        sub_type: 1,
      })),
    );
    expect((await ask({ type: 3, itemId: item.itemId })).data).toEqual({
      band: { count: 3, p25: 1_100, median: 1_200, p75: 1_300 },
      perWan: false,
      days: 90,
    });
    expectCode(await ask({ type: 3, itemId: 'nope' }), '10002', '请选择要寄售的道具');
  });
});
