import { checkAuthentication, identification } from '@app/protocol/calls/identity';
import { userInfo } from '@app/protocol/calls/user';
import { describe, expect, it } from 'vitest';
import { expectCode, idNumber, loginAs, useTestApp, useTestClient } from './helpers';

const today = new Date(Date.now() + 8 * 3_600_000);
const ymd = (y: number) =>
  `${y}${String(today.getUTCMonth() + 1).padStart(2, '0')}${String(today.getUTCDate()).padStart(2, '0')}`;

const t = useTestApp();
const client = useTestClient(t, 'H5');

describe('real-name verification', () => {
  it('refuses a wrong checksum, a minor and empty fields with their messages', async () => {
    const { token } = await loginAs(t, '13500000001');
    const valid = idNumber('19900307');
    const broken = valid.slice(0, 17) + (valid[17] === '1' ? '2' : '1');
    expectCode(
      await client.call(identification, { realName: '张三', idCard: broken }, { token }),
      '10002',
      '身份证号格式不正确',
    );
    expectCode(await client.call(identification, { realName: '', idCard: valid }, { token }), '10002', '请输入实名');
    expectCode(
      await client.call(identification, { realName: '张三', idCard: '' }, { token }),
      '10002',
      '请输入身份证号',
    );
    // 18 tomorrow is still a minor today; 18 today is an adult.
    const tomorrow = new Date(today.getTime() + 86_400_000);
    const almost = `${today.getUTCFullYear() - 18}${String(tomorrow.getUTCMonth() + 1).padStart(2, '0')}${String(tomorrow.getUTCDate()).padStart(2, '0')}`;
    if (tomorrow.getUTCFullYear() === today.getUTCFullYear()) {
      expectCode(
        await client.call(identification, { realName: '张三', idCard: idNumber(almost) }, { token }),
        '10002',
        '未成年人禁止参与虚拟物品交易',
      );
    }
    expect((await client.call(checkAuthentication, {}, { token })).data).toEqual({
      hasAuthentication: '0',
      realName: '',
      idCard: '',
    });
    expectCode(
      await client.call(
        identification,
        { realName: '张三', idCard: idNumber(ymd(today.getUTCFullYear() - 18)) },
        { token },
      ),
      '200',
    );
  });

  it('answers only masked values and stores nothing in the clear', async () => {
    const { token } = await loginAs(t, '13500000002');
    const id = idNumber('19850612', '123');
    const res = await client.call(identification, { realName: '欧阳娜娜', idCard: id.toLowerCase() }, { token });
    expectCode(res, '200');
    expect(res.data).toEqual({
      hasAuthentication: '1',
      realName: '欧***',
      idCard: `${id.slice(0, 4)}**********${id.slice(-4)}`,
    });
    expect((await client.call(checkAuthentication, {}, { token })).data).toEqual(res.data);
    expect(((await client.call(userInfo, {}, { token })).data as { hasAuthentication: string }).hasAuthentication).toBe(
      '1',
    );
    const stored = JSON.stringify(await t.db.selectFrom('identities').selectAll().execute());
    expect(stored).not.toContain(id);
    expect(stored).not.toContain('欧阳娜娜');
    expectCode(
      await client.call(identification, { realName: '欧阳娜娜', idCard: id }, { token }),
      '10002',
      '您已完成实名认证，无需重复认证',
    );
  });

  it('lets one ID number verify at most three accounts', async () => {
    const id = idNumber('19770101', '555');
    for (let i = 0; i < 3; i++) {
      const { token } = await loginAs(t, `1350000010${i}`);
      expectCode(await client.call(identification, { realName: '李四', idCard: id }, { token }), '200');
    }
    const { token } = await loginAs(t, '13500000199');
    expectCode(
      await client.call(identification, { realName: '李四', idCard: id }, { token }),
      '10002',
      '该身份证已认证3个账号，无法继续认证',
    );
  });
});
