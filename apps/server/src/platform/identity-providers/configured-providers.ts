import type { Config } from '../../config';
import { createAliyunOneClick } from './aliyun-one-click';
import type { OAuthName, OAuthProvider, OneClickProvider, SandboxProviders } from './identity-providers';
import { createQqConnect } from './qq-connect';
import { createWechatOAuth } from './wechat-oauth';

/** A sign-in the page can offer: the provider and where the browser goes to agree ('' for one-click, the app's SDK). */
export interface OfferedLogin {
  provider: OAuthName | 'oneClick';
  authorizeUrl: string;
}

/** The third-party sign-ins of this server: each provider, or null when it is not offered. */
export interface LoginProviders {
  wx: OAuthProvider | null;
  qq: OAuthProvider | null;
  oneClick: OneClickProvider | null;
  offered: OfferedLogin[];
}

export type LoginProviderConfig = Pick<
  Config,
  | 'LOGIN_WX_APP_ID'
  | 'LOGIN_WX_APP_SECRET'
  | 'LOGIN_WX_API'
  | 'LOGIN_QQ_APP_ID'
  | 'LOGIN_QQ_APP_KEY'
  | 'LOGIN_QQ_API'
  | 'LOGIN_ONE_CLICK_ACCESS_KEY_ID'
  | 'LOGIN_ONE_CLICK_ACCESS_KEY_SECRET'
  | 'LOGIN_ONE_CLICK_ENDPOINT'
  | 'LOGIN_PROVIDER_TIMEOUT_MS'
>;

/**
 * Each provider whose keys are configured is the real one (anywhere); the others are the sandbox
 * outside production and absent in it: production without WeChat keys offers no WeChat button and
 * refuses its calls, SMS login being enough to start (decision 0051).
 */
export function configuredLoginProviders(c: LoginProviderConfig, sandbox: SandboxProviders | null): LoginProviders {
  const timeoutMs = c.LOGIN_PROVIDER_TIMEOUT_MS;
  const wx =
    c.LOGIN_WX_APP_ID && c.LOGIN_WX_APP_SECRET
      ? createWechatOAuth({
          appId: c.LOGIN_WX_APP_ID,
          appSecret: c.LOGIN_WX_APP_SECRET,
          apiBase: c.LOGIN_WX_API,
          timeoutMs,
        })
      : null;
  const qq =
    c.LOGIN_QQ_APP_ID && c.LOGIN_QQ_APP_KEY
      ? createQqConnect({ appId: c.LOGIN_QQ_APP_ID, appKey: c.LOGIN_QQ_APP_KEY, apiBase: c.LOGIN_QQ_API, timeoutMs })
      : null;
  const oneClick =
    c.LOGIN_ONE_CLICK_ACCESS_KEY_ID && c.LOGIN_ONE_CLICK_ACCESS_KEY_SECRET
      ? createAliyunOneClick({
          accessKeyId: c.LOGIN_ONE_CLICK_ACCESS_KEY_ID,
          accessKeySecret: c.LOGIN_ONE_CLICK_ACCESS_KEY_SECRET,
          endpoint: c.LOGIN_ONE_CLICK_ENDPOINT,
          timeoutMs,
        })
      : null;
  const sandboxUrl = (provider: string) => (sandbox ? `/dev/oauth/authorize?provider=${provider}` : '');
  const wxUrl = new URL('https://open.weixin.qq.com/connect/qrconnect');
  wxUrl.search = new URLSearchParams({
    appid: c.LOGIN_WX_APP_ID ?? '',
    response_type: 'code',
    scope: 'snsapi_login',
  }).toString();
  wxUrl.hash = 'wechat_redirect';
  const qqUrl = new URL('/oauth2.0/authorize', c.LOGIN_QQ_API ?? 'https://graph.qq.com');
  qqUrl.search = new URLSearchParams({
    response_type: 'code',
    client_id: c.LOGIN_QQ_APP_ID ?? '',
    scope: 'get_user_info',
  }).toString();
  const providers = {
    wx: wx ?? sandbox?.wx ?? null,
    qq: qq ?? sandbox?.qq ?? null,
    oneClick: oneClick ?? sandbox?.oneClick ?? null,
  };
  const offered: OfferedLogin[] = [];
  if (providers.wx) offered.push({ provider: 'wx', authorizeUrl: wx ? wxUrl.toString() : sandboxUrl('wx') });
  if (providers.qq) offered.push({ provider: 'qq', authorizeUrl: qq ? qqUrl.toString() : sandboxUrl('qq') });
  if (providers.oneClick) offered.push({ provider: 'oneClick', authorizeUrl: '' });
  return { ...providers, offered };
}
