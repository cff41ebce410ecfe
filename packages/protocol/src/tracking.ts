import { z } from 'zod';
import { md5Hex } from './codec/md5';

/** The statistics service of PROTOCOL.md: one event, or a batch, signed with MD5. */
export const trackingEventSchema = z.object({
  device: z.record(z.string(), z.unknown()),
  user: z.record(z.string(), z.unknown()),
  event: z.string().min(1).max(64),
  properties: z.record(z.string(), z.unknown()),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;
export const trackingBatchSchema = z.array(trackingEventSchema).min(1).max(200);

/** sign = lowercase hex MD5 of appid + nonce + timestamp + raw body + app secret. */
export function trackingSign(appid: string, nonce: string, timestamp: string, rawBody: string, secret: string): string {
  return md5Hex(`${appid}${nonce}${timestamp}${rawBody}${secret}`);
}
