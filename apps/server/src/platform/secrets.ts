import { randomBytes } from 'node:crypto';
import type { Db } from './db/database';

/**
 * A server-side secret shared by every process: created once in the settings table (insert if
 * absent, then read, so concurrent first starts agree), or taken from the environment.
 */
export async function ensureSecret(db: Db, name: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  const key = `secret.${name}`;
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(randomBytes(32).toString('hex')) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value as string;
}
