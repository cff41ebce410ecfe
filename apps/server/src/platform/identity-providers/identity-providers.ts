import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';
import { ensureSecret } from '../secrets';
import { LoginRefused } from './provider-http';

/**
 * Third-party sign-in behind interfaces: WeChat and QQ turn an authorization code into the
 * user's stable id there; the carrier's one-click service turns its token into a phone number.
 * The real adapters (wechat-oauth.ts, qq-connect.ts, aliyun-one-click.ts) are built from the
 * configuration (configured-providers.ts); the signed sandbox below is the embedded default.
 * Every failure throws LoginRefused with the sentence the player reads.
 */
export interface OAuthIdentity {
  /** The stable id there: the unionid when the provider gives one, else the app's openid. */
  subject: string;
  /** Older subjects of the same person (the app's openid beside a unionid): an account linked by one is found. */
  aliases: string[];
  nickname: string | null;
}

export type OAuthName = 'wx' | 'qq';

export interface OAuthProvider {
  readonly name: OAuthName;
  /** redirectUri: the one the code was asked with (QQ checks it; WeChat does not ask). */
  exchangeCode(code: string, redirectUri?: string): Promise<OAuthIdentity>;
}

export interface OneClickProvider {
  phoneOfToken(token: string): Promise<string>;
}

const SANDBOX_REFUSAL: Record<OAuthName | 'oneClick', string> = {
  wx: '微信授权已失效，请重新授权',
  qq: 'QQ授权已失效，请重新授权',
  oneClick: '一键登录已失效，请重新获取或使用验证码登录',
};

class ProviderRefusal extends LoginRefused {
  constructor(reason: string, kind: OAuthName | 'oneClick') {
    super(`sandbox:${reason}`, SANDBOX_REFUSAL[kind]);
  }
}

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
  const redeem = (kind: OAuthName | 'oneClick', credential: string): string => {
    const [payload, mac] = credential.split('.');
    if (!payload || !mac) throw new ProviderRefusal('malformed', kind);
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new ProviderRefusal('signature', kind);
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      kind: string;
      value: string;
      exp: number;
      n: string;
    };
    if (body.kind !== kind || body.exp < now()) throw new ProviderRefusal('expired', kind);
    if (used.has(body.n)) throw new ProviderRefusal('used', kind);
    used.set(body.n, body.exp);
    for (const [n, exp] of used) if (exp < now()) used.delete(n);
    return body.value;
  };
  const oauth = (name: OAuthName): OAuthProvider => ({
    name,
    async exchangeCode(code) {
      return { subject: redeem(name, code), aliases: [], nickname: null };
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

export type SandboxProviders = ReturnType<typeof createSandboxProviders>;

/** WeChat, QQ and carrier logins: signed sandbox credentials outside production; none in it (null). */
export async function sandboxProvidersOf(db: Db, production: boolean): Promise<SandboxProviders | null> {
  return production ? null : createSandboxProviders(await ensureSecret(db, 'sandboxProviders'));
}
