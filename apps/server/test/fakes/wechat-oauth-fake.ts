import { randomBytes } from 'node:crypto';
import { startFake } from './fake-server';

interface WechatUser {
  openid: string;
  unionid?: string;
  nickname: string;
}

const err = (errcode: number, errmsg: string) => ({ body: { errcode, errmsg: `${errmsg}, rid: fake` } });

/**
 * WeChat Open Platform's OAuth API as documented: GET /sns/oauth2/access_token (appid, secret,
 * code, grant_type=authorization_code) and GET /sns/userinfo (access_token, openid), answering
 * errcode/errmsg. No request signature: the app id and secret are checked, a code serves once
 * and lives 5 minutes.
 */
export async function startWechatFake(app: { appId: string; secret: string }) {
  const codes = new Map<string, { user: WechatUser; at: number; used: boolean }>();
  const tokens = new Map<string, WechatUser>();
  let now = () => Date.now();
  const fake = await startFake(({ url }) => {
    const q = url.searchParams;
    if (url.pathname === '/sns/oauth2/access_token') {
      if (!q.get('appid')) return err(41002, 'appid missing');
      if (q.get('appid') !== app.appId) return err(40013, 'invalid appid');
      if (!q.get('secret')) return err(41004, 'appsecret missing');
      if (q.get('secret') !== app.secret) return err(40125, 'invalid appsecret');
      if (q.get('grant_type') !== 'authorization_code') return err(40002, 'invalid grant_type');
      const code = q.get('code');
      if (!code) return err(41008, 'missing code');
      const issued = codes.get(code);
      if (!issued) return err(40029, 'invalid code');
      if (issued.used) return err(40163, 'code been used');
      if (now() - issued.at > 300_000) return err(42003, 'code expired');
      issued.used = true;
      const accessToken = randomBytes(12).toString('hex');
      tokens.set(accessToken, issued.user);
      return {
        body: {
          access_token: accessToken,
          expires_in: 7200,
          refresh_token: randomBytes(12).toString('hex'),
          openid: issued.user.openid,
          scope: 'snsapi_login',
          ...(issued.user.unionid ? { unionid: issued.user.unionid } : {}),
        },
      };
    }
    if (url.pathname === '/sns/userinfo') {
      const user = tokens.get(q.get('access_token') ?? '');
      if (!user) return err(40014, 'invalid access_token');
      if (q.get('openid') !== user.openid) return err(40003, 'invalid openid');
      return {
        body: {
          openid: user.openid,
          nickname: user.nickname,
          sex: 0,
          province: '',
          city: '',
          country: 'CN',
          headimgurl: '',
          privilege: [],
          ...(user.unionid ? { unionid: user.unionid } : {}),
        },
      };
    }
    return { status: 404, body: { errcode: 40066, errmsg: 'invalid url' } };
  });
  return {
    ...fake,
    /** The code WeChat hands the app after the user agrees. */
    codeFor(user: WechatUser): string {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { user, at: now(), used: false });
      return code;
    },
    setClock(clock: () => number) {
      now = clock;
    },
  };
}
