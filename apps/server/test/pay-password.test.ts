import { identification } from '@app/protocol/calls/identity';
import { payPasswordReset, payPasswordSet, payPasswordStatus } from '@app/protocol/calls/pay-password';
import { sendSms } from '@app/protocol/calls/user';
import { extractSave } from '@app/protocol/calls/withdrawal';
import { formatDateTime } from '@app/protocol/format';
import { describe, expect, it } from 'vitest';
import { Accounts, balanceOf, transfer } from '../src/modules/ledger/ledger';
import { expectCode, idNumber, loginAs, smsOutbox, useTestApp, useTestClient } from './helpers';

const t = useTestApp();
const app = useTestClient(t, 'APP');

async function person(phone: string, verified = true) {
  const { token, uid } = await loginAs(t, phone);
  const userId = (await t.db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow()).id;
  if (verified)
    expectCode(
      await app.call(identification, { realName: '林支付', idCard: idNumber('19900505', phone.slice(-3)) }, { token }),
      '200',
    );
  const code = async () => {
    await app.call(sendSms, { smsType: 'verifyCode', phone: 'auto' }, { token });
    return (await smsOutbox(t, phone)).filter((m) => m.smsType === 'verifyCode').at(-1)?.code as string;
  };
  return { token, userId, code };
}

const message = async (run: Promise<void>) => run.then(() => 'ok').catch((e: Error) => e.message);

