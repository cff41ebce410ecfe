import { salePreCheck } from '@app/protocol/calls/exchange-sale';
import { identification } from '@app/protocol/calls/identity';
import { appConsignmentSMSVerifyCode } from '@app/protocol/calls/market';
import { bindPhone, sendSms } from '@app/protocol/calls/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession } from '../src/platform/auth/sessions';
import { createTestApp, expectCode, idNumber, loginAs, smsOutbox, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.client('APP');
});
afterAll(() => t.close());

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
