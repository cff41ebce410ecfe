import { parentPort, workerData } from 'node:worker_threads';
import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import { openPGlite, type PGliteOptions } from './pglite-open';
import type { ThreadReply, ThreadRequest } from './pglite-thread';

/**
 * The database thread (pglite-thread.ts): opens the PGlite and answers the requests of the thread
 * that started it, one message each way. Every field of a refusal a string or a number (SQLSTATE
 * code, constraint, detail…) goes back with it: the callers read them (errors.ts, unique checks).
 */
const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread (pglite-thread.ts starts it)');
const options = workerData as { dataDir: string | null; loadDataDir: ArrayBuffer | null };
const opened: PGliteOptions = { dataDir: options.dataDir };
if (options.loadDataDir) opened.loadDataDir = new Blob([options.loadDataDir]);

let pglite: PGlite | null = null;
const ready = openPGlite(opened).then((pg) => {
  pglite = pg;
  return pg;
});

function refusal(error: unknown): Record<string, string | number> {
  const fields: Record<string, string | number> = { message: String(error) };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error))
      if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
    const { message } = error as { message?: unknown };
    if (typeof message === 'string') fields.message = message;
  }
  return fields;
}

/**
 * The statements that carry the PREPARED mark (prepared-pool.ts), parsed once as named statements:
 * PGlite's own query parses, plans and describes every statement on each run, which for the order's
 * placement was most of its cost (decision 0079). The mark is the same opt-in as on PostgreSQL:
 * lookups by key and the order's writes, whose plan does not depend on their values.
 */
const MARK = '/* prepared */';
const PREPARED_MAX = 2_000;
const statements = new Map<string, { name: string; types: number[] }>();
let named = 0;
const { serialize } = protocol;

const staleStatement = (error: unknown) =>
  (error as { code?: string }).code === '0A000' &&
  String((error as { message?: string }).message).includes('cached plan must not change result type');

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function preparedQuery(pg: PGlite, sql: string, params: unknown[]) {
  return pg._runExclusiveQuery(async () => {
    let statement = statements.get(sql);
    if (!statement) {
      const name = `k${named++}`;
      // Parse and describe in one exchange; a refusal (a syntax error) leaves nothing named.
      const { messages } = await pg.execProtocol(
        joined([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false },
      );
      statement = { name, types: parse.parseDescribeStatementResults(messages) };
      statements.set(sql, statement);
    }
    const { types } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[types[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await pg.execProtocol(
      joined([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    const [result] = parse.parseResults(messages, pg.parsers);
    return result ?? { rows: [], affectedRows: 0 };
  });
}

async function run(pg: PGlite, sql: string, params: unknown[]) {
  if (params.length === 0 || !sql.includes(MARK) || (!statements.has(sql) && statements.size >= PREPARED_MAX))
    return pg.query(sql, params);
  try {
    return await preparedQuery(pg, sql, params);
  } catch (error) {
    // A table changed under a prepared `select *` (a migration): parsed again on its next run.
    if (!staleStatement(error)) throw error;
    const name = statements.get(sql)?.name;
    statements.delete(sql);
    if (name) await pg.query(`deallocate ${name}`).catch(() => {});
    return pg.query(sql, params);
  }
}

async function answer(request: ThreadRequest): Promise<ThreadReply> {
  const pg = pglite ?? (await ready);
  switch (request.op) {
    case 'ready':
      return { id: request.id, rows: [] };
    case 'query': {
      const result = await run(pg, request.sql, request.params);
      return { id: request.id, rows: result.rows, affectedRows: result.affectedRows };
    }
    case 'exec':
      await pg.exec(request.sql);
      return { id: request.id, rows: [] };
    case 'dump': {
      const dump = await (await pg.dumpDataDir('none')).arrayBuffer();
      return { id: request.id, rows: [], dump };
    }
    case 'close':
      await pg.close();
      return { id: request.id, rows: [] };
  }
}

port.on('message', (request: ThreadRequest) => {
  answer(request).then(
    (reply) => port.postMessage(reply, reply.dump ? [reply.dump] : []),
    (error: unknown) => port.postMessage({ id: request.id, rows: [], error: refusal(error) } satisfies ThreadReply),
  );
});
