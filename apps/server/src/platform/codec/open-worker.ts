import { parentPort } from 'node:worker_threads';
import { EnvelopeError, openEnvelopeV2, type ServerKey } from '@app/protocol/codec/server';
import type { FromOpener, Opened, OpenRequest, ToOpener } from './open-messages';

/**
 * A thread that opens version-2 envelopes (open-pool.ts): the RSA unwrap of K, the implicit
 * rejection, the GCM open of the params. Keys come once each, by handle; requests name the handles
 * of the ring to try, current key first.
 */
const port = parentPort;
if (!port) throw new Error('open-worker runs as a worker thread');
const keys = new Map<number, ServerKey>();

function open(request: OpenRequest): Opened {
  const ring = request.handles.map((handle) => keys.get(handle)).filter((key) => key !== undefined);
  try {
    const { params, key, answerKey } = openEnvelopeV2(ring, request.encryptKey, request.encryptData);
    return { id: request.id, ok: true, params, handle: request.handles[ring.indexOf(key)] ?? -1, answerKey };
  } catch (error) {
    return { id: request.id, ok: false, reason: error instanceof EnvelopeError ? error.reason : 'worker fault' };
  }
}

port.on('message', (message: ToOpener) => {
  if (message.t === 'key') keys.set(message.handle, message.key);
  else port.postMessage({ t: 'opened', batch: message.batch.map(open) } satisfies FromOpener);
});
port.postMessage({ t: 'ready' } satisfies FromOpener);
