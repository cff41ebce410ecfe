import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { keepBackup, temporaryIn, verifyChecksum } from './backup-files';

/**
 * PostgreSQL's backup with its own client tools (docs/backups.md): `pg_dump --format=custom`, a
 * consistent snapshot taken in one repeatable-read transaction while the server goes on writing,
 * and `pg_restore` into an empty database in one transaction. The tools must be of the server's
 * major version or newer (an older pg_dump refuses a newer server: say so before it does). The
 * password of the URL goes to the tools through PGPASSWORD, never on their command line (ps shows it).
 */
const run = promisify(execFile);

type Tool = 'pg_dump' | 'pg_restore' | 'psql';

/** Where the tools are: BACKUP_PG_BIN's folder, or PATH. */
export interface PgTools {
  bin?: string | undefined;
}

const toolPath = (tool: Tool, tools: PgTools) => (tools.bin ? path.join(tools.bin, tool) : tool);

/** The URL without its password, and the password for PGPASSWORD. */
function splitPassword(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** The major version of a client tool (`pg_dump (PostgreSQL) 15.20 …` → 15). */
async function toolMajor(tool: Tool, tools: PgTools): Promise<number> {
  let out: string;
  try {
    out = (await run(toolPath(tool, tools), ['--version'])).stdout;
  } catch {
    throw new Error(
      `${toolPath(tool, tools)} not found: install PostgreSQL's client tools (Debian: postgresql-client) or set BACKUP_PG_BIN`,
    );
  }
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(out);
  if (!match) throw new Error(`cannot read the version of ${tool}: ${out.trim()}`);
  return Number(match[1]);
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`cannot connect to the database: ${(error as Error).message}`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Throws with both versions when the client tool is older than the server. */
async function checkToolVersion(tool: Tool, url: string, tools: PgTools): Promise<string> {
  const client = await toolMajor(tool, tools);
  const server = await withClient(url, async (c) => {
    const { rows } = await c.query<{ v: string }>('show server_version_num');
    return Math.floor(Number(rows[0]!.v) / 10_000);
  });
  if (client < server)
    throw new Error(
      `${tool} is PostgreSQL ${client} but the server is ${server}: install client tools of version ${server} or newer (BACKUP_PG_BIN)`,
    );
  return `${tool} ${client}, server ${server}`;
}

/** Relations in the database outside PostgreSQL's own schemas: 0 for an empty target. */
export async function userRelations(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
          and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
    );
    return Number(rows[0]!.n);
  });
}

export interface PostgresBackup {
  file: string;
  bytes: number;
  sha256: string;
  removed: string[];
  ms: number;
  tools: string;
}

const toolFailed = (tool: Tool, error: unknown) =>
  new Error(`${tool} failed: ${(error as { stderr?: string }).stderr?.trim() || String(error)}`);

/** `pg_dump --format=custom` of `url` into `dir` (named by the UTC time), its checksum, keep the newest `keep`. */
export async function backupPostgres(
  options: { url: string; dir: string; keep: number } & PgTools,
): Promise<PostgresBackup> {
  const tools = await checkToolVersion('pg_dump', options.url, options);
  const started = performance.now();
  const temporary = await temporaryIn(options.dir, 'postgres');
  const { url, env } = splitPassword(options.url);
  try {
    await run(
      toolPath('pg_dump', options),
      ['--format=custom', '--no-owner', `--file=${temporary}`, `--dbname=${url}`],
      {
        env,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw toolFailed('pg_dump', error);
  }
  const kept = await keepBackup(temporary, options.dir, 'postgres', options.keep);
  return { ...kept, ms: Math.round(performance.now() - started), tools };
}

/**
 * `pg_restore` of a checked backup into `url`, in one transaction (all or nothing). A target with
 * tables is refused unless `force`: then its public schema is dropped and the backup restored in
 * the same transaction (pg_restore's script piped into psql), because `pg_restore --clean` cannot
 * drop a partitioned table's inherited keys (tracking_events, decision 0074).
 */
export async function restorePostgres(
  options: { file: string; url: string; force: boolean } & PgTools,
): Promise<{ ms: number; replaced: number }> {
  await verifyChecksum(options.file);
  await checkToolVersion('pg_restore', options.url, options);
  const existing = await userRelations(options.url);
  if (existing > 0 && !options.force)
    throw new Error(
      `the target database is not empty (${existing} tables, sequences or views): restore into an empty database, or add --force to replace its contents`,
    );
  const started = performance.now();
  const { url, env } = splitPassword(options.url);
  if (existing > 0) await replaceInto(url, env, options);
  else
    try {
      await run(
        toolPath('pg_restore', options),
        ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, options.file],
        { env, maxBuffer: 16 * 1024 * 1024 },
      );
    } catch (error) {
      throw toolFailed('pg_restore', error);
    }
  return { ms: Math.round(performance.now() - started), replaced: existing };
}

/** The public schema dropped, then the backup's script, in one psql transaction that stops at the first error. */
async function replaceInto(url: string, env: NodeJS.ProcessEnv, options: { file: string } & PgTools): Promise<void> {
  const psql = spawn(
    toolPath('psql', options),
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', '-', `--dbname=${url}`],
    { env, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  const script = spawn(toolPath('pg_restore', options), ['--no-owner', '--no-privileges', '-f', '-', options.file], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  psql.stderr.on('data', (d: Buffer) => errors.push(d.toString()));
  script.stderr.on('data', (d: Buffer) => errors.push(d.toString()));
  const exited = (child: ReturnType<typeof spawn>, name: string) =>
    new Promise<number>((resolve, reject) => {
      child.on('error', (error) => reject(new Error(`${name} could not start: ${error.message}`)));
      child.on('close', (code) => resolve(code ?? 1));
    });
  const done = Promise.all([exited(psql, 'psql'), exited(script, 'pg_restore')]);
  psql.stdin.on('error', () => undefined);
  psql.stdin.write('drop schema public cascade;\ncreate schema public;\n');
  script.stdout.pipe(psql.stdin);
  const [psqlCode, restoreCode] = await done;
  if (psqlCode !== 0 || restoreCode !== 0)
    throw new Error(`pg_restore failed: ${errors.join('').trim().slice(0, 2000) || `exit ${psqlCode}/${restoreCode}`}`);
}
