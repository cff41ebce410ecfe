import { Worker } from 'node:worker_threads';
import type { PGliteOptions } from './pglite-open';

/**
 * What the app uses of a PGlite: its dialect (pglite-dialect.ts) and its backup (backup-pglite.ts).
 * A PGlite itself is one (the tests' databases, in their thread); the server's runs in a thread of
 * its own (openPGliteThread, decision 0079).
 */
export interface EmbeddedPg {
  readonly waitReady: Promise<void>;
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number | undefined }>;
  exec(sql: string): Promise<unknown>;
  dumpDataDir(compression: 'none'): Promise<Blob>;
  close(): Promise<void>;
}

/** One request to the database thread (pglite-worker.ts) and its answer. */
export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[] }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'ready' | 'dump' | 'close' };
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
export interface ThreadReply {
  id: number;
  rows: unknown[];
  affectedRows?: number | undefined;
  dump?: ArrayBuffer;
  /** A refusal's message and its string and number fields (code, constraint, detail…). */
  error?: Record<string, string | number>;
}

/**
 * SQLSTATE 08006 (connection failure): what a caller gets when the database thread has ended under
 * it, which the error handler answers as the database being unavailable (errors.ts).
 */
function threadGone(reason: string): Error {
  return Object.assign(new Error(`the database thread ended: ${reason}`), { code: '08006' });
}

/**
 * The embedded database in a worker thread: PGlite's engine (WebAssembly, one query at a time) runs
 * beside the event loop instead of inside it, so a request's JavaScript (routes, codec, RSA) and the
 * queries of others run at the same time on two cores. Each call is one message each way (rows by
 * structured clone); the dialect still hands out the one connection to one user at a time.
 */
export function openPGliteThread(options: PGliteOptions): EmbeddedPg {
  // The worker is TypeScript: it needs the loader the server runs under (tsx), which a worker
  // inherits from a process started with it; elsewhere (vitest) it is named.
  const underTsx = process.execArgv.some((arg) => arg.includes('tsx'));
  const loadDataDir = options.loadDataDir ? options.loadDataDir.arrayBuffer() : Promise.resolve(null);
  const pending = new Map<number, { resolve: (reply: ThreadReply) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let ended: Error | null = null;
  let closed = false;

  const worker = loadDataDir.then((dump) => {
    const started = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir: dump },
      transferList: dump ? [dump] : [],
      ...(underTsx ? {} : { execArgv: ['--import', 'tsx'] }),
    });
    // Held only while a request waits: an idle database keeps no process alive (as PGlite in-thread).
    started.unref();
    started.on('message', (reply: ThreadReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (pending.size === 0) started.unref();
      if (reply.error) waiting.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
      else waiting.resolve(reply);
    });
    const end = (error: Error) => {
      ended = error;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    started.on('error', (error) => end(threadGone(error.message)));
    started.on('exit', (code) => end(threadGone(closed ? 'closed' : `exit code ${code}`)));
    return started;
  });

  async function ask(request: WithoutId<ThreadRequest>): Promise<ThreadReply> {
    const thread = await worker;
    if (ended) throw ended;
    const id = nextId++;
    return new Promise<ThreadReply>((resolve, reject) => {
      if (pending.size === 0) thread.ref();
      pending.set(id, { resolve, reject });
      thread.postMessage({ ...request, id });
    });
  }

  const waitReady = ask({ op: 'ready' }).then(() => undefined);
  // A caller that never waits for readiness still hears of a failure through its first query.
  waitReady.catch(() => {});
  return {
    waitReady,
    async query<R>(sql: string, params: unknown[] = []) {
      const reply = await ask({ op: 'query', sql, params });
      return { rows: reply.rows as R[], affectedRows: reply.affectedRows };
    },
    exec: (sql) => ask({ op: 'exec', sql }),
    async dumpDataDir() {
      const reply = await ask({ op: 'dump' });
      return new Blob([reply.dump ?? new ArrayBuffer(0)]);
    },
    async close() {
      if (closed) return;
      const thread = await worker;
      if (!ended) await ask({ op: 'close' });
      closed = true;
      await thread.terminate();
    },
  };
}
