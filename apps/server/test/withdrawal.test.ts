import { identification } from '@app/protocol/calls/identity';
import { payPasswordStatus } from '@app/protocol/calls/pay-password';
import { userAccountDetail } from '@app/protocol/calls/user';
import {
  extractCancel,
  extractConfig,
  extractPage,
  extractSave,
  extractUserInfo,
} from '@app/protocol/calls/withdrawal';
import { formatDateTime } from '@app/protocol/format';
import { describe, expect, it } from 'vitest';
import { Accounts, balanceOf, transfer } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { payoutChannels } from '../src/modules/withdrawal/payout-channel';
import { createSandboxPayout } from '../src/modules/withdrawal/payout-provider';
import { sweepWithdrawals } from '../src/modules/withdrawal/withdrawal-payout';
import { createPiiCipher } from '../src/platform/crypto/pii';
import { ensureSecret } from '../src/platform/secrets';
import { expectCode, idNumber, loginAs, setPayPin, TEST_PAY_PIN, useTestApp, useTestClient } from './helpers';

const t = useTestApp();
const app = useTestClient(t, 'APP');

describe('withdrawal', () => {
  it('needs the real name on the payout account, freezes the amount for review, cancels, pays out, fails back', async () => {
    const { token, uid } = await loginAs(t, '13900007777');
    const user = await t.db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow();
    await setPayPin(t, user.id);
    const save = (input: Record<string, unknown>) =>
      app.call(
        extractSave,
        {
          amount: 10_000,
          accountNo: '13900007777',
          accountName: '林小雨',
          payPassword: TEST_PAY_PIN,
          ...input,
        } as never,
        { token },
      );
    expectCode(await save({}), '10002', '请先完成实名认证');
    expectCode(
      await app.call(identification, { realName: '林小雨', idCard: idNumber('19920202', '778') }, { token }),
      '200',
    );
    await transfer(t.db, {
      key: 'wd-test-topup',
      debit: Accounts.gateway('topup-test'),
      credit: Accounts.userAvailable(user.id),
      amount: 50_000,
      code: 'topup',
    });

    expectCode(await save({ accountName: '林小云' }), '10002', '收款账户姓名与实名认证姓名不一致，无法发起提现');
    expectCode(await save({ accountNo: 'abc' }), '10002', '请输入正确的支付宝账号（手机号或邮箱）');
    expectCode(await save({ amount: 999 }), '10002', '单笔提现金额不能低于¥10.00');
    expectCode(await save({ amount: 50_001 }), '10002', '可提现余额不足');
    expect((await app.call(extractConfig, {}, { token })).data).toMatchObject({
      minAmount: 1_000,
      feePercent: 0.1,
      minFee: 100,
    });

    const first = (await save({})).data as {
      id: string;
      status: string;
      fee: number;
      arrival: number;
      accountNo: string;
      accountName: string;
    };
    expect(first).toMatchObject({
      status: 'reviewing',
      fee: 100,
      arrival: 9_900,
      accountNo: '139****7777',
      accountName: '林**',
    });
    expect((await app.call(extractUserInfo, {}, { token })).data).toEqual({
      hasAuthentication: true,
      realName: '林**',
      available: 40_000,
      frozen: 10_000,
      pending: 0,
      // The sandbox pays both; WeChat only to a user with WeChat bound (this one signed in by phone).
      accountTypes: ['alipay'],
    });
    expect((await app.call(extractCancel, { id: first.id }, { token })).data).toMatchObject({
      status: 'cancelled',
      statusLabel: '已取消',
    });
    expectCode(await app.call(extractCancel, { id: first.id }, { token }), '10002', '提现已进入打款流程，无法取消');
    expect((await balanceOf(t.db, Accounts.userAvailable(user.id))).available).toBe(50_000);

    const second = (await save({ amount: 20_000 })).data as { id: string; fee: number };
    expect(second.fee).toBe(100);
    const deps = {
      db: t.db,
      pii: createPiiCipher(await ensureSecret(t.db, 'piiKey')),
      payouts: payoutChannels({ alipay: createSandboxPayout() }),
      realNameIs: async () => true,
      hasAuthentication: async () => true,
      reviewSeconds: 30,
    };
    // An account the provider refuses (asked before any payout was paid: no payout account to change yet).
    const third = (await save({ amount: 5_000, accountNo: '13900000000' })).data as { id: string };
    expect(await sweepWithdrawals(deps)).toBe(0);
    expect(await sweepWithdrawals(deps, Date.now() + 31_000)).toBe(1);
    expect(await sweepWithdrawals(deps, Date.now() + 31_000)).toBe(0);
    expectCode(await app.call(extractCancel, { id: second.id }, { token }), '10002', '提现已进入打款流程，无法取消');
    expect(await balanceOf(t.db, Accounts.userAvailable(user.id))).toMatchObject({
      available: 30_000,
      reserved: 0,
      posted: 30_000,
    });
    expect((await balanceOf(t.db, Accounts.payout('sandbox'))).posted).toBe(19_900);

    // The provider refused the account: the request failed and the money is available again.
    const list = (await app.call(extractPage, {}, { token })).data as {
      list: Array<{ id: string; status: string; reason: string }>;
    };
    expect(list.list.find((w) => w.id === third.id)).toMatchObject({
      status: 'failed',
      reason: '收款账户不存在或已冻结，金额已退回余额',
    });
    expect((await balanceOf(t.db, Accounts.userAvailable(user.id))).available).toBe(30_000);
    expect(((await app.call(userAccountDetail, {}, { token })).data as { balance: unknown }).balance).toEqual({
      available: 30_000,
      frozen: 0,
      pending: 0,
    });
    // Three requests a day (cancelled ones not counted): second, third, and one more.
    expectCode(await save({ amount: 1_000 }), '200');
    expectCode(await save({ amount: 1_000 }), '10002', '每天最多提现3次');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('asks the payment password, holds withdrawals 24 h after a security change, and takes another account as a payout account change', async () => {
    const { token, uid } = await loginAs(t, '13900007788');
    const user = await t.db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow();
    expectCode(
      await app.call(identification, { realName: '林小舟', idCard: idNumber('19920303', '781') }, { token }),
      '200',
    );
    await transfer(t.db, {
      key: 'wd-pin-topup',
      debit: Accounts.gateway('topup-test'),
      credit: Accounts.userAvailable(user.id),
      amount: 60_000,
      code: 'topup',
    });
    const save = (input: Record<string, unknown>) =>
      app.call(extractSave, { amount: 10_000, accountNo: '13900007788', accountName: '林小舟', ...input } as never, {
        token,
      });
    const balance = () => balanceOf(t.db, Accounts.userAvailable(user.id));
    const start = await balance();
    expectCode(await save({ payPassword: TEST_PAY_PIN }), '10002', '请先设置支付密码');
    await setPayPin(t, user.id);
    expectCode(await save({}), '10002', '请输入支付密码');
    expectCode(await save({ payPassword: '000001' }), '10002', '支付密码错误，还可尝试4次');
    expect(await balance()).toEqual(start);
    expect(await t.db.selectFrom('withdrawals').select('id').where('user_id', '=', user.id).execute()).toEqual([]);

    // Paid to the first account; the same account again is no change.
    const first = (await save({ payPassword: TEST_PAY_PIN })).data as { id: string };
    const deps = {
      db: t.db,
      pii: createPiiCipher(await ensureSecret(t.db, 'piiKey')),
      payouts: payoutChannels({ alipay: createSandboxPayout() }),
      realNameIs: async () => true,
      hasAuthentication: async () => true,
      reviewSeconds: 30,
    };
    // (The sweep pays every user's due requests: each test looks at its user's own.)
    const statuses = async () =>
      ((await app.call(extractPage, {}, { token })).data as { list: Array<{ id: string; status: string }> }).list.map(
        (w) => [w.id, w.status],
      );
    await sweepWithdrawals(deps, Date.now() + 31_000);
    expect(await statuses()).toEqual([[first.id, 'paid']]);
    const changes = () => t.db.selectFrom('security_changes').select('kind').where('user_id', '=', user.id).execute();
    expect(await changes()).toEqual([]);

    // Another account: a payout account change, recorded; this payout waits out the hold.
    const moved = (await save({ amount: 5_000, accountNo: 'lin@example.com', payPassword: TEST_PAY_PIN })).data as {
      id: string;
      status: string;
    };
    expect(moved.status).toBe('reviewing');
    expect(await changes()).toEqual([{ kind: 'payoutAccountChanged' }]);
    await sweepWithdrawals(deps, Date.now() + 31_000);
    expect(await statuses()).toEqual([
      [moved.id, 'reviewing'],
      [first.id, 'paid'],
    ]);
    const held = (await app.call(payPasswordStatus, {}, { token })).data as { withdrawalHeldUntil: number };
    expect(held.withdrawalHeldUntil).toBeGreaterThan(Date.now() / 1000 + 23.9 * 3600);
    // Meanwhile every other withdrawal is refused, whatever the account, and nothing is reserved.
    const before = await balance();
    const until = formatDateTime(held.withdrawalHeldUntil * 1000);
    expectCode(
      await save({ payPassword: TEST_PAY_PIN }),
      '10002',
      `安全设置变更后24小时内不能提现，请于${until}后再试`,
    );
    expect(await balance()).toEqual(before);
    // Once the hold is over the held payout goes (the sweep's clock a day on).
    await sweepWithdrawals(deps, Date.now() + 24 * 3_600_000 + 1_000);
    expect((await statuses())[0]).toEqual([moved.id, 'paid']);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
