import { oneClickLogin, qqAppLogin, userInfo, wxAppLogin } from '@app/protocol/calls/user';
import { describe, expect, it } from 'vitest';
import { expectCode, useTestApp, useTestClient } from './helpers';

const t = useTestApp();
const client = useTestClient(t, 'APP');

const codeFor = async (provider: string, value: string): Promise<string> =>
  (await t.app.inject({ method: 'POST', url: '/dev/oauth/code', payload: { provider, value } })).json().data.code;

describe('third-party sign-in (sandbox providers)', () => {
  it('creates one account per WeChat user, without a phone, and finds it again', async () => {
    const first = await client.call(wxAppLogin, { code: await codeFor('wx', 'wx-openid-1') });
    expectCode(first, '200');
    expect(first.data).toMatchObject({ mobile: '' });
    const again = await client.call(wxAppLogin, { code: await codeFor('wx', 'wx-openid-1') });
    expect((again.data as { uid: string }).uid).toBe((first.data as { uid: string }).uid);
    const qq = await client.call(qqAppLogin, { code: await codeFor('qq', 'wx-openid-1') });
    expect((qq.data as { uid: string }).uid).not.toBe((first.data as { uid: string }).uid);
    expectCode(await client.call(userInfo, {}, { token: (first.data as { token: string }).token }), '200');
  });

  it('refuses a forged, reused or cross-provider code', async () => {
    const code = await codeFor('wx', 'wx-openid-2');
    expectCode(await client.call(wxAppLogin, { code: `${code}x` }), '10002', '授权失败，请重试');
    expectCode(await client.call(qqAppLogin, { code }), '10002', '授权失败，请重试');
    expectCode(await client.call(wxAppLogin, { code }), '200');
    expectCode(await client.call(wxAppLogin, { code }), '10002', '授权失败，请重试');
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
