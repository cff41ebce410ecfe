import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAliyunOneClick } from '../src/platform/identity-providers/aliyun-one-click';
import { LoginRefused } from '../src/platform/identity-providers/provider-http';
import { createQqConnect } from '../src/platform/identity-providers/qq-connect';
import { createWechatOAuth } from '../src/platform/identity-providers/wechat-oauth';
import { acs3Signature, startDypnsFake } from './fakes/aliyun-dypns-fake';
import type { FakeRequest } from './fakes/fake-server';
import { startQqFake } from './fakes/qq-connect-fake';
import { startWechatFake } from './fakes/wechat-oauth-fake';

/** The three sign-in adapters against local fakes of their providers' documented APIs. */

const refusal = async (promise: Promise<unknown>): Promise<LoginRefused> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LoginRefused);
  return error as LoginRefused;
};

describe('WeChat Open Platform OAuth', () => {
  let wx: Awaited<ReturnType<typeof startWechatFake>>;
  const app = { appId: 'wx0123456789abcdef', secret: 'wechat-app-secret' };
  beforeAll(async () => {
    wx = await startWechatFake(app);
  });
  afterAll(() => wx.close());
  const adapter = (over: Partial<{ appSecret: string; timeoutMs: number }> = {}) =>
    createWechatOAuth({ appId: app.appId, appSecret: app.secret, apiBase: wx.origin, timeoutMs: 1_000, ...over });

  it('turns a code into the unionid, with the openid as its alias, and the nickname', async () => {
    const code = wx.codeFor({ openid: 'o6_bmjrPTlm6_2sgVt7hMZOPfL2M', unionid: 'oRrdQt3', nickname: '剑影' });
    expect(await adapter().exchangeCode(code)).toEqual({
      subject: 'oRrdQt3',
      aliases: [`${app.appId}:o6_bmjrPTlm6_2sgVt7hMZOPfL2M`],
      nickname: '剑影',
    });
    const [token, info] = wx.seen.slice(-2);
    expect(Object.fromEntries(token?.url.searchParams ?? [])).toEqual({
      appid: app.appId,
      secret: app.secret,
      code,
      grant_type: 'authorization_code',
    });
    expect(info?.url.pathname).toBe('/sns/userinfo');
    expect(info?.url.searchParams.get('openid')).toBe('o6_bmjrPTlm6_2sgVt7hMZOPfL2M');
  });

  it('without a unionid the subject is the openid qualified by the app', async () => {
    const code = wx.codeFor({ openid: 'oNoUnion', nickname: 'x' });
    expect(await adapter().exchangeCode(code)).toMatchObject({ subject: `${app.appId}:oNoUnion`, aliases: [] });
  });

  it('answers each documented errcode with its sentence', async () => {
    const code = wx.codeFor({ openid: 'oA', unionid: 'uA', nickname: 'a' });
    await adapter().exchangeCode(code);
    expect(await refusal(adapter().exchangeCode(code))).toMatchObject({
      providerCode: 'wx:40163',
      userMessage: '微信授权已失效，请重新授权',
    });
    expect((await refusal(adapter().exchangeCode('forged'))).providerCode).toBe('wx:40029');
    expect(
      await refusal(adapter({ appSecret: 'wrong' }).exchangeCode(wx.codeFor({ openid: 'oB', nickname: 'b' }))),
    ).toMatchObject({
      providerCode: 'wx:40125',
      userMessage: '微信登录暂不可用，请使用验证码登录',
    });
    const cases: Array<[number, string]> = [
      [40029, '微信授权已失效，请重新授权'],
      [40163, '微信授权已失效，请重新授权'],
      [41008, '微信授权已失效，请重新授权'],
      [42001, '微信授权已失效，请重新授权'],
      [42003, '微信授权已失效，请重新授权'],
      [-1, '微信服务繁忙，请稍后重试'],
      [45011, '微信服务繁忙，请稍后重试'],
      [40125, '微信登录暂不可用，请使用验证码登录'],
      [40013, '微信登录暂不可用，请使用验证码登录'],
      [40164, '微信登录暂不可用，请使用验证码登录'],
      [99999, '微信授权失败，请重试'],
    ];
    for (const [errcode, message] of cases) {
      wx.fail({ kind: 'json', body: { errcode, errmsg: 'fault' } });
      expect(await refusal(adapter().exchangeCode(wx.codeFor({ openid: 'oC', nickname: 'c' })))).toMatchObject({
        providerCode: `wx:${errcode}`,
        userMessage: message,
      });
    }
  });

  it('an error of userinfo after a good token refuses too', async () => {
    const code = wx.codeFor({ openid: 'oD', unionid: 'uD', nickname: 'd' });
    wx.fail({ kind: 'json', body: { access_token: 'T', openid: 'oD' } });
    wx.fail({ kind: 'json', body: { errcode: 42001, errmsg: 'access_token expired' } });
    expect((await refusal(adapter().exchangeCode(code))).providerCode).toBe('wx:42001');
    // A token answer without the token (errcode 0 and nothing else) is no answer.
    wx.fail({ kind: 'json', body: { errcode: 0 } });
    expect((await refusal(adapter().exchangeCode(code))).providerCode).toBe('wx:NoOpenid');
  });

  it('a timeout, garbage or a half answer is 服务繁忙, never a subject', async () => {
    wx.fail({ kind: 'hang' });
    expect(
      await refusal(adapter({ timeoutMs: 200 }).exchangeCode(wx.codeFor({ openid: 'oE', nickname: 'e' }))),
    ).toMatchObject({
      providerCode: 'Timeout',
      userMessage: '微信服务繁忙，请稍后重试',
    });
    wx.fail({ kind: 'garbage' });
    expect((await refusal(adapter().exchangeCode(wx.codeFor({ openid: 'oF', nickname: 'f' })))).providerCode).toBe(
      'Garbage',
    );
    wx.fail({ kind: 'json', body: { access_token: 'T', openid: 'oG' } });
    // the token is unknown to the fake's userinfo: its errcode refuses
    expect((await refusal(adapter().exchangeCode('any'))).providerCode).toBe('wx:40014');
    wx.fail({ kind: 'json', body: [1, 2] });
    expect((await refusal(adapter().exchangeCode('any'))).providerCode).toBe('Garbage');
  });

  it('refuses a userinfo of another openid than the token named', async () => {
    wx.fail({ kind: 'json', body: { access_token: 'T', openid: 'oH' } });
    wx.fail({ kind: 'json', body: { openid: 'oSomeoneElse', unionid: 'uX', nickname: 'x' } });
    expect((await refusal(adapter().exchangeCode('x'))).providerCode).toBe('wx:UserinfoMismatch');
  });
});

