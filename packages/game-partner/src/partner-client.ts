import { randomUUID } from 'node:crypto';
import type { CircuitBreaker } from './circuit-breaker';
import { PartnerRefusal, PartnerUnavailable } from './partner-errors';
import type { RealNameHashes } from './partner-real-name';
import { signPartnerRequest } from './partner-signing';
import type { FreezeInput, PartnerAnswers, TransferInput } from './partner-types';

export type * from './partner-types';

export type Transport = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal?: AbortSignal },
) => Promise<{ json(): Promise<unknown> }>;

/** How long one attempt may take (ms), and the further attempts after no answer. */
export const PARTNER_TIMEOUT_MS = 3_000;
export const PARTNER_RETRIES = 1;

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
  /** One attempt's limit (ms, default PARTNER_TIMEOUT_MS): past it the call has no answer. */
  timeoutMs?: number;
  /**
   * Further attempts after no answer (default PARTNER_RETRIES), each signed afresh (a new nonce and
   * time) under the SAME requestId, so a change the game made on a lost attempt is answered, not made again.
   */
  retries?: number;
  /** The wait before retry n (1, 2, …) in ms: default 100 × n. */
  retryDelayMs?: (attempt: number) => number;
  /** The game's circuit: while open, calls fail at once with PartnerUnavailable('circuit_open'). */
  breaker?: CircuitBreaker;
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
  const timeoutMs = options.timeoutMs ?? PARTNER_TIMEOUT_MS;
  const retries = options.retries ?? PARTNER_RETRIES;
  const delay = options.retryDelayMs ?? ((n: number) => 100 * n);
  type Answer<P extends Path> = { ok: true; data: PartnerAnswers[P] } | { ok: false; code: string; message: string };

  /** One signed attempt within the time limit: the game's JSON answer, or PartnerUnavailable. */
  async function attempt<P extends Path>(path: P, body: string, requestId: string, traced?: PartnerCallTrace) {
    const headers = signPartnerRequest({
      secret: options.secret,
      partnerId: options.partnerId,
      method: 'POST',
      path: `${basePath}${path}`,
      body,
      requestId,
      now: (options.now ?? Date.now)(),
    });
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new PartnerUnavailable('timeout', `game ${path}: no answer in ${timeoutMs} ms`);
        abort.abort(error);
        reject(error);
      }, timeoutMs);
    });
    const answered = (async () => {
      const res = await send(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...traced?.headers, ...headers },
        body,
        signal: abort.signal,
      });
      const json = (await res.json()) as Answer<P> | null;
      if (json === null || typeof json !== 'object' || typeof json.ok !== 'boolean')
        throw new Error('not a partner answer');
      return json;
    })();
    try {
      return await Promise.race([answered, timedOut]);
    } catch (error) {
      if (error instanceof PartnerUnavailable) throw error;
      throw new PartnerUnavailable('network', `game ${path}: ${(error as Error)?.message ?? 'no answer'}`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
      answered.catch(() => {});
    }
  }

  async function call<P extends Path>(
    path: P,
    input: object,
    requestId: string = randomUUID(),
  ): Promise<PartnerAnswers[P]> {
    const body = JSON.stringify(input);
    for (let n = 0; ; n++) {
      if (options.breaker && !options.breaker.allow()) {
        options.observe?.(path, 'circuit_open', 0);
        throw new PartnerUnavailable('circuit_open', `game ${path}: circuit open`);
      }
      const started = performance.now();
      const traced = options.trace?.(path);
      const ended = (outcome: string, error?: unknown) => {
        options.observe?.(path, outcome, (performance.now() - started) / 1000);
        traced?.end(outcome, error);
      };
      let res: Answer<P>;
      try {
        res = await attempt(path, body, requestId, traced);
      } catch (error) {
        options.breaker?.failed();
        ended(error instanceof PartnerUnavailable && error.reason === 'timeout' ? 'timeout' : 'error', error);
        if (n >= retries) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay(n + 1)));
        continue;
      }
      options.breaker?.succeeded();
      ended(res.ok ? 'ok' : typeof res.code === 'string' && /^[A-Z_]{1,40}$/.test(res.code) ? res.code : 'other');
      if (!res.ok) throw new PartnerRefusal(res.code, res.message);
      return res.data;
    }
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
