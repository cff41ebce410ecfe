import { storage } from './storage';

/** The device part of X-EventTracking (PROTOCOL.md, Headers): base64 of UTF-8 JSON. */
export function deviceId(): string {
  let id = storage.get('deviceId');
  if (!id) {
    const bytes = new Uint8Array(12);
    globalThis.crypto.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    storage.set('deviceId', id);
  }
  return id;
}

export function eventTrackingHeader(extra: Record<string, unknown> = {}): string {
  const nav = globalThis.navigator as Navigator & { connection?: { effectiveType?: string } };
  const ua = nav?.userAgent ?? '';
  const info = {
    deviceWidth: globalThis.screen?.width ?? 0,
    deviceHeight: globalThis.screen?.height ?? 0,
    sdkVer: '1.4.2',
    appVer: '1.4.2',
    channel: storage.get('platform') ?? 'web',
    netType: nav?.connection?.effectiveType ?? 'unknown',
    deviceType: /Mobile|Android|iPhone/i.test(ua) ? 'mobile' : 'pc',
    deviceModel: (/\(([^)]+)\)/.exec(ua)?.[1] ?? '').slice(0, 60),
    deviceId: deviceId(),
    deviceOs: /Android/i.test(ua) ? 'android' : /iPhone|iPad/i.test(ua) ? 'ios' : 'other',
    ...extra,
  };
  const bytes = new TextEncoder().encode(JSON.stringify(info));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
