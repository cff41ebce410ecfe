import type { ServerKey } from '@app/protocol/codec/server';
import type { Params } from '@app/protocol/codec/sign';

/** One envelope to open: the handles of the ring's keys to try (current first) and its two fields. */
export interface OpenRequest {
  id: number;
  handles: number[];
  encryptKey: string;
  encryptData: string;
}

export type Opened =
  | { id: number; ok: true; params: Params; handle: number; answerKey: Uint8Array }
  | { id: number; ok: false; reason: string };

/**
 * What the pool (open-pool.ts) says to an opener thread (open-worker.ts): keys once each, and the
 * envelopes that came in one turn of the event loop as one message (a message costs ~15 µs of the
 * event loop's time whatever it holds).
 */
export type ToOpener = { t: 'key'; handle: number; key: ServerKey } | { t: 'open'; batch: OpenRequest[] };

/** What an opener thread answers: ready once, then one message per batch. */
export type FromOpener = { t: 'ready' } | { t: 'opened'; batch: Opened[] };