describe('QQ Connect', () => {
  let qq: Awaited<ReturnType<typeof startQqFake>>;
  const app = { appId: '101942797', appKey: 'qq-app-key' };
  const back = 'https://market.example.com/h5/login/login?oauth=qq';
  beforeAll(async () => {
    qq = await startQqFake(app);
  });
  afterAll(() => qq.close());
  const adapter = (over: Partial<{ appKey: string; timeoutMs: number }> = {}) =>
    createQqConnect({ appId: app.appId, appKey: app.appKey, apiBase: qq.origin, timeoutMs: 1_000, ...over });
  const user = { openid: 'B1B2C3D4', unionid: 'UID_QQ_1', nickname: '青龙' };

  it('token (fmt=json) → me (unionid=1) → get_user_info', async () => {
    expect(await adapter().exchangeCode(qq.codeFor(user, back), back)).toEqual({
      subject: 'UID_QQ_1',
      aliases: [`${app.appId}:B1B2C3D4`],
      nickname: '青龙',
    });
    const [token, me, info] = qq.seen.slice(-3).map((r) => r.url);
    expect(token?.searchParams.get('fmt')).toBe('json');
    expect(token?.searchParams.get('redirect_uri')).toBe(back);
    expect(me?.searchParams.get('unionid')).toBe('1');
    expect(info?.searchParams.get('oauth_consumer_key')).toBe(app.appId);
  });

  it('a reused code, another redirect, a wrong key: each its documented code and sentence', async () => {
    const code = qq.codeFor(user, back);
    await adapter().exchangeCode(code, back);
    expect(await refusal(adapter().exchangeCode(code, back))).toMatchObject({
      providerCode: 'qq:100020',
      userMessage: 'QQ授权已失效，请重新授权',
    });
    expect((await refusal(adapter().exchangeCode(qq.codeFor(user, back), `${back}&x=1`))).providerCode).toBe(
      'qq:100010',
    );
    expect(await refusal(adapter({ appKey: 'wrong' }).exchangeCode(qq.codeFor(user, back), back))).toMatchObject({
      providerCode: 'qq:100009',
      userMessage: 'QQ登录暂不可用，请使用验证码登录',
    });
    expect((await refusal(adapter().exchangeCode('forged', back))).providerCode).toBe('qq:100019');
    const cases: Array<[number, string]> = [
      [100016, 'QQ授权已失效，请重新授权'],
      [100014, 'QQ授权已失效，请重新授权'],
      [100048, 'QQ登录暂不可用，请使用验证码登录'],
      [100021, 'QQ服务繁忙，请稍后重试'],
      [123456, 'QQ授权失败，请重试'],
    ];
    for (const [error, message] of cases) {
      qq.fail({ kind: 'json', body: { error, error_description: 'fault' } });
      expect(await refusal(adapter().exchangeCode(qq.codeFor(user, back), back))).toMatchObject({
        providerCode: `qq:${error}`,
        userMessage: message,
      });
    }
  });

  it('an app without unionid permission is refused as misconfigured (100048)', async () => {
    const bare = await startQqFake({ ...app, unionid: false });
    try {
      const a = createQqConnect({ appId: app.appId, appKey: app.appKey, apiBase: bare.origin, timeoutMs: 1_000 });
      expect((await refusal(a.exchangeCode(bare.codeFor(user, back), back))).providerCode).toBe('qq:100048');
    } finally {
      await bare.close();
    }
  });

  it('get_user_info refusing, a me of another app, a timeout or garbage: no subject', async () => {
    const token = { access_token: 'T', expires_in: '1', refresh_token: 'R' };
    qq.fail({ kind: 'json', body: token });
    qq.fail({ kind: 'json', body: { client_id: app.appId, openid: 'O', unionid: 'U' } });
    qq.fail({ kind: 'json', body: { ret: 100030, msg: 'no permission' } });
    expect((await refusal(adapter().exchangeCode('x', back))).providerCode).toBe('qq:ret100030');
    qq.fail({ kind: 'json', body: token });
    qq.fail({ kind: 'json', body: { client_id: '999', openid: 'O', unionid: 'U' } });
    expect((await refusal(adapter().exchangeCode('x', back))).providerCode).toBe('qq:NoOpenid');
    qq.fail({ kind: 'hang' });
    expect((await refusal(adapter({ timeoutMs: 200 }).exchangeCode('x', back))).userMessage).toBe(
      'QQ服务繁忙，请稍后重试',
    );
    qq.fail({ kind: 'garbage' });
    expect((await refusal(adapter().exchangeCode('x', back))).providerCode).toBe('Garbage');
    // The historical non-JSON form (what QQ answers without fmt=json) is garbage to the adapter.
    qq.fail({ kind: 'json', body: 'access_token=T&expires_in=1' });
    expect((await refusal(adapter().exchangeCode('x', back))).providerCode).toBe('Garbage');
  });
});

