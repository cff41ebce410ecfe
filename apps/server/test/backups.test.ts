import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  backupFileName,
  backupKindOf,
  pruneBackups,
  sha256Of,
  verifyChecksum,
  writeChecksum,
} from '../src/platform/db/backup-files';
import { backupEmbedded, restoreEmbedded } from '../src/platform/db/backup-pglite';
import { backupPostgres, restorePostgres, userRelations } from '../src/platform/db/backup-postgres';
import { runTool } from './backup-cli';
import { createTestApp, freshDatabase, type TestDatabase, testDb } from './helpers';

/**
 * The backup files and every refusal of `npm run restore` (docs/backups.md): names by time, the
 * .sha256 beside them, retention, a damaged or unchecked file refused, a target holding data
 * refused without --force, the embedded database's backup route only for this machine. The whole
 * backup-under-traffic-and-restore drill is backup-drill.test.ts.
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'market-backups-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const folder = (name: string) => {
  const dir = path.join(work, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};

describe('backup files', () => {
  it('are named by kind and UTC time, so that their names sort as their times', () => {
    const at = new Date('2026-12-02T10:40:00.123Z');
    expect(backupFileName('postgres', at)).toBe('market-postgres-20261202T104000123Z.dump');
    expect(backupFileName('pglite', at)).toBe('market-pglite-20261202T104000123Z.tar.gz');
    expect(backupKindOf('/x/market-pglite-20261202T104000123Z.tar.gz')).toBe('pglite');
    expect(backupKindOf('market-postgres-20261202T104000123Z.dump')).toBe('postgres');
    for (const other of [
      'market-postgres-20261202T104000123Z.tar.gz',
      'dump.sql',
      'market-mysql-20261202T104000Z.dump',
    ])
      expect(backupKindOf(other), other).toBeNull();
    const later = backupFileName('postgres', new Date('2026-12-10T00:00:00.000Z'));
    expect([later, backupFileName('postgres', at)].sort()[1]).toBe(later);
  });

  it('keep the newest N of a kind with their checksums, and nothing else is touched', async () => {
    const dir = folder('retention');
    const days = [1, 2, 3, 4, 5].map((d) => backupFileName('postgres', new Date(Date.UTC(2026, 11, d))));
    for (const name of days) {
      fs.writeFileSync(path.join(dir, name), name);
      await writeChecksum(path.join(dir, name));
    }
    const embedded = backupFileName('pglite', new Date(Date.UTC(2026, 10, 1)));
    fs.writeFileSync(path.join(dir, embedded), 'x');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    const removed = await pruneBackups(dir, 'postgres', 2);
    expect(removed.map((f) => path.basename(f))).toEqual(days.slice(0, 3));
    expect(fs.readdirSync(dir).sort()).toEqual(
      [...days.slice(3).flatMap((n) => [n, `${n}.sha256`]), embedded, 'notes.txt'].sort(),
    );
    await expect(pruneBackups(dir, 'postgres', 0)).rejects.toThrow('at least one');
  });

  it('carry a .sha256 in the sha256sum format; a missing or differing one is refused', async () => {
    const dir = folder('checksums');
    const file = path.join(dir, backupFileName('postgres'));
    fs.writeFileSync(file, 'the dump');
    await expect(verifyChecksum(file)).rejects.toThrow(/no checksum beside the backup .*refusing to restore it/);
    const sum = await writeChecksum(file);
    expect(fs.readFileSync(`${file}.sha256`, 'utf8')).toBe(`${sum}  ${path.basename(file)}\n`);
    await verifyChecksum(file);
    fs.appendFileSync(file, '!');
    await expect(verifyChecksum(file)).rejects.toThrow(
      `checksum mismatch for ${path.basename(file)}: recorded ${sum}, file has ${await sha256Of(file)}: the backup is damaged`,
    );
  });
});

/** A real backup of a test database of this run's kind. */
async function backupOf(source: TestDatabase, dir: string): Promise<string> {
  if (testDb === 'pglite') return (await backupEmbedded(source.db, { dir, keep: 3 })).file;
  return (await backupPostgres({ url: source.url!, dir, keep: 3 })).file;
}

