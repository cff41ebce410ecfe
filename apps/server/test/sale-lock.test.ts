import { h5sdkSalePreCheck, salePreCheck } from '@app/protocol/calls/exchange-sale';
import { gameTokenLogin } from '@app/protocol/calls/game';
import { identification } from '@app/protocol/calls/identity';
import { appConsignmentSMSVerifyCode, h5sdkVerifyCode } from '@app/protocol/calls/market';
import { bindPhone, sendSms, userAccountDetail } from '@app/protocol/calls/user';
import { describe, expect, it } from 'vitest';
import { issueSession } from '../src/platform/auth/sessions';
import { expectCode, idNumber, leaveGame, loginAs, smsOutbox, useTestApp, useTestClient } from './helpers';

const t = useTestApp();
const client = useTestClient(t, 'APP');

describe('selling prerequisites and the sale lock', () => {
  it('walks bound phone → real name → 30315 → unlocked', async () => {
    // An account without a phone (as a third-party login would create).
    const user = await t.db
      .insertInto('users')
      .values({ uid: '70000001', mobile: null, nickname: '玩家', avatar: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await issueSession(t.db, user.id, 'APP', 1);
    expect((await client.call(salePreCheck, {}, { token })).data).toMatchObject({ step: 'bindPhone' });

    const phone = '13300000001';
    await client.call(sendSms, { smsType: 'phoneLogin', phone });
    const [bindCode] = await smsOutbox(t, phone);
    expectCode(await client.call(bindPhone, { phone, code: bindCode!.code }, { token }), '200');
    expect((await client.call(salePreCheck, {}, { token })).data).toMatchObject({ step: 'authentication' });

    expectCode(
      await client.call(identification, { realName: '王五', idCard: idNumber('19900101', '777') }, { token }),
      '200',
    );
    expectCode(await client.call(salePreCheck, {}, { token }), '30315');

    expectCode(await client.call(sendSms, { smsType: 'verifyCode', phone: 'auto' }, { token }), '200');
    const [unlock] = (await smsOutbox(t, phone)).filter((m) => m.smsType === 'verifyCode');
    const wrong = unlock!.code === '0000' ? '1111' : '0000';
    expect((await client.call(appConsignmentSMSVerifyCode, { code: wrong }, { token })).data).toBe(false);
    expectCode(await client.call(salePreCheck, {}, { token }), '30315');
    expect((await client.call(appConsignmentSMSVerifyCode, { code: unlock!.code }, { token })).data).toBe(true);
    const ready = (await client.call(salePreCheck, {}, { token })).data as { step: string; unlockedUntil: number };
    expect(ready.step).toBe('ready');
    expect(ready.unlockedUntil - Date.now() / 1000).toBeGreaterThan(29 * 60);
    // The code was used once.
    expect((await client.call(appConsignmentSMSVerifyCode, { code: unlock!.code }, { token })).data).toBe(false);
  });

  it('refuses to bind a phone that belongs to another account', async () => {
    await loginAs(t, '13300000002');
    const user = await t.db
      .insertInto('users')
      .values({ uid: '70000002', mobile: null, nickname: '玩家', avatar: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await issueSession(t.db, user.id, 'APP', 1);
    await client.call(sendSms, { smsType: 'phoneLogin', phone: '13300000002' });
    const [code] = await smsOutbox(t, '13300000002');
    expectCode(
      await client.call(bindPhone, { phone: '13300000002', code: code!.code }, { token }),
      '10002',
      '该手机号已绑定其他账号',
    );
  });
});

describe('selling from inside the game', () => {
  it('adds the last step: the role must be online', async () => {
    const info = (
      await t.app.inject({
        method: 'POST',
        url: '/demo-game/api/login',
        payload: { account: 'player2', password: 'demo123' },
      })
    ).json().data;
    const pt = { gameId: info.gameId, gameToken: info.gameToken, serverId: info.serverId };
    const sdk = await t.client('H5SDK');
    const { token } = (await sdk.call(gameTokenLogin, pt)).data as { token: string };
    expect((await sdk.call(h5sdkSalePreCheck, pt, { token })).data).toMatchObject({ step: 'bindPhone' });
    const phone = '13300000077';
    await sdk.call(sendSms, { smsType: 'phoneLogin', phone });
    const [bind] = await smsOutbox(t, phone);
    expectCode(await sdk.call(bindPhone, { phone, code: bind!.code }, { token }), '200');
    expectCode(
      await sdk.call(identification, { realName: '孙七', idCard: idNumber('19850505', '888') }, { token }),
      '200',
    );
    expectCode(await sdk.call(h5sdkSalePreCheck, pt, { token }), '30315');
    await sdk.call(sendSms, { smsType: 'verifyCode', phone: 'auto' }, { token });
    const unlock = (await smsOutbox(t, phone)).find((m) => m.smsType === 'verifyCode');
    expect(
      (await sdk.call(h5sdkVerifyCode, { ...pt, code: unlock!.code === '0000' ? '1111' : '0000' }, { token })).data,
    ).toBe(false);
    expect((await sdk.call(h5sdkVerifyCode, { ...pt, code: unlock!.code }, { token })).data).toBe(true);
    expect((await sdk.call(h5sdkSalePreCheck, pt, { token })).data).toMatchObject({ step: 'ready' });
    const detail = (await sdk.call(userAccountDetail, {}, { token })).data as Record<string, unknown>;
    expect(detail).toMatchObject({
      mobile: '133****0077',
      hasAuthentication: '1',
      realName: '孙*',
      linkedAccounts: [{ provider: 'game:demo-legend' }],
    });
    expect(Number(detail.saleUnlockedUntil)).toBeGreaterThan(Date.now() / 1000);
    await leaveGame(t, info.gameToken);
    expectCode(await sdk.call(h5sdkSalePreCheck, pt, { token }), '10002', '角色已掉线，请重新登录游戏再次尝试');
  });
});
