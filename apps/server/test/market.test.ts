import { AuthType } from '@app/protocol/auth-type';
import { coinPriceHistory, commodityDetail, commodityList, comparableSales } from '@app/protocol/calls/exchange';
import { gameTokenLogin } from '@app/protocol/calls/game';
import { clearInvalidCollect, collectCommodity, commodityClick, myCollect } from '@app/protocol/calls/market-collect';
import { advertising, bannerList, marqueeList, popup, posterList } from '@app/protocol/calls/market-content';
import {
  channelList,
  firstActivate,
  gameConfig,
  gameLobby,
  lastPlayedGame,
  playedGameList,
  recommendGameList,
  serverFunctionList,
  updateChannelList,
} from '@app/protocol/calls/market-games';
import type { CallOutput } from '@app/protocol/contract';
import { describe, expect, it } from 'vitest';
import { demoGameLogin, expectCode, loginAs, useTestApp, useTestClient } from './helpers';

type Page = CallOutput<typeof commodityList>;
type Detail = CallOutput<typeof commodityDetail>;

const legend = { headers: { 'x-appid': 'demo-legend' } };
const t = useTestApp({ DEMO_MARKET: '1' }, { timeout: 120_000 });
const client = useTestClient(t, 'H5');

const list = async (params: Record<string, unknown>, appId = 'demo-legend') => {
  const res = await client.call(commodityList, params, { headers: { 'x-appid': appId } });
  expectCode(res, '200');
  return res.data as Page;
};
const delist = (commodityId: string) =>
  t.app.inject({ method: 'POST', url: '/dev/commodities/delist', payload: { commodityId } });

