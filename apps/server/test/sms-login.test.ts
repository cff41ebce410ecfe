import { phoneLogin, sendSms, userInfo } from '@app/protocol/calls/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectCode,
  freshDatabase,
  type TestApp,
  type TestDatabase,
  useTestApp,
  useTestClient,
} from './helpers';

let phoneSeq = 13900000000;
const nextPhone = () => String(++phoneSeq);

const t = useTestApp();
const client = useTestClient(t, 'H5');

async function outbox(app: TestApp, phone: string): Promise<Array<{ code: string; smsType: string }>> {
  return (await app.app.inject({ method: 'GET', url: `/dev/sms/outbox?phone=${phone}` })).json().data;
}

describe('SMS login', () => {
  it('sends a 4-digit code and logs in with it, once', async () => {
    const phone = nextPhone();
    const sent = await client.call(sendSms, { phone, smsType: 'phoneLogin' });
    expectCode(sent, '200');
    const [message] = await outbox(t, phone);
    expect(message?.code).toMatch(/^\d{4}$/);
    const login = await client.call(phoneLogin, { phone, code: message!.code, package: 'game' });
    expectCode(login, '200');
    const { token, mobile } = login.data as { token: string; mobile: string };
    expect(mobile).toBe(phone);
    expectCode(await client.call(userInfo, {}, { token }), '200');
    expectCode(await client.call(phoneLogin, { phone, code: message!.code }), '20102');
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    expectCode(await client.call(sendSms, { phone: '', smsType: 'phoneLogin' }), '10002', '请填写手机号');
    expectCode(
      await client.call(sendSms, { phone: '12800000000', smsType: 'phoneLogin' }),
      '10002',
      '请正确填写您的手机号码',
    );
    expectCode(await client.call(phoneLogin, { phone: nextPhone(), code: '12' }), '10002', '请填写4位的正确验证码');
  });

  it('enforces the 60 s cooldown on the server', async () => {
    const phone = nextPhone();
    expectCode(await client.call(sendSms, { phone, smsType: 'phoneLogin' }), '200');
    const again = await client.call(sendSms, { phone, smsType: 'phoneLogin' });
    expectCode(again, '10005');
    expect(again.msg).toMatch(/^发送过于频繁，请\d+秒后再试$/);
    expect(await outbox(t, phone)).toHaveLength(1);
  });

  it('burns a code after 5 wrong tries: the 6th try fails even with the right code', async () => {
    const phone = nextPhone();
    await client.call(sendSms, { phone, smsType: 'phoneLogin' });
    const [message] = await outbox(t, phone);
    const wrong = message!.code === '0000' ? '1111' : '0000';
    for (let i = 1; i <= 4; i++) expectCode(await client.call(phoneLogin, { phone, code: wrong }), '20101');
    expectCode(await client.call(phoneLogin, { phone, code: wrong }), '20103');
    expectCode(
      await client.call(phoneLogin, { phone, code: message!.code }),
      '20103',
      '验证码错误次数过多，请重新获取',
    );
  });

  it('lets exactly one of two racing logins use a code', async () => {
    const phone = nextPhone();
    await client.call(sendSms, { phone, smsType: 'phoneLogin' });
    const [message] = await outbox(t, phone);
    const results = await Promise.all([1, 2, 3].map(() => client.call(phoneLogin, { phone, code: message!.code })));
    expect(results.filter((r) => r.code === '200')).toHaveLength(1);
  });

  it('stops a client address at its hourly cap', async () => {
    const app = await createTestApp();
    const c = await app.client('H5');
    const codes: string[] = [];
    for (let i = 0; i < 21; i++)
      codes.push((await c.call(sendSms, { phone: nextPhone(), smsType: 'phoneLogin' })).code);
    expect(codes.slice(0, 20).every((code) => code === '200')).toBe(true);
    expect(codes[20]).toBe('20104');
    await app.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('SMS with Redis', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.drop());

  it('keeps the cooldown across two server processes', async () => {
    const shared = { REDIS_URL: redisUrl as string, REDIS_PREFIX: `t${Date.now()}:` };
    const a = await createTestApp(shared, database);
    const b = await createTestApp(shared, database);
    const phone = String(13700000000 + Math.floor(Math.random() * 99_999_999));
    expectCode(await (await a.client('H5')).call(sendSms, { phone, smsType: 'phoneLogin' }), '200');
    expectCode(await (await b.client('H5')).call(sendSms, { phone, smsType: 'phoneLogin' }), '10005');
    await a.close();
    await b.close();
  });
});
