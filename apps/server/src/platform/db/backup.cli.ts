import fs from 'node:fs';
import path from 'node:path';
import { LOCAL_BACKUP_PATH } from '../http/local-backup';
import { backupEmbedded, type EmbeddedBackup } from './backup-pglite';
import { backupPostgres } from './backup-postgres';
import { backupEnvironment, refuse } from './backup-settings';
import { openDatabase } from './database';

/**
 * `npm run backup` (docs/backups.md): one backup file in BACKUP_DIR, its .sha256 beside it, the
 * newest BACKUP_KEEP of its kind kept.
 * - DATABASE_URL set: pg_dump of that database (the server may be serving: a consistent snapshot).
 * - Otherwise the embedded database of DATA_DIR, dumped by the server that serves it (POST
 *   /local/backup on 127.0.0.1:PORT); `--offline` when no server runs: the tool opens the folder.
 */
const offline = process.argv.includes('--offline');

async function askServer(port: number): Promise<EmbeddedBackup> {
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${port}${LOCAL_BACKUP_PATH}`, { method: 'POST' });
  } catch {
    throw new Error(
      `no server answers on 127.0.0.1:${port} (PORT): start it, or with no server on DATA_DIR run \`npm run backup -- --offline\``,
    );
  }
  const body = (await res.json().catch(() => ({}))) as EmbeddedBackup & { error?: string };
  if (res.status === 404)
    throw new Error(
      `the server on port ${port} takes no backup request: it runs on PostgreSQL (set DATABASE_URL) or this is not its machine`,
    );
  if (!res.ok) throw new Error(`the server could not write the backup: ${body.error ?? `HTTP ${res.status}`}`);
  return body;
}

async function main(): Promise<void> {
  const env = backupEnvironment();
  if (env.url) {
    const done = await backupPostgres({ url: env.url, dir: env.dir, keep: env.BACKUP_KEEP, bin: env.BACKUP_PG_BIN });
    console.info(
      `backup written: ${done.file} (${done.bytes} bytes, sha256 ${done.sha256}, ${done.ms} ms, ${done.tools})`,
    );
    for (const file of done.removed) console.info(`removed (retention ${env.BACKUP_KEEP}): ${file}`);
    return;
  }
  let done: EmbeddedBackup;
  if (offline) {
    // Opening an empty folder would create a database there: back up only one that exists.
    if (!fs.existsSync(path.join(env.dataDir, 'pglite', 'PG_VERSION')))
      throw new Error(`no database in ${env.dataDir} (DATA_DIR): nothing to back up`);
    const db = await openDatabase({ dataDir: env.dataDir });
    try {
      done = await backupEmbedded(db, { dir: env.dir, keep: env.BACKUP_KEEP });
    } finally {
      await db.destroy();
    }
  } else {
    done = await askServer(env.port);
  }
  console.info(
    `backup written: ${done.file} (${done.bytes} bytes, sha256 ${done.sha256}, ${done.ms} ms, database held ${done.heldMs} ms)`,
  );
  for (const file of done.removed) console.info(`removed (retention ${env.BACKUP_KEEP}): ${file}`);
}

await main().catch(refuse);
