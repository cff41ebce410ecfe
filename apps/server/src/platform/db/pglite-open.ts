import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const INT8_OID = 20;
export const NUMERIC_OID = 1700;

/** int8 and numeric as JS numbers (fen amounts stay far below 2^53); refuse anything larger. */
export function toSafeNumber(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) && Number.isInteger(value)) throw new Error(`unsafe integer ${text}`);
  return value;
}

export interface PGliteOptions {
  /** The folder whose `pglite` folder holds the database; null: in memory. */
  dataDir: string | null;
  /** Start from this dump (`dumpDataDir`) of a database, such as a migrated template. */
  loadDataDir?: Blob | undefined;
}

/**
 * A PGlite as the app opens it (in `dataDir`, or in memory), with its extensions and parsers: in
 * this thread (the tests' databases, the restore) or inside the database thread (pglite-thread.ts).
 */
export async function openPGlite(options: PGliteOptions): Promise<PGlite> {
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  return PGlite.create({
    dataDir: options.dataDir ? path.join(options.dataDir, 'pglite') : undefined,
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [INT8_OID]: toSafeNumber, [NUMERIC_OID]: toSafeNumber },
  });
}
