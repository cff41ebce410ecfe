import { randomUUID } from 'node:crypto';
import { PartnerRefusal } from './partner-errors';
import type { RealNameHashes } from './partner-real-name';
import { signPartnerRequest } from './partner-signing';
import type { FreezeInput, PartnerAnswers, TransferInput } from './partner-types';

export type * from './partner-types';

export type Transport = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<{ json(): Promise<unknown> }>;

export interface PartnerClientOptions {
  /** e.g. http://127.0.0.1:3100/demo-game/partner/v1 (a path alone with an in-process transport) */
  baseUrl: string;
  partnerId: string;
  secret: string;
  fetch?: Transport;
  now?: () => number;
  /** Hears of every call once it ended: its path, 'ok', the game's refusal code or 'error' (no answer), and its seconds. */
  observe?: (path: string, outcome: string, seconds: number) => void;
  /**
   * Traces a call (the exchange's OpenTelemetry client span): asked before the call is sent, it
   * answers the headers to add (W3C `traceparent`, outside the signature, which covers none of
   * them) and hears how the call ended, as `observe` does.
   */
  trace?: (path: string) => PartnerCallTrace;
}

/** One traced partner call: the headers it carries, and its end. */
export interface PartnerCallTrace {
  headers: Record<string, string>;
  end(outcome: string, error?: unknown): void;
}

type Path = keyof PartnerAnswers;

/** The exchange's client of the game partner API: signs each call, unwraps {ok, data}, throws refusals. */
export function createPartnerClient(options: PartnerClientOptions) {
  const send = options.fetch ?? (globalThis.fetch as unknown as Transport);
  const base = options.baseUrl.replace(/\/$/, '');
  const basePath = new URL(base, 'http://x').pathname.replace(/\/$/, '');
  async function call<P extends Path>(
    path: P,
    input: object,
    requestId: string = randomUUID(),
  ): Promise<PartnerAnswers[P]> {
    const started = performance.now();
    const traced = options.trace?.(path);
    const ended = (outcome: string, error?: unknown) => {
      options.observe?.(path, outcome, (performance.now() - started) / 1000);
      traced?.end(outcome, error);
    };
    const body = JSON.stringify(input);
    const headers = signPartnerRequest({
      secret: options.secret,
      partnerId: options.partnerId,
      method: 'POST',
      path: `${basePath}${path}`,
      body,
      requestId,
      now: (options.now ?? Date.now)(),
    });
    let res: { ok: true; data: PartnerAnswers[P] } | { ok: false; code: string; message: string };
    try {
      res = (await (
        await send(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...traced?.headers, ...headers },
          body,
        })
      ).json()) as typeof res;
    } catch (error) {
      ended('error', error);
      throw error;
    }
    ended(res?.ok ? 'ok' : typeof res?.code === 'string' && /^[A-Z_]{1,40}$/.test(res.code) ? res.code : 'other');
    if (!res.ok) throw new PartnerRefusal(res.code, res.message);
    return res.data;
  }
  return {
    call,
    verifyToken: (gameToken: string) => call('/token/verify', { gameToken }),
    roleOnline: (roleId: string) => call('/role/online', { roleId }),
    servers: () => call('/servers', {}),
    account: (accountId: string) => call('/account', { accountId }),
    realName: (accountId: string, hashes: RealNameHashes) => call('/account/real-name', { accountId, ...hashes }),
    roles: (accountId: string, serverId?: string) => call('/roles', serverId ? { accountId, serverId } : { accountId }),
    snapshot: (roleId: string) => call('/role/snapshot', { roleId }),
    coins: (roleId: string) => call('/coins', { roleId }),
    items: (roleId: string) => call('/items', { roleId }),
    /** Changes: pass a stable requestId (e.g. derived from the listing and the step) to retry safely. */
    freeze: (input: FreezeInput, requestId: string) => call('/freeze', input, requestId),
    unfreeze: (input: { listingId: string; roleId: string }, requestId: string) => call('/unfreeze', input, requestId),
    transfer: (input: TransferInput, requestId: string) => call('/transfer', input, requestId),
    /** Customer service returns a delivery to the seller (refused when the buyer no longer has it all). */
    reclaim: (input: { listingId: string; roleId: string }, requestId: string) => call('/reclaim', input, requestId),
  };
}
export type PartnerClient = ReturnType<typeof createPartnerClient>;
