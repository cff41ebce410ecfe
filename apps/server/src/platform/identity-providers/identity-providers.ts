import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';
import { ensureSecret } from '../secrets';

/**
 * Third-party sign-in behind interfaces: WeChat and QQ turn an authorization code into the
 * user's stable id there; the carrier's one-click service turns its token into a phone number.
 * Real providers need keys this project does not have; the sandbox below is the embedded default.
 */
export interface OAuthProvider {
  readonly name: 'wx' | 'qq';
  exchangeCode(code: string): Promise<{ subject: string; nickname: string | null }>;
}

export interface OneClickProvider {
  phoneOfToken(token: string): Promise<string>;
}

class ProviderRefusal extends Error {}

/**
 * Sandbox credentials: `<payload>.<hmac>` where payload is base64url JSON {kind, value, exp, n};
 * signed with a server secret, valid 5 minutes, usable once (like a real authorization code).
 */
export function createSandboxProviders(secret: string, now: () => number = Date.now) {
  const used = new Map<string, number>();
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  const issue = (kind: string, value: string) => {
    const payload = Buffer.from(
      JSON.stringify({ kind, value, exp: now() + 300_000, n: randomBytes(6).toString('hex') }),
    ).toString('base64url');
    return `${payload}.${sign(payload)}`;
  };
  const redeem = (kind: string, credential: string): string => {
    const [payload, mac] = credential.split('.');
    if (!payload || !mac) throw new ProviderRefusal('malformed');
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new ProviderRefusal('signature');
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      kind: string;
      value: string;
      exp: number;
      n: string;
    };
    if (body.kind !== kind || body.exp < now()) throw new ProviderRefusal('expired');
    if (used.has(body.n)) throw new ProviderRefusal('used');
    used.set(body.n, body.exp);
    for (const [n, exp] of used) if (exp < now()) used.delete(n);
    return body.value;
  };
  const oauth = (name: 'wx' | 'qq'): OAuthProvider => ({
    name,
    async exchangeCode(code) {
      return { subject: redeem(name, code), nickname: null };
    },
  });
  return {
    wx: oauth('wx'),
    qq: oauth('qq'),
    oneClick: { phoneOfToken: async (token: string) => redeem('oneClick', token) } satisfies OneClickProvider,
    /** Test hook: what the provider's app would hand the client. */
    issue: (kind: 'wx' | 'qq' | 'oneClick', value: string) => issue(kind, value),
  };
}

/** Production until real WeChat, QQ and carrier keys are configured: every credential is refused. */
export function unavailableProviders() {
  const refuse = async (): Promise<never> => {
    throw new ProviderRefusal('not configured');
  };
  const oauth = (name: 'wx' | 'qq'): OAuthProvider => ({ name, exchangeCode: refuse });
  return { wx: oauth('wx'), qq: oauth('qq'), oneClick: { phoneOfToken: refuse } satisfies OneClickProvider };
}

export type SandboxProviders = ReturnType<typeof createSandboxProviders>;

/** WeChat, QQ and carrier logins: signed sandbox credentials outside production; none in it (null). */
export async function sandboxProvidersOf(db: Db, production: boolean): Promise<SandboxProviders | null> {
  return production ? null : createSandboxProviders(await ensureSecret(db, 'sandboxProviders'));
}
