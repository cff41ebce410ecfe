import type { DbHandle } from '../../platform/db/handle';
import { identityDb } from './identity.tables';

/**
 * ID numbers (by their keyed fingerprint, never the number) verified on at least `min` accounts,
 * each with its users: the risk signals' many accounts per person.
 */
export async function crowdedIdentities(
  db: DbHandle,
  min: number,
): Promise<Array<{ fingerprint: string; userIds: number[] }>> {
  const rows = await identityDb(db)
    .selectFrom('identities')
    .select(['id_card_fingerprint', 'user_id'])
    .where(
      'id_card_fingerprint',
      'in',
      identityDb(db)
        .selectFrom('identities')
        .select('id_card_fingerprint')
        .groupBy('id_card_fingerprint')
        .having((eb) => eb.fn.count('user_id'), '>=', min),
    )
    .orderBy('id_card_fingerprint')
    .orderBy('user_id')
    .execute();
  const by = new Map<string, number[]>();
  for (const r of rows) by.set(r.id_card_fingerprint, [...(by.get(r.id_card_fingerprint) ?? []), r.user_id]);
  return [...by].map(([fingerprint, userIds]) => ({ fingerprint, userIds }));
}

/** Whether two users verified the same ID number. */
export async function sameIdentity(db: DbHandle, a: number, b: number): Promise<boolean> {
  const rows = await identityDb(db)
    .selectFrom('identities')
    .select(['user_id', 'id_card_fingerprint'])
    .where('user_id', 'in', [a, b])
    .execute();
  return rows.length === 2 && rows[0]!.id_card_fingerprint === rows[1]!.id_card_fingerprint;
}
