import type { OAuthIdentity, OAuthProvider } from './identity-providers';
import { getProviderJson, LoginRefused, textField } from './provider-http';

export interface WechatOAuthOptions {
  appId: string;
  appSecret: string;
  /** https://api.weixin.qq.com by default (tests: a local fake). */
  apiBase?: string | undefined;
  timeoutMs: number;
}

const EXPIRED = '微信授权已失效，请重新授权';
const BUSY = '微信服务繁忙，请稍后重试';
const MISCONFIGURED = '微信登录暂不可用，请使用验证码登录';

/** The documented errcodes of sns/oauth2/access_token and sns/userinfo, each with what the player reads. */
const ERRCODES: Record<string, string> = {
  '40029': EXPIRED, // invalid code
  '40163': EXPIRED, // code been used
  '42003': EXPIRED, // code expired
  '41008': EXPIRED, // missing code
  '42001': EXPIRED, // access_token expired
  '40014': EXPIRED, // invalid access_token
  '40003': EXPIRED, // invalid openid
  '-1': BUSY, // system busy
  '45009': BUSY, // daily quota
  '45011': BUSY, // minute quota
  '40125': MISCONFIGURED, // invalid appsecret
  '40001': MISCONFIGURED, // invalid credential (secret)
  '40013': MISCONFIGURED, // invalid appid
  '41002': MISCONFIGURED, // appid missing
  '41004': MISCONFIGURED, // appsecret missing
  '40164': MISCONFIGURED, // caller's address not in the whitelist
  '48001': MISCONFIGURED, // api unauthorized (the app lacks the login scope)
  '50001': EXPIRED, // user unauthorized
};

/** An answer with an errcode other than 0 is a refusal; an unknown errcode reads as a failed authorization. */
function refuseOnError(body: Record<string, unknown>): void {
  if (body.errcode === undefined || body.errcode === 0) return;
  const code = String(body.errcode);
  throw new LoginRefused(`wx:${code}`, ERRCODES[code] ?? '微信授权失败，请重试');
}

/**
 * WeChat Open Platform sign-in (网站应用 / 移动应用 OAuth 2.0): the code the user's agreement
 * produced → GET /sns/oauth2/access_token → GET /sns/userinfo. WeChat's documented API has no
 * request signature: the secret travels in the query over TLS. The subject is the unionid when the
 * app is bound to an Open Platform account, else the openid qualified by the app id; an account
 * first linked by that openid is found through the alias and gains the unionid (decision 0051).
 */
export function createWechatOAuth(options: WechatOAuthOptions): OAuthProvider {
  const base = options.apiBase ?? 'https://api.weixin.qq.com';
  const get = async (path: string, query: Record<string, string>) => {
    const url = new URL(path, base);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const body = await getProviderJson(url, options.timeoutMs, BUSY);
    refuseOnError(body);
    return body;
  };
  return {
    name: 'wx',
    async exchangeCode(code): Promise<OAuthIdentity> {
      const token = await get('/sns/oauth2/access_token', {
        appid: options.appId,
        secret: options.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      const accessToken = textField(token, 'access_token');
      const openid = textField(token, 'openid');
      if (!accessToken || !openid) throw new LoginRefused('wx:NoOpenid', BUSY);
      const info = await get('/sns/userinfo', { access_token: accessToken, openid, lang: 'zh_CN' });
      if (textField(info, 'openid') !== openid) throw new LoginRefused('wx:UserinfoMismatch', BUSY);
      const unionid = textField(info, 'unionid') ?? textField(token, 'unionid');
      const byOpenid = `${options.appId}:${openid}`;
      return {
        subject: unionid ?? byOpenid,
        aliases: unionid ? [byOpenid] : [],
        nickname: textField(info, 'nickname')?.slice(0, 32) ?? null,
      };
    },
  };
}
