import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { EnvelopeError, type OpenedV2, openEnvelopeV2, type ServerKey } from '@app/protocol/codec/server';
import type { FastifyBaseLogger } from 'fastify';
import type { FromOpener, Opened, OpenRequest, ToOpener } from './open-messages';

/**
 * Opens version-2 envelopes. Its RSA unwrap (~90 µs of CPU, the one private-key operation of a
 * request) runs on opener threads (decision 0028), so the event loop only serialises and answers;
 * with no thread configured, or while they start, or when one dies, it runs in this thread.
 */
export interface EnvelopeOpener {
  openV2(keys: readonly ServerKey[], encryptKey: string, encryptData: string): Promise<OpenedV2>;
  /** Where the envelopes went so far, and the threads now running (health, tests). */
  stats(): OpenerStats;
  /** Ends a thread as a crash would (tests): what it held is opened in the event loop, another takes its place. */
  crashOne(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenerStats {
  threads: number;
  ready: number;
  onThreads: number;
  inEventLoop: number;
}

export function inThreadOpener(): EnvelopeOpener {
  let opened = 0;
  return {
    openV2: async (keys, encryptKey, encryptData) => {
      opened++;
      return openEnvelopeV2(keys, encryptKey, encryptData);
    },
    stats: () => ({ threads: 0, ready: 0, onThreads: 0, inEventLoop: opened }),
    crashOne: async () => {},
    close: async () => {},
  };
}

/** One thread per core beyond the event loop's, at most four (CODEC_WORKERS overrides). */
export function defaultOpenerThreads(): number {
  return Math.min(4, Math.max(0, availableParallelism() - 1));
}

interface Pending {
  keys: readonly ServerKey[];
  encryptKey: string;
  encryptData: string;
  resolve: (opened: OpenedV2) => void;
  reject: (error: unknown) => void;
}

const RESTARTS_PER_MINUTE = 3;

export function openerPool(threads: number, log: FastifyBaseLogger): EnvelopeOpener {
  if (threads <= 0) return inThreadOpener();
  const handles = new WeakMap<ServerKey, number>();
  const byHandle = new Map<number, WeakRef<ServerKey>>();
  let nextHandle = 1;
  let nextId = 1;
  let closing = false;
  const restarts: number[] = [];
  const counts = { onThreads: 0, inEventLoop: 0 };

  const handleOf = (key: ServerKey): number => {
    let handle = handles.get(key);
    if (handle === undefined) {
      handle = nextHandle++;
      handles.set(key, handle);
      byHandle.set(handle, new WeakRef(key));
    }
    return handle;
  };

  class Opener {
    readonly worker = new Worker(new URL('./open-worker-entry.mjs', import.meta.url));
    ready = false;
    readonly pending = new Map<number, Pending>();
    readonly sent = new Set<number>();
    private outbox: OpenRequest[] = [];

    constructor() {
      this.worker.unref();
      this.worker.on('message', (message: FromOpener) => this.answer(message));
      this.worker.on('error', (error) => log.error({ err: error }, 'codec opener thread failed'));
      this.worker.on('exit', (code) => this.died(code));
    }

    open(entry: Pending): void {
      const ring = entry.keys.map(handleOf);
      for (const [i, handle] of ring.entries()) {
        if (this.sent.has(handle)) continue;
        this.worker.postMessage({ t: 'key', handle, key: entry.keys[i] as ServerKey } satisfies ToOpener);
        this.sent.add(handle);
      }
      const id = nextId++;
      this.pending.set(id, entry);
      counts.onThreads++;
      this.outbox.push({ id, handles: ring, encryptKey: entry.encryptKey, encryptData: entry.encryptData });
      // Everything that arrives in this turn of the event loop goes in one message.
      if (this.outbox.length === 1) setImmediate(() => this.flush());
    }

    private flush(): void {
      const batch = this.outbox;
      this.outbox = [];
      if (batch.length > 0) this.worker.postMessage({ t: 'open', batch } satisfies ToOpener);
    }

    private answer(message: FromOpener): void {
      if (message.t === 'ready') {
        this.ready = true;
        return;
      }
      for (const opened of message.batch) this.settle(opened);
    }

    private settle(opened: Opened): void {
      const entry = this.pending.get(opened.id);
      if (!entry) return;
      this.pending.delete(opened.id);
      const key = opened.ok ? byHandle.get(opened.handle)?.deref() : undefined;
      if (!opened.ok || !key) {
        entry.reject(new EnvelopeError(opened.ok ? 'v2 key retired meanwhile' : opened.reason));
        return;
      }
      const k = opened.answerKey;
      entry.resolve({ params: opened.params, key, answerKey: Buffer.from(k.buffer, k.byteOffset, k.byteLength) });
    }

    /** What it held is opened here; a new thread takes its place unless it keeps dying. */
    private died(code: number): void {
      openers.splice(openers.indexOf(this), 1);
      for (const entry of this.pending.values()) inThread(entry);
      this.pending.clear();
      this.outbox = [];
      if (closing) return;
      const now = Date.now();
      while (restarts.length > 0 && (restarts[0] as number) < now - 60_000) restarts.shift();
      if (restarts.length >= RESTARTS_PER_MINUTE) {
        log.error({ code }, 'codec opener thread keeps exiting: opening envelopes in the event loop');
        return;
      }
      restarts.push(now);
      log.warn({ code }, 'codec opener thread exited: starting another');
      openers.push(new Opener());
    }
  }

  const inThread = (entry: Pending): void => {
    counts.inEventLoop++;
    try {
      entry.resolve(openEnvelopeV2(entry.keys, entry.encryptKey, entry.encryptData));
    } catch (error) {
      entry.reject(error);
    }
  };

  const openers: Opener[] = Array.from({ length: threads }, () => new Opener());

  return {
    openV2: (keys, encryptKey, encryptData) =>
      new Promise<OpenedV2>((resolve, reject) => {
        const entry = { keys, encryptKey, encryptData, resolve, reject };
        let best: Opener | undefined;
        for (const opener of openers)
          if (opener.ready && (!best || opener.pending.size < best.pending.size)) best = opener;
        if (best) best.open(entry);
        else inThread(entry);
      }),
    stats: () => ({ threads: openers.length, ready: openers.filter((o) => o.ready).length, ...counts }),
    crashOne: async () => {
      const opener = openers[0];
      if (!opener) return;
      const gone = new Promise((resolve) => opener.worker.once('exit', resolve));
      await opener.worker.terminate();
      await gone;
    },
    close: async () => {
      closing = true;
      await Promise.all(openers.map((opener) => opener.worker.terminate()));
    },
  };
}
