import type { ItemInfo, RoleSnapshot } from '@app/game-partner/partner-types';
import { CommodityType, type PropSubType, propSubTypeLabel, SaleType } from '@app/protocol/commodity';
import { formatCount } from '@app/protocol/format';
import { DEFAULT_SELL_RULES, serviceFee } from '@app/protocol/sell-rules';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import type { SeedServices } from '../../apps/server/src/app';
import { gameHasListings, settleSeededListing } from '../../apps/server/src/modules/exchange/listing-stats';
import { insertListing, roleSnapshotJson } from '../../apps/server/src/modules/exchange/listings';
import type { GameConfig, GameGateway } from '../../apps/server/src/modules/games/game-gateway';
import { serversOfGame } from '../../apps/server/src/modules/market/catalogue';
import { searchTextOf } from '../../apps/server/src/modules/market/game-catalogue';
import { rememberTypes } from '../../apps/server/src/modules/market/game-types';
import { findOrCreateUserByIdentity } from '../../apps/server/src/modules/user/user.service';
import type { Db } from '../../apps/server/src/platform/db/database';
import { seedContent, seedTrades } from './demo-history';
import { seedPastSales } from './demo-past-sales';
import { demoSellerAccounts } from './embedded-demo-game';
import { createRng, type Rng } from './rng';

/**
 * The demo market of a fresh start: the demo games' seller accounts put real roles, coin lots and
 * props on sale, each frozen in its game through the partner API exactly as a listing is; sold
 * history, banners and notices around them. Runs once per game (when it has no listing yet), so a
 * fresh DATA_DIR always yields the same market.
 */
export const LISTING_DAYS = 30;
const SCREENSHOTS = [
  ['equipment', '角色装备'],
  ['bag', '背包'],
  ['warehouse', '仓库'],
  ['skills', '技能'],
] as const;
const ITEM_BASE_FEN: Record<number, number> = {
  1: 30_000,
  2: 50_000,
  3: 80_000,
  4: 20_000,
  5: 15_000,
  6: 120_000,
  7: 3_000,
};
/** Fen per 10,000 coins by the game's coin order: premium currency, common gold, bound currency. */
export const COIN_BASE_PER_WAN = [8_000, 150, 3_000];

interface Listing {
  type: CommodityType;
  title: string;
  priceFen: number;
  freeze: { kind: 'role' } | { kind: 'coins'; coinType: string; amount: number } | { kind: 'items'; itemIds: string[] };
  coin?: { type: number; name: string; amount: number };
  item?: ItemInfo;
}

export function rolePriceFen(s: Pick<RoleSnapshot, 'level' | 'roleAtt' | 'recharge'>, rng: Rng): number {
  const yuan = s.level * s.level * 1.6 + s.roleAtt / 120 + (s.recharge / 100) * 0.35;
  return Math.max(50, Math.round((yuan * (0.75 + rng() * 0.6)) / 10) * 10) * 100;
}

export function listingsOf(snap: RoleSnapshot, rng: Rng, wholeRole: boolean, serverName: string): Listing[] {
  if (wholeRole)
    return [
      {
        type: CommodityType.ROLE,
        title: `${snap.level}级${snap.jobName}·${snap.name}｜战力${formatCount(snap.roleAtt)}｜${serverName}`,
        priceFen: rolePriceFen(snap, rng),
        freeze: { kind: 'role' },
      },
    ];
  const out: Listing[] = [];
  snap.coins.forEach((c, index) => {
    if (c.available < 10_000 || rng() < 0.3) return;
    const amount = Math.max(1_000, Math.round((c.available * (0.1 + rng() * 0.5)) / 1_000) * 1_000);
    const perWan = (COIN_BASE_PER_WAN[index] ?? 500) * (0.85 + rng() * 0.35);
    out.push({
      type: CommodityType.COIN,
      title: `${formatCount(amount)}${c.coinType}`,
      priceFen: Math.max(100, Math.round((amount * perWan) / 10_000)),
      freeze: { kind: 'coins', coinType: c.coinType, amount },
      coin: { type: index + 1, name: c.coinType, amount },
    });
  });
  const spare = [...snap.bag, ...snap.warehouse].filter((i) => i.tradable && !i.frozen);
  const count = Math.min(spare.length, 1 + Math.floor(rng() * 3));
  for (const item of spare.sort(() => rng() - 0.5).slice(0, count)) {
    const base = ITEM_BASE_FEN[item.subType] ?? 5_000;
    out.push({
      type: CommodityType.PROP,
      title: `${item.name}｜${propSubTypeLabel[item.subType as PropSubType]}`,
      priceFen: Math.max(100, Math.round((base * (0.5 + rng() * 1.5)) / 100) * 100),
      freeze: { kind: 'items', itemIds: [item.id] },
      item,
    });
  }
  return out;
}

/** How long before the seed the demo sellers registered. */
const SELLER_SINCE_DAYS = 180;