describe('npm run restore refuses', () => {
  let source: TestDatabase;
  let file = '';
  afterAll(() => source?.drop());

  it('a backup whose bytes differ from its .sha256, with exit code 1 and the reason, and the target stays as it was', async () => {
    source = await freshDatabase();
    file = await backupOf(source, folder('refusals'));
    const damaged = path.join(folder('damaged'), path.basename(file));
    fs.copyFileSync(file, damaged);
    fs.copyFileSync(`${file}.sha256`, `${damaged}.sha256`);
    const bytes = fs.readFileSync(damaged);
    bytes[bytes.length >> 1] = (bytes[bytes.length >> 1]! + 1) % 256;
    fs.writeFileSync(damaged, bytes);
    const dataDir = folder('untouched');
    const env: Record<string, string> = testDb === 'pglite' ? { DATA_DIR: dataDir } : { DATABASE_URL: source.url! };
    const before = testDb === 'pglite' ? 0 : await userRelations(source.url!);
    const run = await runTool('restore', env, [damaged, '--force']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `^refused: checksum mismatch for ${path.basename(damaged).replace(/\./g, '\\.')}: .*the backup is damaged\\n$`,
      ),
    );
    if (testDb === 'pglite') expect(fs.readdirSync(dataDir)).toEqual([]);
    else expect(await userRelations(source.url!)).toBe(before);
  }, 120_000);

  it('a target that holds data without --force; with it, the data is replaced (PGlite: moved aside, not deleted)', async () => {
    if (testDb === 'pglite') {
      const dataDir = folder('occupied');
      fs.mkdirSync(path.join(dataDir, 'pglite'));
      fs.writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
      await expect(restoreEmbedded({ file, dataDir, force: false })).rejects.toThrow(
        `${path.join(dataDir, 'pglite')} already holds a database: restore into a new DATA_DIR, or stop its server and add --force (it is moved aside, not deleted)`,
      );
      expect(fs.readdirSync(dataDir)).toEqual(['pglite']);
      const done = await restoreEmbedded({ file, dataDir, force: true });
      expect(fs.readFileSync(path.join(done.movedAside!, 'PG_VERSION'), 'utf8')).toBe('17\n');
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'base'))).toBe(true);
      return;
    }
    const url = source.url!;
    const relations = await userRelations(url);
    expect(relations).toBeGreaterThan(50);
    await source.db.insertInto('settings').values({ key: 'backup.test', value: '"after the backup"' }).execute();
    await expect(restorePostgres({ file, url, force: false })).rejects.toThrow(
      `the target database is not empty (${relations} tables, sequences or views): restore into an empty database, or add --force to replace its contents`,
    );
    expect(
      await source.db.selectFrom('settings').select('key').where('key', '=', 'backup.test').execute(),
    ).toHaveLength(1);
    await restorePostgres({ file, url, force: true });
    expect(await source.db.selectFrom('settings').select('key').where('key', '=', 'backup.test').execute()).toEqual([]);
    expect(await userRelations(url)).toBe(relations);
  }, 120_000);
});

describe('the embedded database backup route', () => {
  it('answers only a caller on this machine (not through the balancer), and on PostgreSQL not at all', async () => {
    const dir = path.join(work, 'route');
    const t = await createTestApp({ BACKUP_DIR: dir, BACKUP_KEEP: '1' });
    try {
      const forwarded = await t.app.inject({
        method: 'POST',
        url: '/local/backup',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(forwarded.statusCode).toBe(404);
      expect(fs.existsSync(dir)).toBe(false);
      const local = await t.app.inject({ method: 'POST', url: '/local/backup' });
      if (testDb === 'postgres') {
        expect(local.statusCode).toBe(404);
        return;
      }
      expect(local.statusCode).toBe(200);
      const first = local.json() as { file: string; sha256: string; heldMs: number };
      expect(first.sha256).toBe(await sha256Of(first.file));
      const second = (await t.app.inject({ method: 'POST', url: '/local/backup' })).json() as { file: string };
      // BACKUP_KEEP=1: the second replaced the first.
      expect(fs.readdirSync(dir).sort()).toEqual([path.basename(second.file), `${path.basename(second.file)}.sha256`]);
    } finally {
      await t.close();
    }
  }, 120_000);
});
