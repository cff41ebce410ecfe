import type { DbHandle } from './db/handle';
import { platformDb } from './db/platform.tables';

/**
 * The `settings` table (the platform's): one JSON value per key, the same in every server process.
 * Modules keep their switches here through these two functions (the system module's maintenance).
 */
export async function readSetting(db: DbHandle, key: string): Promise<unknown> {
  const row = await platformDb(db).selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Sets a key's value (created on first use). */
export async function writeSetting(db: DbHandle, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await platformDb(db)
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute();
}
