import { backupKindOf } from './backup-files';
import { restoreEmbedded } from './backup-pglite';
import { restorePostgres } from './backup-postgres';
import { backupEnvironment, refuse } from './backup-settings';

/**
 * `npm run restore -- <backup file> [--force]` (docs/backups.md): checks the file's .sha256, then
 * - a `market-postgres-…dump` into DATABASE_URL with pg_restore (one transaction);
 * - a `market-pglite-…tar.gz` into DATA_DIR/pglite (the server on it stopped).
 * A target holding data is refused without --force. The next server start migrates it forward.
 */
const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((arg) => !arg.startsWith('--'));

async function main(): Promise<void> {
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--force');
  if (unknown.length > 0) throw new Error(`unknown option ${unknown.join(' ')}: the only option is --force`);
  if (files.length !== 1) throw new Error('name one backup file: npm run restore -- <file> [--force]');
  const file = files[0]!;
  const kind = backupKindOf(file);
  if (!kind)
    throw new Error(`${file} is not a backup of \`npm run backup\` (market-postgres-….dump or market-pglite-….tar.gz)`);
  const env = backupEnvironment();
  if (kind === 'postgres') {
    if (!env.url)
      throw new Error('a PostgreSQL backup restores into DATABASE_URL: set it to the (empty) target database');
    const done = await restorePostgres({ file, url: env.url, force, bin: env.BACKUP_PG_BIN });
    console.info(
      `restored ${file} into the database of DATABASE_URL (${done.ms} ms${done.replaced ? ', its former contents replaced' : ''})`,
    );
    return;
  }
  if (env.url) throw new Error('an embedded-database backup restores into DATA_DIR: unset DATABASE_URL');
  const done = await restoreEmbedded({ file, dataDir: env.dataDir, force });
  console.info(`restored ${file} into ${env.dataDir} (${done.ms} ms)`);
  if (done.movedAside) console.info(`the database that was there: ${done.movedAside}`);
}

await main().catch(refuse);
