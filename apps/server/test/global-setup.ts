import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase } from '../src/platform/db/database';
import { PGliteDialect } from '../src/platform/db/pglite-dialect';

declare module 'vitest' {
  export interface ProvidedContext {
    /** TEST_DB=pglite: a file holding the dump of a migrated PGlite database. */
    pgliteTemplate: string;
    /** TEST_DB=postgres: the name of a migrated database on the server of TEST_PG_URL to copy. */
    pgTemplate: string;
  }
}

/**
 * Migrates one database for the whole run, which every test file then copies (helpers.ts
 * freshDatabase): a PGlite dump loaded into a new PGlite, or CREATE DATABASE … TEMPLATE on
 * PostgreSQL. Copying takes well under a second where migrating a new database took seconds.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `mk_tpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await admin(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = await openDatabase({ url: url.toString(), dataDir: null });
    await migrate(db);
    await db.destroy();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    return () => admin(adminUrl, `drop database if exists ${name} with (force)`);
  }
  // 1 MB WAL segments (PostgreSQL's default is 16 MB, written out in full) and a checkpoint before
  // the dump: the dump every file loads shrinks from 44 to 35 MB, and a copy costs ~1.6 CPU-s where
  // it cost ~2.2 (decision 0018, figures of issue 32).
  const pglite = await PGlite.create({ extensions: { pg_trgm }, initDbStartParams: ['--wal-segsize=1'] });
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  await migrate(db);
  await pglite.exec('checkpoint');
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-template-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
