import { DEFAULT_SELL_RULES } from '@app/protocol/sell-rules';
import type { Selectable } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import type { ListingCatalogue, SellerRecordOf } from '../exchange/listing-catalogue';
import { sellerProfile } from '../user/user.queries';
import { type GameServersTable, type GamesTable, marketDb } from './market.tables';

/**
 * The catalogue as other modules read it: games and the servers the partner API reports. Each
 * function takes the caller's handle (its transaction, too) and reads only the market's tables.
 */

export type GameRow = Selectable<GamesTable>;

export async function gameById(db: DbHandle, applicationId: string): Promise<GameRow | undefined> {
  return marketDb(db).selectFrom('games').selectAll().where('application_id', '=', applicationId).executeTakeFirst();
}

/** Every game, the most recommended first. */
export const allGames = (db: DbHandle): Promise<GameRow[]> =>
  marketDb(db).selectFrom('games').selectAll().orderBy('recommend_rank', 'desc').execute();

/** Names of the given games (all games, most recommended first, when ids is null). */
export async function gameNames(db: DbHandle, ids: readonly string[] | null): Promise<Map<string, string>> {
  if (ids?.length === 0) return new Map();
  let query = marketDb(db).selectFrom('games').select(['application_id', 'name']).orderBy('recommend_rank', 'desc');
  if (ids) query = query.where('application_id', 'in', [...ids]);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.application_id, r.name]));
}

/**
 * What placing an order reads of the catalogue (a game's buyer fee, a server's master group) is
 * written only by syncGames, when a process starts: each process keeps what it read for
 * TERMS_TTL_MS per database handle, and forgets it all when syncGames runs here (another
 * process's start is seen within the TTL). Unknown games and servers are not kept.
 */
const TERMS_TTL_MS = 30_000;
let termsGeneration = 0;
const terms = new WeakMap<object, Map<string, { value: unknown; until: number; generation: number }>>();

async function remembered<T>(db: DbHandle, key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
  const kept = terms.get(db) ?? new Map();
  terms.set(db, kept);
  const now = Date.now();
  const hit = kept.get(key);
  if (hit && hit.until > now && hit.generation === termsGeneration) return hit.value as T;
  const generation = termsGeneration;
  const value = await load();
  if (value !== undefined) kept.set(key, { value, until: now + TERMS_TTL_MS, generation });
  return value;
}

/** syncGames changed the games or their servers: every process-kept term is read again. */
export function forgetGameTerms(): void {
  termsGeneration++;
}

/** The buyer's fee of a game in percent of the price (0 for an unknown game); kept TERMS_TTL_MS. */
export async function buyerFeePercent(db: DbHandle, applicationId: string): Promise<number> {
  const percent = await remembered(db, `fee/${applicationId}`, async () => {
    const game = await marketDb(db)
      .selectFrom('games')
      .select('buyer_fee_percent')
      .where('application_id', '=', applicationId)
      .executeTakeFirst();
    return game ? Number(game.buyer_fee_percent) : undefined;
  });
  return percent ?? 0;
}

/** A game's name (written only by syncGames), kept TERMS_TTL_MS: a broker order's answer names its game. */
export const knownGameName = (db: DbHandle, applicationId: string): Promise<string | undefined> =>
  remembered(db, `name/${applicationId}`, async () => (await gameById(db, applicationId))?.name);

/** serverOf, kept TERMS_TTL_MS (placing an order checks the receiving role's master group with it). */
export const knownServerOf = (
  db: DbHandle,
  applicationId: string,
  serverId: string,
): Promise<ServerEntry | undefined> =>
  remembered(db, `server/${applicationId}/${serverId}`, () => serverOf(db, applicationId, serverId));

export interface ServerEntry {
  name: string;
  masterServerId: string;
  masterServerName: string;
}

/** A server of a game as the partner API reported it, or undefined. */
export async function serverOf(
  db: DbHandle,
  applicationId: string,
  serverId: string,
): Promise<ServerEntry | undefined> {
  const row = await marketDb(db)
    .selectFrom('game_servers')
    .select(['name', 'master_server_id', 'master_server_name'])
    .where('application_id', '=', applicationId)
    .where('server_id', '=', serverId)
    .executeTakeFirst();
  return row && { name: row.name, masterServerId: row.master_server_id, masterServerName: row.master_server_name };
}

/** Every server of a game as the partner API reported it (a seed spreads its history over them). */
export async function serversOfGame(db: DbHandle, applicationId: string): Promise<Selectable<GameServersTable>[]> {
  return marketDb(db).selectFrom('game_servers').selectAll().where('application_id', '=', applicationId).execute();
}

/** Names of the servers of one game, by server id (one query for a whole list). */
export async function serverNames(
  db: DbHandle,
  applicationId: string,
  serverIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(serverIds)];
  if (ids.length === 0) return new Map();
  const rows = await marketDb(db)
    .selectFrom('game_servers')
    .select(['server_id', 'name'])
    .where('application_id', '=', applicationId)
    .where('server_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.server_id, r.name]));
}

/**
 * The master-server group each server trades in (`<game>/<server>` → master server id) for games
 * that let players trade across it; servers of other games are absent.
 */
export async function crossServerGroups(db: DbHandle): Promise<Map<string, string>> {
  const rows = await marketDb(db)
    .selectFrom('game_servers as s')
    .innerJoin('games as g', 'g.application_id', 's.application_id')
    .select(['s.application_id', 's.server_id', 's.master_server_id'])
    .where('g.cross_server', '=', true)
    .execute();
  return new Map(rows.map((r) => [`${r.application_id}/${r.server_id}`, r.master_server_id]));
}

/** Whether the user keeps the listing in their collection. */
export async function isCollected(db: DbHandle, userId: number, commodityId: number): Promise<boolean> {
  const row = await marketDb(db)
    .selectFrom('collections')
    .select('commodity_id')
    .where('user_id', '=', userId)
    .where('commodity_id', '=', commodityId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The catalogue as the exchange's listing pages read it (the market module hands it to them). */
export function listingCatalogue(db: DbHandle, sellerRecord: SellerRecordOf): ListingCatalogue {
  return {
    async game(applicationId) {
      const game = await gameById(db, applicationId);
      if (!game) return undefined;
      const rules = { ...DEFAULT_SELL_RULES, ...game.sell_rules };
      return {
        buyerFeePercent: Number(game.buyer_fee_percent),
        coinTypes: game.coin_types,
        negotiation: {
          bargainOpen: rules.bargainOpen,
          depositPercent: rules.depositPercent,
          depositMinFen: rules.depositMinFen,
          depositMaxFen: rules.depositMaxFen,
        },
      };
    },
    masterServerName: async (applicationId, serverId) =>
      (await serverOf(db, applicationId, serverId))?.masterServerName ?? '',
    serverNames: (applicationId, serverIds) => serverNames(db, applicationId, serverIds),
    crossServerGroups: () => crossServerGroups(db),
    isCollected: (userId, commodityId) => isCollected(db, userId, commodityId),
    seller: (userId) => sellerProfile(db, userId),
    sellerRecord,
  };
}
