import type { RoleSnapshot } from '@app/game-partner/partner-types';
import type { Db } from '../../platform/db/database';

/**
 * Role classes (jobId → name) and coin types (the game's coin order → name) become filter options
 * of a game as soon as a listing shows them (gameConfig roleTypeList / coinTypeList).
 */
export async function rememberTypes(
  db: Db,
  applicationId: string,
  snap: Pick<RoleSnapshot, 'jobId' | 'jobName' | 'coins'>,
): Promise<void> {
  const game = await db
    .selectFrom('games')
    .select(['role_types', 'coin_types'])
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  if (!game) return;
  const roles = [...game.role_types];
  if (!roles.some((r) => r.type === snap.jobId)) roles.push({ type: snap.jobId, name: snap.jobName, icon: '' });
  const coins = [...game.coin_types];
  snap.coins.forEach((c, i) => {
    if (!coins.some((k) => k.type === i + 1)) coins.push({ type: i + 1, name: c.coinType });
  });
  if (roles.length === game.role_types.length && coins.length === game.coin_types.length) return;
  roles.sort((a, b) => a.type - b.type);
  coins.sort((a, b) => a.type - b.type);
  await db
    .updateTable('games')
    .set({ role_types: JSON.stringify(roles), coin_types: JSON.stringify(coins) })
    .where('application_id', '=', applicationId)
    .execute();
}