describe('Alibaba Cloud 号码认证 GetMobile (official SDK)', () => {
  let dypns: Awaited<ReturnType<typeof startDypnsFake>>;
  const key = { accessKeyId: 'LTAI5tExample', accessKeySecret: 'aliyun-secret' };
  beforeAll(async () => {
    dypns = await startDypnsFake(key);
  });
  afterAll(() => dypns.close());
  const adapter = (over: Partial<{ accessKeySecret: string; accessKeyId: string; timeoutMs: number }> = {}) =>
    createAliyunOneClick({ ...key, endpoint: dypns.origin, timeoutMs: 1_000, ...over });

  it('signs GetMobile (ACS3-HMAC-SHA256) and reads the phone', async () => {
    expect(await adapter().phoneOfToken(dypns.tokenFor('13900001234'))).toBe('13900001234');
    const request = dypns.seen.at(-1) as FakeRequest;
    expect(request.headers).toMatchObject({ 'x-acs-action': 'GetMobile', 'x-acs-version': '2017-05-25' });
    const auth = /SignedHeaders=([^,]+),Signature=(\w+)$/.exec(String(request.headers.authorization));
    const signed = {
      method: request.method,
      query: Object.fromEntries(request.url.searchParams),
      headers: request.headers,
      body: request.body,
    };
    // The fake's signature is the documented one: recomputed here it matches what the SDK sent, and
    // a changed token (or secret) would not.
    expect(acs3Signature(signed, auth?.[1]?.split(';') ?? [], key.accessKeySecret)).toBe(auth?.[2]);
    expect(
      acs3Signature({ ...signed, query: { AccessToken: 'other' } }, auth?.[1]?.split(';') ?? [], key.accessKeySecret),
    ).not.toBe(auth?.[2]);
  });

  it('a request signed with another secret, or replayed, is refused by the fake', async () => {
    expect(
      await refusal(adapter({ accessKeySecret: 'wrong' }).phoneOfToken(dypns.tokenFor('13900001235'))),
    ).toMatchObject({
      providerCode: 'aliyun:SignatureDoesNotMatch',
      userMessage: '一键登录失败，请使用验证码登录',
    });
    expect((await refusal(adapter({ accessKeyId: 'LTAIunknown' }).phoneOfToken('t'))).providerCode).toBe(
      'aliyun:InvalidAccessKeyId.NotFound',
    );
    const token = dypns.tokenFor('13900001236');
    await adapter().phoneOfToken(token);
    const sent = dypns.seen.at(-1) as FakeRequest;
    const { host: _host, connection: _connection, 'content-length': _length, ...headers } = sent.headers;
    const resend = (changed: Record<string, string> = {}) =>
      fetch(`${dypns.origin}${sent.url.pathname}${sent.url.search}`, {
        method: sent.method,
        headers: { ...(headers as Record<string, string>), host: String(sent.headers.host), ...changed },
      }).then(async (r) => ((await r.json()) as { Code: string }).Code);
    expect(await resend()).toBe('SignatureNonceUsed');
    expect(await resend({ 'x-acs-signature-nonce': 'another' })).toBe('SignatureDoesNotMatch');
  });

  it('a token serves once: the second is isv.TOKEN_INVALID', async () => {
    const token = dypns.tokenFor('13900001237');
    await adapter().phoneOfToken(token);
    expect(await refusal(adapter().phoneOfToken(token))).toMatchObject({
      providerCode: 'aliyun:isv.TOKEN_INVALID',
      userMessage: '一键登录已失效，请重新获取或使用验证码登录',
    });
  });

  it('answers each documented code, a timeout, garbage and an answer without the phone', async () => {
    const cases: Array<[string, string]> = [
      ['isv.MOBILE_NUMBER_ILLEGAL', '一键登录失败，请使用验证码登录'],
      ['isv.VERIFY_SCHEME_NOT_EXIST', '一键登录失败，请使用验证码登录'],
      ['isv.BUSINESS_LIMIT_CONTROL', '一键登录服务繁忙，请使用验证码登录'],
      ['isp.SYSTEM_ERROR', '一键登录服务繁忙，请使用验证码登录'],
      ['RESOURCE_NOT_ENOUGH', '一键登录失败，请使用验证码登录'],
      ['isv.SOMETHING_NEW', '一键登录失败，请使用验证码登录'],
    ];
    for (const [Code, message] of cases) {
      dypns.fail({ kind: 'json', body: { Code, Message: 'fault', RequestId: 'R' } });
      expect(await refusal(adapter().phoneOfToken('t'))).toMatchObject({
        providerCode: `aliyun:${Code}`,
        userMessage: message,
      });
    }
    dypns.fail({ kind: 'json', status: 503, body: { Code: 'ServiceUnavailable', Message: 'busy', RequestId: 'R' } });
    expect(await refusal(adapter().phoneOfToken('t'))).toMatchObject({
      userMessage: '一键登录服务繁忙，请使用验证码登录',
    });
    dypns.fail({ kind: 'json', body: { Code: 'OK', Message: '请求成功', RequestId: 'R' } });
    expect((await refusal(adapter().phoneOfToken('t'))).providerCode).toBe('aliyun:NoMobile');
    dypns.fail({ kind: 'hang' });
    expect((await refusal(adapter({ timeoutMs: 300 }).phoneOfToken('t'))).userMessage).toBe(
      '一键登录服务繁忙，请使用验证码登录',
    );
    dypns.fail({ kind: 'garbage' });
    expect((await refusal(adapter().phoneOfToken('t'))).userMessage).toBe('一键登录服务繁忙，请使用验证码登录');
  });
});
