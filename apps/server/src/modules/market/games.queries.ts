import type { Game } from '@app/protocol/calls/market-games';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { countsPerGame } from '../exchange/listing-stats';
import type { GamesTable } from './market.tables';

type GameRow = Selectable<GamesTable>;

export interface MarketCounts {
  onSale: Map<string, number>;
  sold: Map<string, number>;
}

/** Listings on sale and sold per game; counting a big table is not free, so it is cached briefly. */
export function createCountCache(db: Db, ttlMs = 30_000) {
  let cached: { at: number; value: Promise<MarketCounts> } | null = null;
  const load = (): Promise<MarketCounts> => countsPerGame(db);
  return {
    get(): Promise<MarketCounts> {
      if (!cached || Date.now() - cached.at > ttlMs) {
        const value = load();
        cached = { at: Date.now(), value };
        value.catch(() => {
          cached = null;
        });
      }
      return cached.value;
    },
    invalidate(): void {
      cached = null;
    },
  };
}
export type CountCache = ReturnType<typeof createCountCache>;

export function toGame(row: GameRow, counts: MarketCounts, played: Set<string>): Game {
  return {
    gameId: row.application_id,
    applicationId: row.application_id,
    gameName: row.name,
    iconUrl: row.icon_url,
    description: row.description,
    initial: row.initial,
    tags: row.tags,
    onSaleCount: counts.onSale.get(row.application_id) ?? 0,
    soldCount: counts.sold.get(row.application_id) ?? 0,
    isPlayed: played.has(row.application_id) ? 1 : 0,
    h5IosDownloadUrl: row.h5_ios_url,
    iosDownloadUrl: row.ios_url,
    h5AndroidDownloadUrl: row.h5_android_url,
    androidDownloadUrl: row.android_url,
    pcDownloadUrl: row.pc_url,
    guideUrl: row.guide_url,
    crossServer: row.cross_server,
  };
}

/** Games the user has logged into (user_identities game:<id>), most recent first. */
export async function playedGames(db: Db, userId: number | null) {
  if (userId === null) return [];
  const rows = await db
    .selectFrom('user_identities')
    .select(['provider', 'last_login_at', 'created_at', 'last_role_name'])
    .where('user_id', '=', userId)
    .where('provider', 'like', 'game:%')
    .execute();
  return rows
    .map((r) => ({
      applicationId: r.provider.slice('game:'.length),
      at: (r.last_login_at ?? r.created_at).getTime(),
      firstAt: r.created_at.getTime(),
      roleName: r.last_role_name,
    }))
    .sort((a, b) => b.at - a.at);
}
