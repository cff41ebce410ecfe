import { z } from 'zod';
import { md5Hex } from './codec/hashes';

/** The statistics service of PROTOCOL.md: one event, or a batch, signed with MD5. */
/** What one event may carry: a few short fields, not a payload (the service is open to anyone who reads clientConfig). */
export const TRACKING_LIMITS = { fields: 30, recordBytes: 2048, batch: 200, bodyBytes: 256 * 1024 } as const;

/**
 * The events of the funnel's first three steps the clients send to the statistics service, which
 * the console's statistics (ops-stats.ts) roll up. Here, not there: the web's commodity cards send
 * them, and ops-stats.ts builds its schemas on the real zod, which the first screen does not carry.
 */
export const FUNNEL_EVENTS = { exposure: 'exposure', click: 'click', detail: 'detail' } as const;

const smallRecord = z
  .record(z.string().max(64), z.unknown())
  .refine(
    (r) => Object.keys(r).length <= TRACKING_LIMITS.fields && JSON.stringify(r).length <= TRACKING_LIMITS.recordBytes,
    { error: `at most ${TRACKING_LIMITS.fields} fields and ${TRACKING_LIMITS.recordBytes} bytes` },
  );

export const trackingEventSchema = z.object({
  device: smallRecord,
  user: smallRecord,
  event: z.string().min(1).max(64),
  properties: smallRecord,
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;
export const trackingBatchSchema = z.array(trackingEventSchema).min(1).max(TRACKING_LIMITS.batch);

/** sign = lowercase hex MD5 of appid + nonce + timestamp + raw body + app secret. */
export function trackingSign(appid: string, nonce: string, timestamp: string, rawBody: string, secret: string): string {
  return md5Hex(`${appid}${nonce}${timestamp}${rawBody}${secret}`);
}