/** Seeds each mounted game not seeded yet (listings, past sales, trades) and the content; answers how many games it seeded. */
export async function seedDemoMarket(
  db: Db,
  gateway: GameGateway,
  games: GameConfig[],
  log: SeedServices['log'],
  now = Date.now(),
): Promise<number> {
  // One summary line for the whole seed (a line per game or listing drowned the start-up log).
  const started = Date.now();
  const seeded = { games: 0, roles: 0, coins: 0, props: 0, refused: 0, trades: 0 };
  const kinds = { 1: 'roles', 2: 'coins', 3: 'props' } as const;
  for (const game of games) {
    if (await gameHasListings(db, game.gameId)) continue;
    seeded.games++;
    const rng = createRng(game.gameId);
    // The sellers' own past sales draw on their own sequence: the listings on sale stay as they were.
    const history = createRng(`${game.gameId}:past-sales`);
    const base = game.partnerUrl.replace(/\/partner\/v1$/, '');
    const servers = new Map((await serversOfGame(db, game.gameId)).map((s) => [s.server_id, s]));
    for (const accountId of demoSellerAccounts(game.gameId)) {
      const { roles } = await gateway.roles(game.gameId, accountId);
      const free = roles.filter((r) => !r.locked);
      if (free.length === 0) continue;
      // Registered before any of his listings (published up to 20 days back) and the sold history (60 days).
      const user = await findOrCreateUserByIdentity(
        db,
        `game:${game.gameId}`,
        accountId,
        free[0]?.name ?? null,
        new Date(now - SELLER_SINCE_DAYS * 86_400_000),
      );
      for (const role of free) {
        const snap = await gateway.client(game.gameId).snapshot(role.id);
        const server = servers.get(snap.serverId);
        await rememberTypes(db, game.gameId, snap);
        for (const l of listingsOf(snap, rng, rng() < 0.55, server?.name ?? snap.serverName)) {
          const published = new Date(now - Math.floor(rng() * 20 * 86_400_000) - 60_000);
          const presale = l.type === CommodityType.ROLE && rng() < 0.1;
          const auction = !presale && l.type !== CommodityType.COIN && rng() < 0.06;
          const images = SCREENSHOTS.map(([kind, title]) => ({
            kind,
            title,
            url: `${base}/render/role/${role.id}/${kind}.svg`,
          }));
          const id = await insertListing(db, {
            type: l.type,
            title: l.title,
            application_id: game.gameId,
            game_name: game.name,
            server_id: snap.serverId,
            server_name: server?.name ?? snap.serverName,
            master_server_id: server?.master_server_id ?? '',
            role_name: l.type === CommodityType.ROLE ? snap.name : null,
            role_class_name: l.type === CommodityType.ROLE ? snap.jobName : null,
            role_level: l.type === CommodityType.ROLE ? snap.level : null,
            role_type: l.type === CommodityType.ROLE ? snap.jobId : null,
            coin_type_name: l.coin?.name ?? null,
            coin_type: l.coin?.type ?? null,
            coin_num: l.coin?.amount ?? null,
            unit_price_wan: l.coin ? Math.round((l.priceFen * 10_000) / l.coin.amount) : null,
            sub_type: l.item?.subType ?? null,
            item_name: l.item?.name ?? null,
            first_img: (images[l.type === CommodityType.ROLE ? 0 : 1] as { url: string }).url,
            price_fen: l.priceFen,
            fee_fen: serviceFee(l.priceFen, DEFAULT_SELL_RULES),
            source: 'demo',
            item_ids: JSON.stringify(l.freeze.kind === 'items' ? l.freeze.itemIds : []),
            sale_type: presale ? SaleType.PRESALE : SaleType.NORMAL,
            auction_enable: auction ? 1 : 0,
            status: ListingStatus.LISTING,
            published_at: published,
            expires_at: new Date(published.getTime() + LISTING_DAYS * 86_400_000),
            lock_until: rng() < 0.05 ? new Date(now + (1 + Math.floor(rng() * 60)) * 3_600_000) : null,
            search_text: searchTextOf([l.title, snap.name, server?.name, l.item?.name, snap.jobName, l.coin?.name]),
            seller_user_id: user.id,
            game_account_id: accountId,
            game_role_id: role.id,
            snapshot: l.type === CommodityType.ROLE ? roleSnapshotJson(snap) : null,
            images: JSON.stringify(l.type === CommodityType.ROLE ? images : images.slice(1, 3)),
            description:
              l.type === CommodityType.ROLE
                ? `${snap.jobName}${snap.level}级，战力${snap.roleAtt}，装备齐全，诚心出售。`
                : '游戏内冻结，付款后自动发放到您的角色。',
          });
          const listingId = String(id);
          try {
            await gateway
              .client(game.gameId)
              .freeze(
                { ...l.freeze, listingId, roleId: role.id, requireOnline: false } as never,
                `seed-${game.gameId}-${listingId}`,
              );
            await settleSeededListing(db, id, true);
            seeded[kinds[l.type]]++;
          } catch (error) {
            seeded.refused++;
            log.warn({ err: error, listingId }, 'demo listing refused by the game');
            await settleSeededListing(db, id, false);
          }
          if (l.freeze.kind === 'role') break;
        }
        const seller = {
          userId: user.id,
          accountId,
          gameId: game.gameId,
          gameName: game.name,
          serverName: server?.name ?? snap.serverName,
          masterServerId: server?.master_server_id ?? '',
        };
        seeded.trades += await seedPastSales(db, seller, snap, history, now);
      }
    }
    seeded.trades += await seedTrades(db, game.gameId, rng, now);
  }
  await seedContent(db, games, now);
  if (seeded.games === 0) return 0;
  const { games: n, roles, coins, props, refused, trades } = seeded;
  log.info(
    { ...seeded, ms: Date.now() - started },
    `demo market seeded: ${n} games, ${roles} roles, ${coins} coin lots, ${props} props on sale${refused ? ` (${refused} refused by the games)` : ''}, ${trades} past trades`,
  );
  return n;
}
