import type { OAuthIdentity, OAuthProvider } from './identity-providers';
import { getProviderJson, LoginRefused, textField } from './provider-http';

export interface QqConnectOptions {
  appId: string;
  appKey: string;
  /** https://graph.qq.com by default (tests: a local fake). */
  apiBase?: string | undefined;
  timeoutMs: number;
}

const EXPIRED = 'QQ授权已失效，请重新授权';
const BUSY = 'QQ服务繁忙，请稍后重试';
const MISCONFIGURED = 'QQ登录暂不可用，请使用验证码登录';

/** QQ Connect's documented OAuth error codes (oauth2.0/token and oauth2.0/me), each with what the player reads. */
const ERRORS: Record<string, string> = {
  '100005': EXPIRED, // code missing
  '100013': EXPIRED, // access token illegal
  '100014': EXPIRED, // access token expired
  '100015': EXPIRED, // access token revoked
  '100016': EXPIRED, // access token check failed
  '100018': EXPIRED, // getting the code failed
  '100019': EXPIRED, // code to access token error (invalid or expired code)
  '100020': EXPIRED, // code reused
  '100030': EXPIRED, // the user did not authorize this api
  '100001': MISCONFIGURED, // client_id missing
  '100002': MISCONFIGURED, // client_secret missing
  '100008': MISCONFIGURED, // no such appid
  '100009': MISCONFIGURED, // client_secret (appkey) illegal
  '100010': MISCONFIGURED, // redirect uri illegal
  '100011': MISCONFIGURED, // the app is not online
  '100048': MISCONFIGURED, // unionid not granted to the app (companyid not set)
  '100021': BUSY, // getting the access token failed
  '100017': BUSY, // getting the appid failed
};

function refuseOnError(body: Record<string, unknown>): void {
  if (body.error !== undefined && body.error !== 0) {
    const code = String(body.error);
    throw new LoginRefused(`qq:${code}`, ERRORS[code] ?? 'QQ授权失败，请重试');
  }
}

/**
 * QQ Connect (QQ互联) sign-in: the authorization code → GET /oauth2.0/token (fmt=json) → GET
 * /oauth2.0/me (unionid=1, fmt=json) → GET /user/get_user_info for the nickname. No request
 * signature: the app key travels in the query over TLS. The redirect URI must be the one the
 * code was asked with. Subject: unionid, else the openid qualified by the app id (as WeChat's).
 */
export function createQqConnect(options: QqConnectOptions): OAuthProvider {
  const base = options.apiBase ?? 'https://graph.qq.com';
  const get = async (path: string, query: Record<string, string>) => {
    const url = new URL(path, base);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return getProviderJson(url, options.timeoutMs, BUSY);
  };
  return {
    name: 'qq',
    async exchangeCode(code, redirectUri): Promise<OAuthIdentity> {
      const token = await get('/oauth2.0/token', {
        grant_type: 'authorization_code',
        client_id: options.appId,
        client_secret: options.appKey,
        code,
        ...(redirectUri ? { redirect_uri: redirectUri } : {}),
        fmt: 'json',
      });
      refuseOnError(token);
      const accessToken = textField(token, 'access_token');
      if (!accessToken) throw new LoginRefused('qq:NoAccessToken', BUSY);
      const me = await get('/oauth2.0/me', { access_token: accessToken, unionid: '1', fmt: 'json' });
      refuseOnError(me);
      const openid = textField(me, 'openid');
      if (!openid || textField(me, 'client_id') !== options.appId) throw new LoginRefused('qq:NoOpenid', BUSY);
      const info = await get('/user/get_user_info', {
        access_token: accessToken,
        oauth_consumer_key: options.appId,
        openid,
      });
      // get_user_info answers ret (0 = success) and msg; a refusal there refuses the sign-in too.
      if (info.ret !== 0) throw new LoginRefused(`qq:ret${String(info.ret)}`, BUSY);
      const unionid = textField(me, 'unionid');
      const byOpenid = `${options.appId}:${openid}`;
      return {
        subject: unionid ?? byOpenid,
        aliases: unionid ? [byOpenid] : [],
        nickname: textField(info, 'nickname')?.slice(0, 32) ?? null,
      };
    },
  };
}
