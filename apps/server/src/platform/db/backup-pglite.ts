import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import { keepBackup, temporaryIn, verifyChecksum } from './backup-files';
import { type Db, embeddedOf } from './database';
import { openPGlite } from './pglite-open';

/**
 * The embedded database's backup (docs/decisions/0062-backups-restore-drill.md). PGlite is one
 * process's: only the process holding it can copy it while it serves, so the dump runs there
 * (local-backup.ts: on demand from this machine, or every BACKUP_EVERY_MINUTES). It takes the app's
 * one connection between two transactions (the PGlite dialect queues the others behind it), runs a
 * checkpoint and tars the data folder: the cluster at a commit boundary. Requests wait meanwhile
 * (heldMs); the gzip runs after.
 */
export interface EmbeddedBackup {
  file: string;
  bytes: number;
  sha256: string;
  removed: string[];
  /** How long the database was held (requests waited at most this long). */
  heldMs: number;
  ms: number;
}

export async function backupEmbedded(db: Db, options: { dir: string; keep: number }): Promise<EmbeddedBackup> {
  const pglite = embeddedOf(db);
  if (!pglite) throw new Error('this database is PostgreSQL: `npm run backup` with DATABASE_URL uses pg_dump');
  const started = performance.now();
  let heldMs = 0;
  // The connection, not a transaction: no statement of anyone else runs while the files are read.
  const tarball = await (db as Kysely<unknown>).connection().execute(async () => {
    const held = performance.now();
    try {
      // Everything committed into the data files: the restore starts without replaying the WAL.
      await pglite.exec('checkpoint');
      return await pglite.dumpDataDir('none');
    } finally {
      heldMs = performance.now() - held;
    }
  });
  const temporary = await temporaryIn(options.dir, 'pglite');
  // Compressed after the connection is given back (zlib's thread pool): requests wait for the copy only.
  await fs.writeFile(temporary, await promisify(gzip)(await tarball.arrayBuffer()));
  const kept = await keepBackup(temporary, options.dir, 'pglite', options.keep);
  return { ...kept, heldMs: Math.round(heldMs), ms: Math.round(performance.now() - started) };
}

/** The entries of a folder, none when it does not exist. */
async function entriesOf(folder: string): Promise<string[]> {
  return fs.readdir(folder).catch(() => []);
}

/**
 * Unpacks a checked backup into `dataDir` (its `pglite` folder, as the server opens it) and starts
 * PostgreSQL on it once, which reads it back. A folder with anything in it is refused unless
 * `force`; then it is moved aside (`pglite.replaced-<time>`), never deleted. The server on that
 * folder must be stopped first: PGlite keeps no lock another process would see.
 */
export async function restoreEmbedded(options: {
  file: string;
  dataDir: string;
  force: boolean;
}): Promise<{ ms: number; movedAside: string | null }> {
  await verifyChecksum(options.file);
  const started = performance.now();
  const folder = path.join(options.dataDir, 'pglite');
  let movedAside: string | null = null;
  if ((await entriesOf(folder)).length > 0) {
    if (!options.force)
      throw new Error(
        `${folder} already holds a database: restore into a new DATA_DIR, or stop its server and add --force (it is moved aside, not deleted)`,
      );
    movedAside = `${folder}.replaced-${new Date().toISOString().replace(/[-:.]/g, '')}`;
    await fs.rename(folder, movedAside);
  }
  const tarball = new Blob([await fs.readFile(options.file)]);
  const pglite = await openPGlite({ dataDir: options.dataDir, loadDataDir: tarball });
  try {
    await pglite.query('select 1');
  } finally {
    await pglite.close();
  }
  return { ms: Math.round(performance.now() - started), movedAside };
}
