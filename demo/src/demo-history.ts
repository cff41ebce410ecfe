import { CommodityType } from '@app/protocol/commodity';
import { propListings } from '../../apps/server/src/modules/exchange/listing-stats';
import { insertPastTrades } from '../../apps/server/src/modules/exchange/listings';
import type { GameConfig } from '../../apps/server/src/modules/games/game-gateway';
import { gameById, serversOfGame } from '../../apps/server/src/modules/market/catalogue';
import { addContentSlots, hasContent } from '../../apps/server/src/modules/market/content-slots';
import type { DbHandle } from '../../apps/server/src/platform/db/handle';
import { COIN_BASE_PER_WAN, rolePriceFen } from './demo-market';
import type { Rng } from './rng';

const DAY = 86_400_000;

/**
 * Sixty days of sold history for a demo game, so the price charts and fair-price bands have
 * something to show on a fresh start. Trades of earlier listings; nothing here is on sale.
 */
export async function seedTrades(db: DbHandle, applicationId: string, rng: Rng, now: number): Promise<number> {
  const game = await gameById(db, applicationId);
  const servers = await serversOfGame(db, applicationId);
  if (!game || servers.length === 0) return 0;
  const items = await propListings(db, applicationId);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)] as T;
  const rows: Parameters<typeof insertPastTrades>[1] = [];
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY - Math.floor(rng() * DAY));
  for (let i = 0; i < 120 && game.role_types.length; i++) {
    const s = pick(servers);
    const roleType = pick(game.role_types);
    const level = 30 + Math.floor(rng() * 70);
    rows.push({
      application_id: applicationId,
      type: CommodityType.ROLE,
      server_id: s.server_id,
      master_server_id: s.master_server_id,
      title: `${level}级${roleType.name}`,
      role_type: roleType.type,
      role_level: level,
      price_fen: rolePriceFen({ level, roleAtt: level * 1_200, recharge: Math.floor(rng() * 2_000_000) }, rng),
      sold_at: at(Math.floor(rng() * 60)),
    });
  }
  const groups = [...new Set(servers.map((s) => s.master_server_id))];
  for (const coin of game.coin_types) {
    for (const group of groups) {
      let perWan = (COIN_BASE_PER_WAN[coin.type - 1] ?? 500) * (0.9 + rng() * 0.2);
      const inGroup = servers.filter((s) => s.master_server_id === group);
      for (let day = 59; day >= 0; day--) {
        perWan = Math.max(10, perWan * (0.96 + rng() * 0.08));
        for (let n = Math.floor(rng() * 4); n > 0; n--) {
          const amount = Math.round((10_000 + rng() * 2_000_000) / 1_000) * 1_000;
          rows.push({
            application_id: applicationId,
            type: CommodityType.COIN,
            server_id: pick(inGroup).server_id,
            master_server_id: group,
            title: coin.name,
            coin_type: coin.type,
            coin_num: amount,
            price_fen: Math.max(1, Math.round((amount * perWan * (0.95 + rng() * 0.1)) / 10_000)),
            sold_at: at(day),
          });
        }
      }
    }
  }
  for (let i = 0; i < 100 && items.length; i++) {
    const item = pick(items);
    const s = pick(servers);
    rows.push({
      application_id: applicationId,
      type: CommodityType.PROP,
      server_id: s.server_id,
      master_server_id: s.master_server_id,
      title: item.item_name ?? '道具',
      sub_type: item.sub_type,
      item_name: item.item_name,
      price_fen: Math.max(100, Math.round((item.price_fen * (0.6 + rng() * 0.8)) / 100) * 100),
      sold_at: at(Math.floor(rng() * 60)),
    });
  }
  await insertPastTrades(db, rows);
  return rows.length;
}

const art = (kind: string, n: number, title: string, subtitle: string) =>
  `/market/art/${kind}/${n}.svg?t=${encodeURIComponent(title)}&s=${encodeURIComponent(subtitle)}`;

/** Banners, posters, a popup, the splash, SDK ads and notices (once; operators edit them later). */
export async function seedContent(db: DbHandle, games: GameConfig[], now: number): Promise<void> {
  if (await hasContent(db)) return;
  const list = (id: string, type?: number) =>
    `/pages/commodityList/list?applicationId=${id}${type ? `&type=${type}` : ''}`;
  const [first, second, third] = games;
  const slots: Parameters<typeof addContentSlots>[1] = [];
  const add = (s: {
    kind: 'banner' | 'poster' | 'popup' | 'splash' | 'ad' | 'notice';
    place: string;
    title: string;
    image_url?: string;
    hyperlink?: string;
    hyperlink_type?: number;
    application_id?: string | null;
  }) => slots.push({ ...s, sort: slots.length, starts_at: new Date(now - DAY) });
  for (const place of ['home', 'pcHome']) {
    const kind = 'banner';
    if (first)
      add({
        kind,
        place,
        title: `${first.name} 成品号专场`,
        image_url: art('banner', 0, `${first.name}`, '成品号专场 · 顶级装备'),
        hyperlink: list(first.gameId, 1),
        application_id: first.gameId,
      });
    if (second)
      add({
        kind,
        place,
        title: `${second.name} 灵石行情`,
        image_url: art('banner', 1, `${second.name}`, '游戏币行情 · 实时成交价'),
        hyperlink: list(second.gameId, 2),
        application_id: second.gameId,
      });
    add({
      kind,
      place,
      title: '交易安全指南',
      image_url: art('banner', 4, '安心交易', '游戏内冻结 · 平台担保 · 极速到账'),
      hyperlink: '/demo-game/host#guide',
      hyperlink_type: CommodityType.COIN,
    });
  }
  games.forEach((g, i) => {
    add({
      kind: 'poster',
      place: 'home',
      title: g.name,
      image_url: art('poster', i, g.name, '热卖中'),
      hyperlink: list(g.gameId),
      application_id: g.gameId,
    });
    add({
      kind: 'poster',
      place: 'home',
      title: `${g.name} 道具`,
      image_url: art('poster', i + 3, '道具', g.name),
      hyperlink: list(g.gameId, 3),
      application_id: g.gameId,
    });
    add({
      kind: 'ad',
      place: 'sdkHome',
      title: `${g.name} 寄售免费上架`,
      image_url: art('ad', i, '寄售免费上架', '游戏内一键寄售'),
      hyperlink: '',
      hyperlink_type: CommodityType.PROP,
      application_id: g.gameId,
    });
    add({
      kind: 'notice',
      place: 'sdkHome',
      title: `【公告】${g.name} 交易市场已开放跨区服浏览，成交即时到账。`,
      application_id: g.gameId,
    });
  });
  if (third)
    add({
      kind: 'popup',
      place: 'home',
      title: `${third.name} 新服开市`,
      image_url: art('popup', 2, '新服开市', third.name),
      hyperlink: list(third.gameId),
      application_id: third.gameId,
    });
  add({
    kind: 'splash',
    place: 'app',
    title: '安心交易',
    image_url: art('splash', 0, '安心交易', '角色 · 游戏币 · 道具'),
    hyperlink_type: CommodityType.PROP,
  });
  await addContentSlots(db, slots);
}
