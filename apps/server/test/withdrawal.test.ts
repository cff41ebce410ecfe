import { identification } from '@app/protocol/calls/identity';
import { userAccountDetail } from '@app/protocol/calls/user';
import {
  extractCancel,
  extractConfig,
  extractPage,
  extractSave,
  extractUserInfo,
} from '@app/protocol/calls/withdrawal';
import { describe, expect, it } from 'vitest';
import { Accounts, balanceOf, transfer } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { createSandboxPayout } from '../src/modules/withdrawal/payout-provider';
import { sweepWithdrawals } from '../src/modules/withdrawal/withdrawal-payout';
import { createPiiCipher } from '../src/platform/crypto/pii';
import { ensureSecret } from '../src/platform/secrets';
import { expectCode, idNumber, loginAs, useTestApp, useTestClient } from './helpers';

const t = useTestApp();
const app = useTestClient(t, 'APP');

describe('withdrawal', () => {
  it('needs the real name on the payout account, freezes the amount for review, cancels, pays out, fails back', async () => {
    const { token, uid } = await loginAs(t, '13900007777');
    const user = await t.db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow();
    const save = (input: Record<string, unknown>) =>
      app.call(extractSave, { amount: 10_000, accountNo: '13900007777', accountName: '林小雨', ...input } as never, {
        token,
      });
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
      payout: createSandboxPayout(),
      realNameIs: async () => true,
      hasAuthentication: async () => true,
      reviewSeconds: 30,
    };
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

    // The provider refuses the account: the request fails and the money is available again.
    const third = (await save({ amount: 5_000, accountNo: '13900000000' })).data as { id: string };
    await sweepWithdrawals(deps, Date.now() + 31_000);
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
});
