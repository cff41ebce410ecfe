import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
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

async function answer(request: ThreadRequest): Promise<ThreadReply> {
  const pg = pglite ?? (await ready);
  switch (request.op) {
    case 'ready':
      return { id: request.id, rows: [] };
    case 'query': {
      const result = await pg.query(request.sql, request.params);
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
