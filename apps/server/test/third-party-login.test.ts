import { loginProviders, oneClickLogin, qqAppLogin, userInfo, wxAppLogin } from '@app/protocol/calls/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startDypnsFake } from './fakes/aliyun-dypns-fake';
import { startQqFake } from './fakes/qq-connect-fake';
import { startWechatFake } from './fakes/wechat-oauth-fake';
import {
  createTestApp,
  type Envelope,
  expectCode,
  type TestApp,
  type TestClient,
  testDb,
  useTestApp,
  useTestClient,
} from './helpers';
import { productionSettings } from './production-env';

const uidOf = (res: Envelope) => (res.data as { uid: string }).uid;

describe('third-party sign-in (sandbox providers)', () => {
  const t = useTestApp();
  const client = useTestClient(t, 'APP');
  const codeFor = async (provider: string, value: string): Promise<string> =>
    (await t.app.inject({ method: 'POST', url: '/dev/oauth/code', payload: { provider, value } })).json().data.code;

  it('offers all three, WeChat and QQ through the sandbox authorization page', async () => {
    const res = await client.call(loginProviders, {});
    expect(res.data).toEqual({
      providers: [
        { provider: 'wx', authorizeUrl: '/dev/oauth/authorize?provider=wx' },
        { provider: 'qq', authorizeUrl: '/dev/oauth/authorize?provider=qq' },
        { provider: 'oneClick', authorizeUrl: '' },
      ],
    });
  });

  it('the sandbox authorization page returns to this server only, with a code and the state', async () => {
    const back = 'http://localhost:4100/h5/login/login?oauth=wx';
    const res = await t.app.inject({
      method: 'GET',
      url: `/dev/oauth/authorize?provider=wx&state=s1&redirect_uri=${encodeURIComponent(back)}`,
      headers: { host: 'localhost:4100' },
    });
    expect(res.statusCode, res.body).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(to.searchParams.get('state')).toBe('s1');
    const login = await client.call(wxAppLogin, { code: to.searchParams.get('code') ?? '' });
    expectCode(login, '200');
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/dev/oauth/authorize?provider=wx&redirect_uri=${encodeURIComponent('https://evil.example/x')}`,
      headers: { host: 'localhost:4100' },
    });
    expect(elsewhere.json()).toMatchObject({ code: '10002', msg: '回调地址不是本站' });
  });

  it('creates one account per WeChat user, without a phone, and finds it again', async () => {
    const first = await client.call(wxAppLogin, { code: await codeFor('wx', 'wx-openid-1') });
    expectCode(first, '200');
    expect(first.data).toMatchObject({ mobile: '' });
    const again = await client.call(wxAppLogin, { code: await codeFor('wx', 'wx-openid-1') });
    expect(uidOf(again)).toBe(uidOf(first));
    const qq = await client.call(qqAppLogin, { code: await codeFor('qq', 'wx-openid-1') });
    expect(uidOf(qq)).not.toBe(uidOf(first));
    expectCode(await client.call(userInfo, {}, { token: (first.data as { token: string }).token }), '200');
  });

  it('refuses a forged, reused or cross-provider code', async () => {
    const code = await codeFor('wx', 'wx-openid-2');
    expectCode(await client.call(wxAppLogin, { code: `${code}x` }), '10002', '微信授权已失效，请重新授权');
    expectCode(await client.call(qqAppLogin, { code }), '10002', 'QQ授权已失效，请重新授权');
    expectCode(await client.call(wxAppLogin, { code }), '200');
    expectCode(await client.call(wxAppLogin, { code }), '10002', '微信授权已失效，请重新授权');
    expectCode(await client.call(wxAppLogin, { code: 'no-dot-at-all' }), '10002', '微信授权已失效，请重新授权');
  });

  it('logs in by the carrier token as the phone it names', async () => {
    const res = await client.call(oneClickLogin, { token: await codeFor('oneClick', '13200000001') });
    expectCode(res, '200');
    expect(res.data).toMatchObject({ mobile: '13200000001' });
    expectCode(
      await client.call(oneClickLogin, { token: await codeFor('oneClick', 'not-a-phone') }),
      '10002',
      '一键登录失败，请使用验证码登录',
    );
  });
});

describe(`third-party sign-in against the providers' fakes (${testDb})`, () => {
  let t: TestApp;
  let client: TestClient;
  let wx: Awaited<ReturnType<typeof startWechatFake>>;
  let qq: Awaited<ReturnType<typeof startQqFake>>;
  let dypns: Awaited<ReturnType<typeof startDypnsFake>>;
  const wxApp = { appId: 'wxweb0000000001', secret: 'wx-secret' };
  const qqApp = { appId: '101000001', appKey: 'qq-key' };
  const aliyun = { accessKeyId: 'LTAI5tLogin', accessKeySecret: 'aliyun-login-secret' };
  const back = 'https://market.example.com/h5/login/login?oauth=qq';

  beforeAll(async () => {
    [wx, qq, dypns] = await Promise.all([startWechatFake(wxApp), startQqFake(qqApp), startDypnsFake(aliyun)]);
    t = await createTestApp({
      LOGIN_WX_APP_ID: wxApp.appId,
      LOGIN_WX_APP_SECRET: wxApp.secret,
      LOGIN_WX_API: wx.origin,
      LOGIN_QQ_APP_ID: qqApp.appId,
      LOGIN_QQ_APP_KEY: qqApp.appKey,
      LOGIN_QQ_API: qq.origin,
      LOGIN_ONE_CLICK_ACCESS_KEY_ID: aliyun.accessKeyId,
      LOGIN_ONE_CLICK_ACCESS_KEY_SECRET: aliyun.accessKeySecret,
      LOGIN_ONE_CLICK_ENDPOINT: dypns.origin,
      LOGIN_PROVIDER_TIMEOUT_MS: '300',
    });
    client = await t.client('APP');
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([wx?.close(), qq?.close(), dypns?.close()]);
  });

  const counts = async () => ({
    users: Number(
      (
        await t.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    sessions: Number(
      (
        await t.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it('offers the real authorization pages', async () => {
    const { providers } = (await client.call(loginProviders, {})).data as {
      providers: Array<{ provider: string; authorizeUrl: string }>;
    };
    expect(providers.map((p) => p.provider)).toEqual(['wx', 'qq', 'oneClick']);
    const wxUrl = new URL(providers[0]?.authorizeUrl ?? '');
    expect(wxUrl.origin + wxUrl.pathname).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(Object.fromEntries(wxUrl.searchParams)).toEqual({
      appid: wxApp.appId,
      response_type: 'code',
      scope: 'snsapi_login',
    });
    expect(wxUrl.hash).toBe('#wechat_redirect');
    expect(providers[1]?.authorizeUrl).toBe(
      `${qq.origin}/oauth2.0/authorize?response_type=code&client_id=${qqApp.appId}&scope=get_user_info`,
    );
  });

  it('a WeChat user signs in with his nickname, as the same user again', async () => {
    const user = { openid: 'oWx1', unionid: 'uWx1', nickname: '微信玩家甲' };
    const first = await client.call(wxAppLogin, { code: wx.codeFor(user) });
    expectCode(first, '200');
    const token = (first.data as { token: string }).token;
    expect(((await client.call(userInfo, {}, { token })).data as { nickname: string }).nickname).toBe('微信玩家甲');
    expect(uidOf(await client.call(wxAppLogin, { code: wx.codeFor(user) }))).toBe(uidOf(first));
  });

  it('an account linked by its openid keeps its user when WeChat starts giving the unionid', async () => {
    const before = await client.call(wxAppLogin, { code: wx.codeFor({ openid: 'oLegacy', nickname: '老玩家' }) });
    expectCode(before, '200');
    const moved = await client.call(wxAppLogin, {
      code: wx.codeFor({ openid: 'oLegacy', unionid: 'uLegacy', nickname: '老玩家' }),
    });
    expect(uidOf(moved)).toBe(uidOf(before));
    const links = await t.db
      .selectFrom('user_identities')
      .select(['subject'])
      .where('provider', '=', 'wx')
      .where('subject', 'in', ['uLegacy', `${wxApp.appId}:oLegacy`])
      .execute();
    expect(links.map((l) => l.subject).sort()).toEqual(['uLegacy', `${wxApp.appId}:oLegacy`].sort());
    // Another app of the same Open Platform account (another openid, the same unionid): the same user.
    const otherApp = await startWechatFake({ appId: 'wxother', secret: 's' });
    try {
      const { createWechatOAuth } = await import('../src/platform/identity-providers/wechat-oauth');
      const identity = await createWechatOAuth({
        appId: 'wxother',
        appSecret: 's',
        apiBase: otherApp.origin,
        timeoutMs: 500,
      }).exchangeCode(otherApp.codeFor({ openid: 'oInOtherApp', unionid: 'uLegacy', nickname: 'x' }));
      expect(identity.subject).toBe('uLegacy');
    } finally {
      await otherApp.close();
    }
  });

  it('a refused, garbage or unanswered sign-in creates no user and no session', async () => {
    const start = await counts();
    expectCode(await client.call(wxAppLogin, { code: 'forged' }), '10002', '微信授权已失效，请重新授权');
    const code = wx.codeFor({ openid: 'oFail', unionid: 'uFail', nickname: 'f' });
    wx.fail({ kind: 'json', body: { errcode: -1, errmsg: 'system error' } });
    expectCode(await client.call(wxAppLogin, { code }), '10002', '微信服务繁忙，请稍后重试');
    wx.fail({ kind: 'json', body: { access_token: 'T', openid: 'oFail' } });
    wx.fail({ kind: 'hang' });
    expectCode(await client.call(wxAppLogin, { code }), '10002', '微信服务繁忙，请稍后重试');
    qq.fail({ kind: 'garbage' });
    expectCode(await client.call(qqAppLogin, { code: 'x', redirectUri: back }), '10002', 'QQ服务繁忙，请稍后重试');
    dypns.fail({ kind: 'hang' });
    expectCode(await client.call(oneClickLogin, { token: 't' }), '10002', '一键登录服务繁忙，请使用验证码登录');
    dypns.fail({ kind: 'json', body: { Code: 'OK', RequestId: 'R', GetMobileResultDTO: { Mobile: '139****1234' } } });
    expectCode(await client.call(oneClickLogin, { token: 't' }), '10002', '一键登录失败，请使用验证码登录');
    expect(await counts()).toEqual(start);
  });

  it('two sign-ins of the same new unionid at once make one user and one link', async () => {
    for (let round = 0; round < 4; round++) {
      const unionid = `uRace${round}`;
      const [a, b] = await Promise.all([
        client.call(wxAppLogin, { code: wx.codeFor({ openid: `oRaceA${round}`, unionid, nickname: '并发' }) }),
        client.call(wxAppLogin, { code: wx.codeFor({ openid: `oRaceB${round}`, unionid, nickname: '并发' }) }),
      ]);
      expectCode(a, '200');
      expectCode(b, '200');
      expect(uidOf(b)).toBe(uidOf(a));
      const links = await t.db
        .selectFrom('user_identities')
        .select('user_id')
        .where('provider', '=', 'wx')
        .where('subject', '=', unionid)
        .execute();
      expect(links).toHaveLength(1);
    }
    const orphans = await t.db
      .selectFrom('users')
      .leftJoin('user_identities', 'user_identities.user_id', 'users.id')
      .select('users.id')
      .where('users.nickname', '=', '并发')
      .where('user_identities.user_id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('QQ: the code with the redirect it was asked with; the same code twice is refused', async () => {
    const code = qq.codeFor({ openid: 'QQOPEN1', unionid: 'QQUNION1', nickname: 'QQ玩家' }, back);
    const res = await client.call(qqAppLogin, { code, redirectUri: back });
    expectCode(res, '200');
    expect(res.data).toMatchObject({ mobile: '' });
    expectCode(await client.call(qqAppLogin, { code, redirectUri: back }), '10002', 'QQ授权已失效，请重新授权');
  });

  it('one-click: the phone 号码认证 names, once per token', async () => {
    const token = dypns.tokenFor('13700001111');
    const res = await client.call(oneClickLogin, { token });
    expectCode(res, '200');
    expect(res.data).toMatchObject({ mobile: '13700001111' });
    const start = await counts();
    expectCode(await client.call(oneClickLogin, { token }), '10002', '一键登录已失效，请重新获取或使用验证码登录');
    expect(await counts()).toEqual(start);
  });
});

describe('production without sign-in providers', () => {
  const t = useTestApp({ APP_ENV: 'production' });

  it('offers none and refuses each with a clear sentence', async () => {
    const client = await t.client('APP');
    expect((await client.call(loginProviders, {})).data).toEqual({ providers: [] });
    expectCode(await client.call(wxAppLogin, { code: 'anything' }), '10002', '微信登录暂未开通，请使用验证码登录');
    expectCode(await client.call(qqAppLogin, { code: 'anything' }), '10002', 'QQ登录暂未开通，请使用验证码登录');
    expectCode(await client.call(oneClickLogin, { token: 'anything' }), '10002', '一键登录暂未开通，请使用验证码登录');
  });

  it('starts without them, and refuses half of a provider’s keys naming the rest', () => {
    const env = { APP_ENV: 'production', ...productionSettings() };
    expect(() => loadConfig(env)).not.toThrow();
    expect(() => loadConfig({ ...env, LOGIN_WX_APP_ID: 'wx1' })).toThrow(
      /LOGIN_WX_APP_SECRET: the rest of the WeChat sign-in keys/,
    );
    expect(() => loadConfig({ ...env, LOGIN_ONE_CLICK_ACCESS_KEY_SECRET: 's' })).toThrow(
      /LOGIN_ONE_CLICK_ACCESS_KEY_ID: the rest of the one-click sign-in/,
    );
  });
});
