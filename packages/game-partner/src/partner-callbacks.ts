import { randomUUID } from 'node:crypto';
import { signPartnerRequest } from './partner-signing';

/**
 * Game → exchange (docs/game-partner-api.md): the consignment key and the role's screenshots, their
 * paths on the exchange, and a signed HTTP sender a game written in TypeScript can use.
 */
export type ScreenshotKind = 'equipment' | 'bag' | 'warehouse' | 'skills';
export interface Screenshot {
  kind: ScreenshotKind;
  url: string;
}
export interface KeyAnnouncement {
  key: string;
  prePublishLockId: string;
  accountId: string;
  serverId: string;
  roleId: string;
  /** Unix ms. */
  expiresAt: number;
  screenshots: Screenshot[];
}
export interface ScreenshotUpload {
  accountId: string;
  serverId: string;
  roleId: string;
  /** Unix ms. */
  takenAt: number;
  screenshots: Screenshot[];
}
export type KeyNotifier = (key: KeyAnnouncement) => Promise<void>;
export type ScreenshotNotifier = (upload: ScreenshotUpload) => Promise<void>;

export const KEY_CALLBACK_PATH = '/partner-callback/v1/consignmentKey';
export const SCREENSHOT_CALLBACK_PATH = '/partner-callback/v1/screenshots';

type Fetch = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<Response>;

/** Signed POSTs to the exchange, `X-Partner-Id` = the game id, same scheme as the partner API. */
export function httpExchange(opts: { baseUrl: string; gameId: string; secret: string; fetch?: Fetch }) {
  const send = opts.fetch ?? (globalThis.fetch as Fetch);
  const base = opts.baseUrl.replace(/\/$/, '');
  const basePath = new URL(base, 'http://x').pathname.replace(/\/$/, '');
  const post = async (path: string, payload: object) => {
    const body = JSON.stringify(payload);
    const headers = signPartnerRequest({
      secret: opts.secret,
      partnerId: opts.gameId,
      method: 'POST',
      path: `${basePath}${path}`,
      body,
      requestId: randomUUID(),
    });
    const res = await send(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    const answer = (await res.json().catch(() => ({}))) as { ok?: boolean; code?: string };
    if (!answer.ok) throw new Error(`exchange refused ${path}: ${res.status} ${answer.code ?? ''}`);
  };
  return {
    announceKey: (key: KeyAnnouncement) => post(KEY_CALLBACK_PATH, key),
    uploadScreenshots: (upload: ScreenshotUpload) => post(SCREENSHOT_CALLBACK_PATH, upload),
  };
}
