import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The backup files themselves (docs/backups.md): named by the database kind and the UTC time, a
 * `<file>.sha256` beside each (the `sha256sum` format, so `sha256sum -c` checks it too), and the
 * retention rule (keep the newest N of a kind).
 */
export type BackupKind = 'postgres' | 'pglite';

const SUFFIX: Record<BackupKind, string> = { postgres: '.dump', pglite: '.tar.gz' };
const NAME = /^market-(postgres|pglite)-(\d{8}T\d{6}(?:\d{3})?Z)\.(dump|tar\.gz)$/;

/** `market-postgres-20261202T104000123Z.dump`: sorts by time as text. */
export function backupFileName(kind: BackupKind, at: Date = new Date()): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `market-${kind}-${stamp}${SUFFIX[kind]}`;
}

/** The kind of a backup file by its name, or null for a file that is not one. */
export function backupKindOf(file: string): BackupKind | null {
  const match = NAME.exec(path.basename(file));
  const kind = match?.[1] as BackupKind | undefined;
  // A dump's suffix is its kind's: a PostgreSQL name on a tarball is no backup of ours.
  return kind && `.${match?.[3]}` === SUFFIX[kind] ? kind : null;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Writes `<file>.sha256` and answers the checksum. */
export async function writeChecksum(file: string): Promise<string> {
  const sum = await sha256Of(file);
  await fs.writeFile(`${file}.sha256`, `${sum}  ${path.basename(file)}\n`);
  return sum;
}

/** Throws unless `<file>.sha256` is there and matches the file. */
export async function verifyChecksum(file: string): Promise<void> {
  let recorded: string;
  try {
    recorded = (await fs.readFile(`${file}.sha256`, 'utf8')).trim().split(/\s+/)[0] ?? '';
  } catch {
    throw new Error(`no checksum beside the backup (${path.basename(file)}.sha256): refusing to restore it`);
  }
  const actual = await sha256Of(file);
  if (actual !== recorded)
    throw new Error(
      `checksum mismatch for ${path.basename(file)}: recorded ${recorded}, file has ${actual}: the backup is damaged`,
    );
}

/** Moves a finished temporary file into place, writes its checksum, applies the retention rule. */
export async function keepBackup(
  temporary: string,
  dir: string,
  kind: BackupKind,
  keep: number,
): Promise<{ file: string; bytes: number; sha256: string; removed: string[] }> {
  const file = path.join(dir, backupFileName(kind));
  await fs.rename(temporary, file);
  const sha256 = await writeChecksum(file);
  const { size } = await fs.stat(file);
  const removed = await pruneBackups(dir, kind, keep);
  return { file, bytes: size, sha256, removed };
}

/** Keeps the newest `keep` backups of a kind in `dir` (with their checksums); answers what it removed. */
export async function pruneBackups(dir: string, kind: BackupKind, keep: number): Promise<string[]> {
  if (keep < 1) throw new Error('BACKUP_KEEP must keep at least one backup');
  const names = (await fs.readdir(dir)).filter((name) => backupKindOf(name) === kind).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) {
    await fs.rm(path.join(dir, name), { force: true });
    await fs.rm(path.join(dir, `${name}.sha256`), { force: true });
  }
  return old.map((name) => path.join(dir, name));
}

/** A temporary name in `dir` that no backup listing counts (renamed into place when complete). */
export async function temporaryIn(dir: string, kind: BackupKind): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  return path.join(dir, `.partial-${process.pid}-${Date.now()}${SUFFIX[kind]}`);
}