describe('the payment password (支付密码)', () => {
  it('is set once with an SMS code, refuses weak or malformed pins, and counts wrong tries down to a lock', async () => {
    const p = await person('13900006101');
    const pay = (pin: string) => message(t.app.payPassword.requirePayPassword(p.userId, pin));
    expect(await pay('135790')).toBe('请先设置支付密码');
    expectCode(
      await app.call(payPasswordSet, { code: '12', pin: '135790' }, { token: p.token }),
      '10002',
      '请填写4位的正确验证码',
    );
    expectCode(
      await app.call(payPasswordSet, { code: await p.code(), pin: '123456' }, { token: p.token }),
      '10002',
      '支付密码不能是相同或连续的数字',
    );
    expectCode(
      await app.call(payPasswordSet, { code: await p.code(), pin: '12345' }, { token: p.token }),
      '10002',
      '支付密码须为6位数字',
    );
    expectCode(await app.call(payPasswordSet, { code: '1234', pin: '135790' }, { token: p.token }), '20101');
    expectCode(await app.call(payPasswordSet, { code: await p.code(), pin: '135790' }, { token: p.token }), '200');
    expectCode(
      await app.call(payPasswordSet, { code: await p.code(), pin: '246801' }, { token: p.token }),
      '10002',
      '已设置支付密码，忘记密码请通过实名信息重置',
    );
    const row = await t.db
      .selectFrom('pay_passwords')
      .select('hash')
      .where('user_id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect(row.hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row.hash).not.toContain('135790');
    expect(await pay('135790')).toBe('ok');
    expect(await pay('000001')).toBe('支付密码错误，还可尝试4次');
    expect(await pay('135790')).toBe('ok');
    for (const left of [4, 3, 2, 1]) expect(await pay('999990')).toBe(`支付密码错误，还可尝试${left}次`);
    expect(await pay('999990')).toBe('支付密码错误次数过多，已锁定，请180分钟后再试');
    expect(await pay('135790')).toBe('支付密码已锁定，请180分钟后再试');
    const status = (await app.call(payPasswordStatus, {}, { token: p.token })).data as {
      set: boolean;
      triesLeft: number;
      lockedUntil: number;
    };
    expect(status).toMatchObject({ set: true, triesLeft: 0, withdrawalHeldUntil: null });
    expect(status.lockedUntil).toBeGreaterThan(Date.now() / 1000 + 179 * 60);
  });

  it('gives no sixth try to two attempts racing at the lockout edge', async () => {
    const p = await person('13900006102');
    expectCode(await app.call(payPasswordSet, { code: await p.code(), pin: '135790' }, { token: p.token }), '200');
    const pay = (pin: string) => message(t.app.payPassword.requirePayPassword(p.userId, pin));
    for (let i = 0; i < 4; i++) await pay('999990');
    // The fifth wrong try and the right pin at once: whichever goes first, the right one never passes after a fifth wrong one.
    const [wrong, right] = await Promise.all([pay('999990'), pay('135790')]);
    if (right === 'ok') expect(wrong).toBe('支付密码错误，还可尝试4次');
    else {
      expect(wrong).toBe('支付密码错误次数过多，已锁定，请180分钟后再试');
      expect(right).toBe('支付密码已锁定，请180分钟后再试');
    }
    // Two wrong tries at the edge: one locks it, the other finds it locked (no sixth count).
    const q = await person('13900006103');
    expectCode(await app.call(payPasswordSet, { code: await q.code(), pin: '135790' }, { token: q.token }), '200');
    const payQ = (pin: string) => message(t.app.payPassword.requirePayPassword(q.userId, pin));
    for (let i = 0; i < 4; i++) await payQ('999990');
    expect((await Promise.all([payQ('999990'), payQ('999991'), payQ('135790')])).sort()).toEqual([
      '支付密码已锁定，请180分钟后再试',
      '支付密码已锁定，请180分钟后再试',
      '支付密码错误次数过多，已锁定，请180分钟后再试',
    ]);
  });

  it('is reset with the SMS code and the verified real name and ID number, replacing the old one and holding withdrawals 24 h', async () => {
    const p = await person('13900006104');
    expect(await t.app.payPassword.securityChangedAt(p.userId)).toBeNull();
    const idCard = idNumber('19900505', '104');
    const code = await p.code();
    const reset = (input: Record<string, string>) =>
      app.call(payPasswordReset, { code, realName: '林支付', idCard, pin: '864209', ...input } as never, {
        token: p.token,
      });
    expectCode(await reset({ realName: '林支' }), '10002', '姓名或身份证号与实名认证信息不一致');
    expectCode(await reset({ idCard: idNumber('19900505', '105') }), '10002', '姓名或身份证号与实名认证信息不一致');
    const done = await reset({});
    expectCode(done, '200');
    expectCode(await reset({}), '20102');
    const held = (done.data as { withdrawalHeldUntil: number }).withdrawalHeldUntil;
    expect(held).toBeGreaterThan(Date.now() / 1000 + 23.9 * 3600);
    expect(await message(t.app.payPassword.requirePayPassword(p.userId, '135790'))).toBe('支付密码错误，还可尝试4次');
    expect(await message(t.app.payPassword.requirePayPassword(p.userId, '864209'))).toBe('ok');
    const until = await t.app.payPassword.withdrawalHeldUntil(p.userId);
    expect(Math.floor((until as Date).getTime() / 1000)).toBe(held);
    // A withdrawal with the new pin waits out the hold: refused with when, nothing reserved (paypin).
    await transfer(t.db, {
      key: 'pin-reset-topup',
      debit: Accounts.gateway('topup-test'),
      credit: Accounts.userAvailable(p.userId),
      amount: 20_000,
      code: 'topup',
    });
    expectCode(
      await app.call(
        extractSave,
        { amount: 10_000, accountNo: '13900006104', accountName: '林支付', payPassword: '864209' },
        { token: p.token },
      ),
      '10002',
      `安全设置变更后24小时内不能提现，请于${formatDateTime((until as Date).getTime())}后再试`,
    );
    expect(await balanceOf(t.db, Accounts.userAvailable(p.userId))).toMatchObject({ available: 20_000, reserved: 0 });
    const unverified = await person('13900006105', false);
    expectCode(
      await app.call(
        payPasswordReset,
        { code: await unverified.code(), realName: '林支付', idCard, pin: '864209' },
        { token: unverified.token },
      ),
      '10002',
      '姓名或身份证号与实名认证信息不一致',
    );
  });
});
