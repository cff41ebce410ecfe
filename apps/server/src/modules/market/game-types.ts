import type { RoleSnapshot } from '@app/game-partner/partner-types';
import type { Selectable } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { type GamesTable, marketDb } from './market.tables';

type Seen = Pick<RoleSnapshot, 'jobId' | 'jobName' | 'coins'>;
type RoleTypes = Selectable<GamesTable>['role_types'];
type CoinTypes = Selectable<GamesTable>['coin_types'];

/** A game's role classes and coin types with those a role shows added (sorted), and whether any was new. */
export function withSeenTypes(
  game: { role_types: RoleTypes; coin_types: CoinTypes },
  snap: Seen,
): { roleTypes: RoleTypes; coinTypes: CoinTypes; changed: boolean } {
  const roleTypes = [...game.role_types];
  if (!roleTypes.some((r) => r.type === snap.jobId)) roleTypes.push({ type: snap.jobId, name: snap.jobName, icon: '' });
  const coinTypes = [...game.coin_types];
  snap.coins.forEach((c, i) => {
    if (!coinTypes.some((k) => k.type === i + 1)) coinTypes.push({ type: i + 1, name: c.coinType });
  });
  roleTypes.sort((a, b) => a.type - b.type);
  coinTypes.sort((a, b) => a.type - b.type);
  const changed = roleTypes.length !== game.role_types.length || coinTypes.length !== game.coin_types.length;
  return { roleTypes, coinTypes, changed };
}

/**
 * Role classes (jobId → name) and coin types (the game's coin order → name) become filter options
 * of a game as soon as a listing shows them (gameConfig roleTypeList / coinTypeList).
 */
export async function rememberTypes(db: DbHandle, applicationId: string, snap: Seen): Promise<void> {
  const market = marketDb(db);
  const game = await market
    .selectFrom('games')
    .select(['role_types', 'coin_types'])
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  if (!game) return;
  const { roleTypes, coinTypes, changed } = withSeenTypes(game, snap);
  if (!changed) return;
  await market
    .updateTable('games')
    .set({ role_types: JSON.stringify(roleTypes), coin_types: JSON.stringify(coinTypes) })
    .where('application_id', '=', applicationId)
    .execute();
}
