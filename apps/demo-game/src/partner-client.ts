import { randomUUID } from 'node:crypto';
import { signPartnerRequest } from './partner-signing';

/** A refusal from a game, with its stable code (TOKEN_EXPIRED, NOT_FROZEN, NO_ROLE_SLOT ...). */
export class PartnerRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type Transport = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<{ json(): Promise<unknown> }>;

export interface PartnerClientOptions {
  /** e.g. http://127.0.0.1:3000/demo-game/partner/v1 */
  baseUrl: string;
  partnerId: string;
  secret: string;
  fetch?: Transport;
  now?: () => number;
}

/** The exchange's client of the game partner API: signs each call, unwraps {ok, data}. */
export function createPartnerClient(options: PartnerClientOptions) {
  const send = options.fetch ?? (globalThis.fetch as unknown as Transport);
  const basePath = new URL(options.baseUrl, 'http://x').pathname.replace(/\/$/, '');
  async function call<T>(path: string, input: object, requestId: string = randomUUID()): Promise<T> {
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
    const res = (await (
      await send(`${options.baseUrl.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      })
    ).json()) as { ok: true; data: T } | { ok: false; code: string; message: string };
    if (!res.ok) throw new PartnerRefusal(res.code, res.message);
    return res.data;
  }
  return {
    call,
    verifyToken: (gameToken: string) =>
      call<{ accountId: string; serverId: string | null; roleId: string | null; online: boolean }>('/token/verify', {
        gameToken,
      }),
    roleOnline: (roleId: string) => call<{ online: boolean }>('/role/online', { roleId }),
    servers: () =>
      call<{ servers: Array<{ id: string; name: string; masterServerId: string; roleSlots: number }> }>('/servers', {}),
    roles: (accountId: string, serverId?: string) =>
      call<{
        roles: Array<{ id: string; name: string; serverId: string; roleClass: string; level: number; power: number }>;
      }>('/roles', { accountId, serverId }),
    snapshot: (roleId: string) => call<Record<string, unknown>>('/role/snapshot', { roleId }),
    coins: (roleId: string) =>
      call<{ coins: Array<{ coinType: string; total: number; available: number }> }>('/coins', { roleId }),
    items: (roleId: string) =>
      call<{ items: Array<{ id: string; name: string; subType: number; tradable: boolean; frozen: boolean }> }>(
        '/items',
        { roleId },
      ),
    /** Repeatable: pass the same requestId (e.g. the listing's) to retry safely. */
    freeze: (input: Record<string, unknown>, requestId: string) =>
      call<{ frozen: string; already: boolean }>('/freeze', input, requestId),
    unfreeze: (input: { listingId: string; roleId: string }, requestId: string) =>
      call<{ released: number }>('/unfreeze', input, requestId),
    transfer: (
      input: { listingId: string; roleId: string; buyerAccountId: string; buyerRoleId?: string },
      requestId: string,
    ) => call<{ kind: string; to: string; repeated: boolean }>('/transfer', input, requestId),
  };
}
export type PartnerClient = ReturnType<typeof createPartnerClient>;
