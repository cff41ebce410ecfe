import type { Game } from '@app/protocol/calls/market-games';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { countsPerGame } from '../exchange/listing-stats';
import { gameLoginsOf } from '../user/game-accounts';
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
  const rows = await gameLoginsOf(db, userId);
  return rows
    .map((r) => ({
      applicationId: r.gameId,
      at: (r.lastLoginAt ?? r.linkedAt).getTime(),
      firstAt: r.linkedAt.getTime(),
      roleName: r.lastRoleName,
    }))
    .sort((a, b) => b.at - a.at);
}
