import { xSourceOfScene } from '@app/protocol/platform';
import { type TrackingEvent, trackingSign } from '@app/protocol/tracking';
import { configFor } from './api/keys';
import { sceneOfPath } from './platform';
import { storage } from './storage';
import { deviceId, takeOverUid } from './tracking';

/**
 * Events for the statistics service: kept in local storage, sent in one signed batch 2 s after
 * launch and then every 10 minutes (a 1-minute timer checks), as platform-shell §7 describes.
 */
const MAX_QUEUE = 200;
const FLUSH_EVERY_MS = 10 * 60_000;
let lastFlush = 0;

export function track(event: string, properties: Record<string, unknown> = {}): void {
  const queue = storage.getJson<TrackingEvent[]>('trackingQueue') ?? [];
  const uid = storage.get('uid');
  queue.push({
    device: {
      deviceId: deviceId(),
      ua: globalThis.navigator?.userAgent ?? '',
      platform: storage.get('platform') ?? '',
    },
    user: { uid: uid ?? '', takeOverUid: takeOverUid() ?? '' },
    event,
    properties: { ...properties, at: Date.now(), path: globalThis.location?.pathname ?? '' },
  });
  storage.setJson('trackingQueue', queue.slice(-MAX_QUEUE));
}

async function flushTracking(): Promise<void> {
  const queue = storage.getJson<TrackingEvent[]>('trackingQueue') ?? [];
  lastFlush = Date.now();
  if (queue.length === 0) return;
  const source = xSourceOfScene[sceneOfPath(globalThis.location.pathname) ?? 'h5'];
  const config = await configFor(source);
  const body = JSON.stringify(queue);
  const nonce = deviceId().slice(0, 8) + Math.random().toString(36).slice(2, 12);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = await fetch('/v1/events', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      appid: config.trackingAppId,
      algo: 'MD5',
      nonce,
      timestamp,
      sign: trackingSign(config.trackingAppId, nonce, timestamp, body, config.trackingSecret),
    },
    body,
  });
  const { code } = (await res.json()) as { code: string };
  // Sent, or refused as malformed (10002: it would be refused again forever): it leaves the queue.
  if (code === '200' || code === '10002') {
    // Only what was sent leaves the queue; events tracked meanwhile stay.
    const now = storage.getJson<TrackingEvent[]>('trackingQueue') ?? [];
    storage.setJson('trackingQueue', now.slice(queue.length));
  }
}

export function startTracking(): void {
  track('launch');
  setTimeout(() => void flushTracking().catch(() => {}), 2000);
  setInterval(() => {
    if (Date.now() - lastFlush >= FLUSH_EVERY_MS) void flushTracking().catch(() => {});
  }, 60_000);
}
