import { randomBytes } from 'node:crypto';
import type { Db } from './db/database';
import { platformDb } from './db/platform.tables';

/**
 * A server-side secret shared by every process: taken from the environment, or outside production
 * created once in the settings table (insert if absent, then read, so concurrent first starts
 * agree). `required` names the variable production must set (loadConfig checks it first; this is
 * the last guard): a production secret is never made up nor kept in the database it protects.
 */
export async function ensureSecret(
  db: Db,
  name: string,
  fromEnv?: string,
  required?: { production: boolean; variable: string },
): Promise<string> {
  if (fromEnv) return fromEnv;
  if (required?.production) throw new Error(`${required.variable} must be set in production (secret ${name})`);
  const key = `secret.${name}`;
  await platformDb(db)
    .insertInto('settings')
    .values({ key, value: JSON.stringify(randomBytes(32).toString('hex')) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await platformDb(db)
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value as string;
}
