import { randomBytes } from 'node:crypto';
import type { ClientSource } from '@app/protocol/calls/system';
import { generateKeyPem, loadServerKey, type ServerKey } from '@app/protocol/codec/server';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { platformDb } from '../db/platform.tables';

const SOURCES: readonly ClientSource[] = ['H5', 'APP', 'H5SDK', 'PC', 'PCSDK'];

export interface KeyRing {
  /** Current key first, then keys retired less than the grace period ago. */
  keys: readonly ServerKey[];
  current: ServerKey;
  signSecrets: Record<ClientSource, string>;
}

/**
 * Loads the codec keys shared by every server process from the database, creating them on the
 * first start (insert-if-absent, so two processes starting together agree on one key).
 */
export async function loadKeyRing(
  db: Db,
  options: { privateKeyPem?: string | undefined; graceSeconds: number },
): Promise<KeyRing> {
  if (options.privateKeyPem) {
    await platformDb(db)
      .insertInto('codec_keys')
      .values({ key_id: 'env', private_pem: options.privateKeyPem, retired_at: null })
      .onConflict((oc) => oc.column('key_id').doUpdateSet({ private_pem: options.privateKeyPem as string }))
      .execute();
    await platformDb(db)
      .updateTable('codec_keys')
      .set({ retired_at: new Date() })
      .where('key_id', '!=', 'env')
      .where('retired_at', 'is', null)
      .execute();
  } else {
    const live = await platformDb(db)
      .selectFrom('codec_keys')
      .select('key_id')
      .where('retired_at', 'is', null)
      .executeTakeFirst();
    if (!live) {
      await platformDb(db)
        .insertInto('codec_keys')
        .values({ key_id: 'k1', private_pem: generateKeyPem(), retired_at: null })
        .onConflict((oc) => oc.column('key_id').doNothing())
        .execute();
    }
  }
  const rows = await platformDb(db)
    .selectFrom('codec_keys')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('retired_at', 'is', null),
        eb('retired_at', '>', sql<Date>`now() - make_interval(secs => ${options.graceSeconds})`),
      ]),
    )
    .orderBy(sql`retired_at is null`, 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  const keys = rows.map((r) => loadServerKey(r.key_id, r.private_pem));
  const current = keys[0];
  if (!current) throw new Error('no codec key');

  const fresh = Object.fromEntries(SOURCES.map((s) => [s, randomBytes(16).toString('hex')]));
  await platformDb(db)
    .insertInto('settings')
    .values({ key: 'codec.signSecrets', value: JSON.stringify(fresh) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await platformDb(db)
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'codec.signSecrets')
    .executeTakeFirstOrThrow();
  return { keys, current, signSecrets: stored.value as Record<ClientSource, string> };
}

/** Retires the current key and creates a new one; old clients keep working for the grace period. */
export async function rotateKey(db: Db): Promise<string> {
  const keyId = `k${Date.now().toString(36)}`;
  await db.transaction().execute(async (trx) => {
    await platformDb(trx)
      .updateTable('codec_keys')
      .set({ retired_at: new Date() })
      .where('retired_at', 'is', null)
      .execute();
    await platformDb(trx)
      .insertInto('codec_keys')
      .values({ key_id: keyId, private_pem: generateKeyPem(), retired_at: null })
      .execute();
  });
  return keyId;
}
