import { abGroupOf } from '@app/protocol/platform';
import { sceneOfPath } from './platform';
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

/** In SDK and land scenes gray never applies (a fixed no-gray marker); elsewhere the user's uid marks them. */
export const NO_GRAY_MARKER = 'no-gray';

export function takeOverUid(pathname: string = globalThis.location?.pathname ?? '/'): string | null {
  const scene = sceneOfPath(pathname);
  const uid = storage.get('uid');
  const marker = scene === 'h5sdk' || scene === 'landsdk' ? NO_GRAY_MARKER : uid;
  if (marker) storage.set('takeOverUid', marker);
  else storage.remove('takeOverUid');
  return marker;
}

export function eventTrackingHeader(extra: Record<string, unknown> = {}): string {
  const uid = storage.get('uid');
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
    takeOverUid: takeOverUid(),
    abGroup: uid ? abGroupOf(uid) : 'A',
    ...roleFields(),
    ...extra,
  };
  const bytes = new TextEncoder().encode(JSON.stringify(info));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The role fields the SDK and PC scenes add (platform-shell §7), from loginInfoStr. */
function roleFields(): Record<string, unknown> {
  const info = storage.getJson<Record<string, unknown>>('loginInfoStr');
  if (!info) return {};
  return {
    gameId: info.game_id,
    serverId: info.server_id,
    roleId: info.role_id,
    roleLevel: info.role_level,
    roleAtt: info.roleAtt,
  };
}