describe('the demo market of a fresh start', () => {
  it('holds three games, ten-plus servers and several hundred listings, each frozen in its game', async () => {
    const games = await t.db.selectFrom('games').select('application_id').execute();
    expect(games.map((g) => g.application_id).sort()).toEqual(['demo-legend', 'demo-sanguo', 'demo-xianxia']);
    const servers = await t.db.selectFrom('game_servers').select('server_id').execute();
    expect(servers.length).toBeGreaterThanOrEqual(10);
    const byType = await t.db
      .selectFrom('commodities')
      .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', 1)
      .groupBy('type')
      .execute();
    const counts = Object.fromEntries(byType.map((r) => [r.type, Number(r.n)]));
    expect(counts[1]).toBeGreaterThan(60);
    expect(counts[2]).toBeGreaterThan(60);
    expect(counts[3]).toBeGreaterThan(60);
    const sample = await t.db
      .selectFrom('commodities')
      .selectAll()
      .where('status', '=', 1)
      .orderBy('id')
      .limit(40)
      .execute();
    for (const row of sample) {
      const snap = await t.app.gateway.client(row.application_id).snapshot(row.game_role_id as string);
      if (row.type === 1) {
        const { roles } = await t.app.gateway.roles(row.application_id, row.game_account_id as string);
        expect(roles.find((r) => r.id === row.game_role_id)?.locked).toBe(true);
      } else if (row.type === 2) {
        expect(snap.coins.find((c) => c.coinType === row.coin_type_name)?.frozen).toBeGreaterThanOrEqual(
          row.coin_num ?? 0,
        );
      } else {
        const items = [...snap.bag, ...snap.warehouse].filter((i) => i.listingId === String(row.id));
        expect(items.map((i) => i.name)).toEqual([row.item_name]);
      }
    }
    const history = await t.db
      .selectFrom('market_trades')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(history.n)).toBeGreaterThan(300);
  });

  it('seeds once: preparing again lists nothing twice', async () => {
    const before = await t.db
      .selectFrom('commodities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await t.app.prepareMarket();
    const after = await t.db
      .selectFrom('commodities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('commodityList filters and sorts', () => {
  it('refuses a missing X-AppId with AppId异常 and bad ranges with a clear message', async () => {
    const res = await client.call(commodityList, { page: 1 });
    expectCode(res, '10003');
    expect(res.msg).toBe('AppId异常');
    const bad = await client.call(commodityList, { priceMin: 500, priceMax: 100 }, legend);
    expectCode(bad, '10002');
    expect(bad.msg).toBe('最低价不能高于最高价');
    expectCode(await client.call(commodityList, { sort: 'cheapest' as never }, legend), '10002');
    const level = await client.call(commodityList, { sort: 'levelDesc', type: 2 }, legend);
    expect(level.msg).toBe('按等级排序仅适用于角色');
    const unit = await client.call(commodityList, { sort: 'unitPriceAsc' }, legend);
    expect(unit.msg).toBe('按单价排序仅适用于游戏币');
  });

  it("counts the matches (the PC list's result count), the same on every page and after every filter", async () => {
    const roles = await list({ type: 1, pageSize: 50 });
    const all: string[] = roles.list.map((c) => c.id);
    for (let page = 2; all.length < roles.total; page += 1)
      all.push(...(await list({ type: 1, pageSize: 50, page })).list.map((c) => c.id));
    expect(roles.total).toBeGreaterThan(0);
    expect(new Set(all).size).toBe(roles.total);
    expect((await list({ type: 1, pageSize: 10, page: 2 })).total).toBe(roles.total);
    const cheap = await list({ type: 1, priceMax: 100_000, pageSize: 50 });
    expect(cheap.total).toBe(
      cheap.list.length +
        (cheap.hasMore ? (await list({ type: 1, priceMax: 100_000, pageSize: 50, page: 2 })).list.length : 0),
    );
    expect(cheap.total).toBeLessThan(roles.total);
    expect((await list({ keyword: '没有这种商品zz' })).total).toBe(0);
  });

  it('sorts by price, level, unit price and newest, and pages without repeats', async () => {
    const asc = await list({ sort: 'priceAsc', pageSize: 50 });
    const prices = asc.list.map((c) => c.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await list({ sort: 'priceDesc', type: 1, pageSize: 50 });
    expect(desc.list.every((c) => c.type === 1)).toBe(true);
    expect(desc.list.map((c) => c.price)).toEqual(desc.list.map((c) => c.price).sort((a, b) => b - a));
    const levels = (await list({ sort: 'levelDesc', type: 1, pageSize: 50 })).list.map((c) => c.roleLevel ?? 0);
    expect(levels).toEqual([...levels].sort((a, b) => b - a));
    const newest = (await list({ pageSize: 50 })).list.map((c) => c.publishTime);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    const page1 = await list({ pageSize: 20, sort: 'priceAsc' });
    const page2 = await list({ pageSize: 20, sort: 'priceAsc', page: 2 });
    expect(page1.hasMore).toBe(true);
    const ids = new Set([...page1.list, ...page2.list].map((c) => c.id));
    expect(ids.size).toBe(40);
    const units = (await list({ type: 2, coinType: 2, sort: 'unitPriceAsc', pageSize: 50 })).list;
    expect(units.every((c) => c.coinConfigTypeName === '金币')).toBe(true);
    const perWan = units.map((c) => Math.round((c.price * 10_000) / (c.coinNum ?? 1)));
    expect(perWan).toEqual([...perWan].sort((a, b) => a - b));
    const allCoins = (await list({ type: 2, sort: 'unitPriceAsc', pageSize: 50 })).list;
    const anyPerWan = allCoins.map((c) => Math.round((c.price * 10_000) / (c.coinNum ?? 1)));
    expect(anyPerWan).toEqual([...anyPerWan].sort((a, b) => a - b));
  });

  it('filters by server, class and level, coin count, prop sub-type, price and sale type', async () => {
    const s1 = await list({ serverId: 's1', pageSize: 50 });
    expect(s1.list.length).toBeGreaterThan(0);
    expect(new Set(s1.list.map((c) => c.serverName))).toEqual(new Set(['龙腾一区']));
    const warriors = await list({ type: 1, roleType: 1, levelMin: 60, levelMax: 90, pageSize: 50 });
    expect(warriors.list.length).toBeGreaterThan(0);
    for (const c of warriors.list) {
      expect(c.roleConfigTypeName).toBe('战士');
      expect(c.roleLevel).toBeGreaterThanOrEqual(60);
      expect(c.roleLevel).toBeLessThanOrEqual(90);
    }
    const rich = await list({ type: 2, coinType: 1, coinNumMin: 100_000, pageSize: 50 });
    expect(rich.list.every((c) => c.coinConfigTypeName === '元宝' && (c.coinNum ?? 0) >= 100_000)).toBe(true);
    const weapons = await list({ type: 3, subType: 2, pageSize: 50 });
    expect(weapons.list.every((c) => c.subType === 2)).toBe(true);
    const band = await list({ priceMin: 10_000, priceMax: 50_000, pageSize: 50 });
    expect(band.list.every((c) => c.price >= 10_000 && c.price <= 50_000)).toBe(true);
    const presale = await list({ saleType: 1, pageSize: 50 });
    expect(presale.list.every((c) => c.saleType === 1 && c.auctionEnable === 0)).toBe(true);
    const auctions = await list({ saleType: 2, pageSize: 50 });
    expect(auctions.list.every((c) => c.auctionEnable === 1)).toBe(true);
  });

  it('puts the own server first across its master group, where the game allows it', async () => {
    const cross = await list({ serverId: 's2', crossServer: 1, pageSize: 50, sort: 'priceAsc' });
    const names = cross.list.map((c) => c.serverName);
    expect(new Set(names)).toEqual(new Set(['龙腾一区', '龙腾二区']));
    const firstOther = names.indexOf('龙腾一区');
    expect(names.slice(0, firstOther).every((n) => n === '龙腾二区')).toBe(true);
    expect(names.slice(firstOther).every((n) => n === '龙腾一区')).toBe(true);
    // 三国 trades server by server: crossServer changes nothing there.
    // Pages through both branches (own server, then the group) without repeats or gaps.
    const whole = (await list({ serverId: 's2', crossServer: 1, pageSize: 50, sort: 'priceAsc' })).list.map(
      (c) => c.id,
    );
    const paged: string[] = [];
    for (let page = 1; page <= 5; page++)
      paged.push(
        ...(await list({ serverId: 's2', crossServer: 1, pageSize: 10, page, sort: 'priceAsc' })).list.map((c) => c.id),
      );
    expect(paged).toEqual(whole);
    const sanguo = await list({ serverId: 's1', crossServer: 1, pageSize: 50 }, 'demo-sanguo');
    expect(new Set(sanguo.list.map((c) => c.serverName)).size).toBe(1);
  });

  it('finds by keyword in titles, role and server names, and by pinyin initials', async () => {
    const byServer = await list({ keyword: '龙腾一区', pageSize: 50 });
    expect(byServer.list.length).toBeGreaterThan(0);
    const byInitials = await list({ keyword: 'ltyq', pageSize: 50 });
    expect(byInitials.list.map((c) => c.id).sort()).toEqual(byServer.list.map((c) => c.id).sort());
    expect((await list({ keyword: '100%_\\' })).list).toEqual([]);
  });
});

describe('commodity detail, collections and the 30001 flow', () => {
  it('answers everything a buyer needs, and 30001 once the listing is gone', async () => {
    const [role] = (await list({ type: 1, pageSize: 1 })).list;
    const res = await client.call(commodityDetail, { commodityId: role?.id });
    expectCode(res, '200');
    const d = res.data as Detail;
    expect(d.snapshot?.equipment.length).toBeGreaterThan(0);
    // Each piece with its attributes as the game gave them when the role was listed.
    for (const e of d.snapshot?.equipment ?? []) expect(e.attributes.length, e.name).toBeGreaterThan(0);
    expect(d.snapshot?.equipment[0]?.attributes[0]).toMatchObject({
      name: expect.any(String),
      value: expect.stringMatching(/\d/),
    });
    expect(d.images.length).toBe(4);
    expect(d.buyerPays).toBe(d.price + d.buyerFee);
    expect(d.seller.onSaleCount).toBeGreaterThan(0);
    // A seller consigns after he registered, never before.
    expect(d.seller.listedSince).toBeGreaterThanOrEqual(d.seller.memberSince);
    // A demo seller has sold before, like the market around him (his own past sales, 已成交).
    expect(d.seller.soldCount).toBeGreaterThan(0);
    expect(d.seller.nickname).toContain('*');
    expect(d.masterServerName).not.toBe('');
    const comparable = (await client.call(comparableSales, { commodityId: role?.id })).data as CallOutput<
      typeof comparableSales
    >;
    expect(comparable.list.length).toBeGreaterThan(0);
    expect(d.fairPrice).toEqual(comparable.band);
    expectCode(await client.call(commodityDetail, { commodityId: '99999999' }), '30001');
    expectCode(await client.call(commodityDetail, { commodityId: 'abc' }), '10002');
  });

  it('shows the lock of a listing still in its notice period', async () => {
    const locked = await t.db
      .selectFrom('commodities')
      .select('id')
      .where('lock_until', '>', new Date())
      .where('status', '=', 1)
      .executeTakeFirst();
    expect(locked).toBeDefined();
    const d = (await client.call(commodityDetail, { commodityId: String(locked?.id) })).data as Detail;
    expect(d.lockUntil).toBeGreaterThan(Date.now() / 1000);
  });

  it('collects once, lists collections, flags and clears the invalid ones', async () => {
    const { token } = await loginAs(t, '13800000021');
    const [a, b] = (await list({ type: 3, pageSize: 2 })).list;
    expectCode(await client.call(collectCommodity, { commodityId: a?.id, collect: 1 }), '50000');
    const first = await client.call(collectCommodity, { commodityId: a?.id, collect: 1 }, { token });
    expect(first.data).toEqual({ collected: true, collectCount: 1 });
    const again = await client.call(collectCommodity, { commodityId: a?.id, collect: 1 }, { token });
    expect(again.data).toEqual({ collected: true, collectCount: 1 });
    await client.call(collectCommodity, { commodityId: b?.id, collect: 1 }, { token });
    const detail = (await client.call(commodityDetail, { commodityId: a?.id }, { token })).data as Detail;
    expect(detail.collected).toBe(true);
    expect((await delist(b?.id as string)).json().code).toBe('200');
    expectCode(await client.call(commodityDetail, { commodityId: b?.id }), '30001');
    expectCode(await client.call(collectCommodity, { commodityId: b?.id, collect: 1 }, { token }), '30001');
    const mine = (await client.call(myCollect, {}, { token })).data as CallOutput<typeof myCollect>;
    expect(mine.list.map((c) => [c.id, c.invalid])).toEqual([
      [b?.id, true],
      [a?.id, false],
    ]);
    expect(mine.invalidCount).toBe(1);
    expect((await client.call(clearInvalidCollect, {}, { token })).data).toEqual({ removed: 1 });
    const after = (await client.call(myCollect, {}, { token })).data as CallOutput<typeof myCollect>;
    expect(after.list.map((c) => c.id)).toEqual([a?.id]);
    const off = await client.call(collectCommodity, { commodityId: a?.id, collect: 0 }, { token });
    expect(off.data).toEqual({ collected: false, collectCount: 0 });
  });

  it('counts clicks once per id in a batch', async () => {
    const [c] = (await list({ pageSize: 1 })).list;
    const res = await client.call(commodityClick, { commodityIds: [c?.id, c?.id, '99999999'] });
    expect(res.data).toEqual({ accepted: 1 });
    const row = await t.db
      .selectFrom('commodities')
      .select('view_count')
      .where('id', '=', Number(c?.id))
      .executeTakeFirstOrThrow();
    expect(row.view_count).toBe(1);
  });
});

describe('games, channels and content', () => {
  it('lists games for the lobby, the popular page and the home', async () => {
    const lobby = (await client.call(gameLobby, {})).data as CallOutput<typeof gameLobby>;
    expect(lobby.groups.flatMap((g) => g.games).length).toBe(3);
    expect(lobby.groups.map((g) => g.initial)).toEqual([...lobby.groups.map((g) => g.initial)].sort());
    expect((await client.call(gameLobby, { keyword: '仙侠' })).data).toMatchObject({
      groups: [{ games: [{ applicationId: 'demo-xianxia' }] }],
    });
    const popular = (await client.call(recommendGameList, { kind: 'popular', pageSize: 2 })).data as CallOutput<
      typeof recommendGameList
    >;
    expect(popular.list).toHaveLength(2);
    expect(popular.hasMore).toBe(true);
    const last = (await client.call(lastPlayedGame, {})).data as CallOutput<typeof lastPlayedGame>;
    expect(last.played).toBe(false);
    expect(last.game.onSaleCount).toBeGreaterThan(100);
  });

  it('remembers the game a player came from', async () => {
    const info = await demoGameLogin(t, 'player2');
    const sdk = await t.client('H5SDK');
    const login = await sdk.call(gameTokenLogin, {
      gameId: info.gameId,
      gameToken: info.gameToken,
      serverId: info.serverId,
    });
    const token = (login.data as { token: string }).token;
    const last = (await client.call(lastPlayedGame, {}, { token })).data as CallOutput<typeof lastPlayedGame>;
    expect(last).toMatchObject({ played: true, game: { applicationId: 'demo-legend', isPlayed: 1 } });
    expect((await client.call(playedGameList, {}, { token })).data).toMatchObject({
      list: [{ applicationId: 'demo-legend' }],
    });
  });

  it("answers a game's filter options and server functions", async () => {
    expect((await client.call(gameConfig, {}, legend)).data).toMatchObject({
      roleTypeList: [{ name: '战士' }, { name: '法师' }, { name: '道士' }],
      coinTypeList: [{ name: '元宝' }, { name: '金币' }, { name: '绑定元宝' }],
      authType: AuthType.SWITCHABLE,
    });
    // Each game's own authType (decision 0034): 仙侠 asks for the ID photos, 三国 for the number.
    const authTypeOf = async (appId: string) =>
      ((await client.call(gameConfig, {}, { headers: { 'x-appid': appId } })).data as { authType: number }).authType;
    expect(await authTypeOf('demo-xianxia')).toBe(AuthType.PHOTOS);
    expect(await authTypeOf('demo-sanguo')).toBe(AuthType.NUMBER);
    const fns = (await client.call(serverFunctionList, {}, { headers: { 'x-appid': 'demo-sanguo' } }))
      .data as CallOutput<typeof serverFunctionList>;
    expect(fns.list.find((f) => f.code === 'crossServer')?.enabled).toBe(false);
    expectCode(await client.call(serverFunctionList, { serverId: 'zz' }, legend), '10002');
  });

  it('keeps channel choices per user and refuses unknown channels', async () => {
    const { token } = await loginAs(t, '13800000022');
    const defaults = (await client.call(channelList, {})).data as CallOutput<typeof channelList>;
    expect(defaults.list.slice(0, 2).map((c) => c.channelId)).toEqual(['recommend', 'role']);
    const saved = await client.call(updateChannelList, { channelIds: ['auction', 'coin'] }, { token });
    expect(
      (saved.data as CallOutput<typeof channelList>).list.filter((c) => c.selected).map((c) => c.channelId),
    ).toEqual(['recommend', 'role', 'auction', 'coin']);
    const bad = await client.call(updateChannelList, { channelIds: ['nope'] }, { token });
    expectCode(bad, '10002');
    expect(bad.msg).toBe('频道不存在：nope');
  });

  it('serves banners, posters, a popup, ads, the marquee and device activation', async () => {
    expect(((await client.call(bannerList, { place: 'home' })).data as { list: unknown[] }).list.length).toBe(3);
    expect(((await client.call(posterList, {})).data as { list: unknown[] }).list.length).toBeGreaterThanOrEqual(4);
    expect((await client.call(popup, {})).data).toMatchObject({ popup: { popupHyperlinkType: 1 } });
    expect(((await client.call(advertising, {}, legend)).data as { list: unknown[] }).list.length).toBe(1);
    const marquee = (await client.call(marqueeList, {}, legend)).data as CallOutput<typeof marqueeList>;
    expect(marquee.cacheTime).toBeGreaterThan(0);
    expect(marquee.list.some((m) => m.text.includes('购得'))).toBe(true);
    const art = await t.app.inject({ method: 'GET', url: marquee.list.length ? '/market/art/banner/1.svg?t=x' : '/' });
    expect(art.headers['content-type']).toContain('image/svg+xml');
    expect((await client.call(firstActivate, { deviceId: 'dev-1' })).data).toMatchObject({ firstActivate: true });
    expect((await client.call(firstActivate, { deviceId: 'dev-1' })).data).toMatchObject({ firstActivate: false });
  });

  it('draws the coin price history per day from completed trades', async () => {
    const res = (await client.call(coinPriceHistory, { coinType: 1, days: 30 }, legend)).data as CallOutput<
      typeof coinPriceHistory
    >;
    expect(res.coinTypeName).toBe('元宝');
    expect(res.points.length).toBeGreaterThan(15);
    expect(res.points.map((p) => p.day)).toEqual([...res.points.map((p) => p.day)].sort());
    for (const p of res.points) expect(p.minPerWan).toBeLessThanOrEqual(p.maxPerWan);
    const bad = await client.call(coinPriceHistory, { coinType: 9 }, legend);
    expectCode(bad, '10002');
    expect(bad.msg).toBe('游戏币类型不存在');
  });
});
