import { commodityList } from '@app/protocol/calls/exchange';
import { checkVersion } from '@app/protocol/calls/system';
import { userInfo } from '@app/protocol/calls/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrCreateUserByMobile } from '../src/modules/user/user.service';
import { issueSession } from '../src/platform/auth/sessions';
import { createTestApp, expectCode, freshDatabase, type TestDatabase, useTestApp, useTestClient } from './helpers';

const t = useTestApp();
const client = useTestClient(t, 'APP');

describe('maintenance and environments', () => {
  it('reads the maintenance switch from the database', async () => {
    const on = await t.app.inject({ method: 'POST', url: '/dev/maintenance', payload: { updating: 1 } });
    expect(on.json().code).toBe('200');
    expect((await client.call(checkVersion, {})).data).toMatchObject({
      updating: 1,
      maintenanceMessage: '系统维护中，请稍后再来',
    });
    await t.app.inject({ method: 'POST', url: '/dev/maintenance', payload: { updating: 0 } });
    expect((await client.call(checkVersion, {})).data).toMatchObject({ updating: 0 });
  });

  it('refuses a malformed maintenance switch', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/dev/maintenance', payload: { updating: 2 } });
    expect(res.json().code).toBe('10002');
  });

  // One database for the environments' apps, one after another (a fresh one each cost seconds on PGlite).
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.drop());

  it('shifts pre to production and development to pre for gray clients', async () => {
    for (const [env, gray, expected] of [
      ['pre', true, 'production'],
      ['pre', false, 'pre'],
      ['development', true, 'pre'],
      ['production', true, 'production'],
    ] as const) {
      const app = await createTestApp({ APP_ENV: env }, database);
      const c = await app.client('H5');
      const res = await c.call(checkVersion, {}, { headers: gray ? { 'x-env': 'gray' } : {} });
      expect(res.data).toMatchObject({ env: expected, gray });
      await app.close();
    }
  });

  it('has no test hooks in production', async () => {
    const app = await createTestApp({ APP_ENV: 'production' }, database);
    const res = await app.app.inject({ method: 'POST', url: '/dev/maintenance', payload: { updating: 1 } });
    expect(res.statusCode).toBe(404);
    await app.close();
  });
});

describe('access levels', () => {
  it('asks for a token on df calls', async () => {
    expectCode(await client.call(userInfo, {}), '50000');
    expectCode(await client.call(userInfo, {}, { token: 'made-up-token' }), '20118');
  });

  it('answers the user of a live session, masked', async () => {
    const user = await findOrCreateUserByMobile(t.db, '13800000001');
    const token = await issueSession(t.db, user.id, 'APP', 30);
    const res = await client.call(userInfo, {}, { token });
    expectCode(res, '200');
    expect(res.data).toMatchObject({ uid: user.uid, mobile: '138****0001', hasAuthentication: '0' });
  });

  it('answers 20118 once a session has expired', async () => {
    const user = await findOrCreateUserByMobile(t.db, '13800000002');
    const token = await issueSession(t.db, user.id, 'APP', 30);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expectCode(await client.call(userInfo, {}, { token }), '20118', '登录已过期，请重新登录');
  });
});

describe('commodityList', () => {
  it("answers 'AppId异常' without X-AppId", async () => {
    expectCode(await client.call(commodityList, { page: 1 }), '10003', 'AppId异常');
  });

  it('lists with X-AppId, encrypted (data.data) and plain', async () => {
    await t.db
      .insertInto('commodities')
      .values({
        type: 1,
        title: '95级战士 全套神装',
        application_id: 'demo',
        game_name: '传奇',
        server_id: 's1',
        server_name: '一区',
        role_name: '战神',
        role_class_name: '战士',
        role_level: 95,
        coin_type_name: null,
        coin_num: null,
        first_img: '',
        price_fen: 128_800,
        sale_type: 0,
        auction_enable: 0,
        status: 1,
      })
      .execute();
    const sealed = await client.call(commodityList, { page: 1, pageSize: 10 }, { headers: { 'x-appid': 'demo' } });
    expectCode(sealed, '200');
    expect(sealed.data).toMatchObject({
      hasMore: false,
      list: [{ title: '95级战士 全套神装', price: 128_800, roleLevel: 95 }],
    });
    const plain = await client.call(
      commodityList,
      { page: 1, pageSize: 10, type: undefined },
      { encrypt: false, headers: { 'x-appid': 'demo' } },
    );
    expect(plain.data).toMatchObject({ hasMore: false, list: [{ price: 128_800 }] });
    const other = await client.call(commodityList, { page: 1 }, { headers: { 'x-appid': 'another-game' } });
    expect(other.data).toMatchObject({ hasMore: false, list: [] });
  });

  it('refuses a page size out of range with a clear message', async () => {
    const res = await client.call(commodityList, { page: 1, pageSize: 500 }, { headers: { 'x-appid': 'demo' } });
    expectCode(res, '10002');
    expect(res.msg).toMatch(/参数错误/);
  });
});
