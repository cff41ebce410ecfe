import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { type KeyRing, loadKeyRing } from './key-ring';

/**
 * The codec keys, kept current: keys rotate by an ops command in another process, so the ring is
 * read again every minute (a failed read keeps the ring it had). `stop` ends the timer.
 */
export async function refreshingKeyRing(
  db: Db,
  options: { privateKeyPem?: string | undefined; graceSeconds: number },
  log: FastifyBaseLogger,
): Promise<{ current: () => KeyRing; stop: () => void }> {
  let keyRing = await loadKeyRing(db, options);
  const refresh = setInterval(async () => {
    try {
      keyRing = await loadKeyRing(db, options);
    } catch (error) {
      log.warn({ err: error }, 'key ring refresh failed');
    }
  }, 60_000);
  refresh.unref();
  return { current: () => keyRing, stop: () => clearInterval(refresh) };
}
