import { randomBytes } from 'node:crypto';
import { startFake } from './fake-server';

interface QqUser {
  openid: string;
  unionid: string;
  nickname: string;
}

const err = (error: number, description: string) => ({ body: { error, error_description: description } });

/**
 * QQ Connect as documented: GET /oauth2.0/token (authorization_code; JSON only with fmt=json,
 * else the historical query-string form), GET /oauth2.0/me (unionid=1 for the unionid; fmt=json,
 * else a JSONP callback) and GET /user/get_user_info (ret/msg). The app key, the redirect_uri the
 * code was asked with and the code's single use are checked.
 */
export async function startQqFake(app: { appId: string; appKey: string; unionid?: boolean }) {
  const codes = new Map<string, { user: QqUser; redirectUri: string; used: boolean }>();
  const tokens = new Map<string, QqUser>();
  const fake = await startFake(({ url }) => {
    const q = url.searchParams;
    const json = q.get('fmt') === 'json';
    if (url.pathname === '/oauth2.0/token') {
      if (!q.get('client_id')) return err(100001, 'client_id missing');
      if (q.get('client_id') !== app.appId) return err(100008, 'client_id does not exist');
      if (!q.get('client_secret')) return err(100002, 'client_secret missing');
      if (q.get('client_secret') !== app.appKey) return err(100009, 'client secret is illegal');
      const code = q.get('code');
      if (!code) return err(100005, 'code missing');
      const issued = codes.get(code);
      if (!issued) return err(100019, 'code to access token error');
      if (issued.used) return err(100020, 'code is reused error');
      if (q.get('redirect_uri') !== issued.redirectUri) return err(100010, 'redirect uri is illegal');
      issued.used = true;
      const accessToken = randomBytes(16).toString('hex').toUpperCase();
      tokens.set(accessToken, issued.user);
      const answer = { access_token: accessToken, expires_in: '7776000', refresh_token: 'R' };
      return { body: json ? answer : new URLSearchParams(answer).toString() };
    }
    const user = tokens.get(q.get('access_token') ?? '');
    if (url.pathname === '/oauth2.0/me') {
      const answer = !user
        ? { error: 100016, error_description: 'access token check failed' }
        : q.get('unionid') === '1' && app.unionid === false
          ? { error: 100048, error_description: 'companyid not set' }
          : {
              client_id: app.appId,
              openid: user.openid,
              ...(q.get('unionid') === '1' ? { unionid: user.unionid } : {}),
            };
      return { body: json ? answer : `callback( ${JSON.stringify(answer)} );` };
    }
    if (url.pathname === '/user/get_user_info') {
      if (!user) return { body: { ret: 100016, msg: 'access token check failed' } };
      if (q.get('oauth_consumer_key') !== app.appId || q.get('openid') !== user.openid)
        return { body: { ret: -22, msg: 'openid or appid illegal' } };
      return { body: { ret: 0, msg: '', is_lost: 0, nickname: user.nickname, gender: '男', figureurl_qq_1: '' } };
    }
    return { status: 404, body: { error: 100029, error_description: 'wrong request' } };
  });
  return {
    ...fake,
    codeFor(user: QqUser, redirectUri: string): string {
      const code = randomBytes(16).toString('hex').toUpperCase();
      codes.set(code, { user, redirectUri, used: false });
      return code;
    },
  };
}
