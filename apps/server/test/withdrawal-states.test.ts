import { describe, expect, it } from 'vitest';
import { Accounts, balanceOf, transfer } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { payoutChannels } from '../src/modules/withdrawal/payout-channel';
import type { PayoutOutcome, PayoutProvider, PayoutQuery } from '../src/modules/withdrawal/payout-provider';
import { requestWithdrawal, type WithdrawalDeps } from '../src/modules/withdrawal/withdrawal.service';
import {
  approveWithdrawal,
  refuseWithdrawal,
  settleNotified,
  sweepWithdrawals,
} from '../src/modules/withdrawal/withdrawal-payout';
import { reconcileDay } from '../src/modules/withdrawal/withdrawal-reconcile';
import { createPiiCipher } from '../src/platform/crypto/pii';
import { loginAs, useTestApp } from './helpers';

const t = useTestApp();

/** A provider whose answers the test scripts: what pay says, what the query says, and every call. */
let providers = 0;
function scripted() {
  const calls: string[] = [];
  const p: PayoutProvider & { next: PayoutOutcome; held: Map<string, PayoutQuery>; calls: string[] } = {
    name: `scripted-${++providers}`,
    next: { state: 'paid', ref: 'REF1' } as PayoutOutcome,
    held: new Map<string, PayoutQuery>(),
    calls,
    async pay(input: { outBizNo: string }) {
      calls.push(`pay ${input.outBizNo}`);
      await new Promise((r) => setTimeout(r, 20));
      return p.next;
    },
    async query(outBizNo: string) {
      calls.push(`query ${outBizNo}`);
      return p.held.get(outBizNo) ?? ({ state: 'absent' } as const);
    },
  };
  return p;
}

async function setUp(phone: string, provider: PayoutProvider, balance = 1_000_000) {
  const { uid } = await loginAs(t, phone);
  const user = await t.db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow();
  await transfer(t.db, {
    key: `wd-states-${phone}`,
    debit: Accounts.gateway('topup-test'),
    credit: Accounts.userAvailable(user.id),
    amount: balance,
    code: 'topup',
  });
  const notified: string[] = [];
  const deps: WithdrawalDeps = {
    db: t.db,
    pii: createPiiCipher('22'.repeat(32)),
    payouts: payoutChannels({ alipay: provider }),
    realNameIs: async (_u, name) => name === '林小雨',
    hasAuthentication: async () => true,
    reviewSeconds: 0,
    reviewFirst: true,
    config: {
      minAmount: 1_000,
      maxAmount: 5_000_000,
      feePercent: 0,
      minFee: 0,
      dailyCount: 10,
      dailyAmount: 300_000,
      reviewAbove: 100_000,
    },
    notify: async (_u, kind) => {
      notified.push(kind);
    },
  };
  const ask = (amount: number) =>
    requestWithdrawal(deps, user.id, { amount, accountNo: '13900007777', accountName: '林小雨' });
  const available = async () => (await balanceOf(t.db, Accounts.userAvailable(user.id))).available;
  const status = async (id: number) =>
    await t.db
      .selectFrom('withdrawals')
      .select(['status', 'reason', 'out_biz_no'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  return { deps, ask, available, status, notified };
}

const later = () => Date.now() + 120_000;

describe('the withdrawal state machine', () => {
  it('a first payout waits for staff; approved twice at once it is approved once and paid once', async () => {
    const p = scripted();
    const { deps, ask, status, available } = await setUp('13900008001', p);
    const first = await ask(10_000);
    expect(first.status).toBe('in_review');
    expect(await sweepWithdrawals(deps, later())).toBe(0);
    const both = await Promise.allSettled([approveWithdrawal(deps, first.id, 1), approveWithdrawal(deps, first.id, 2)]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(String((both.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason)).toContain(
      '该提现已处理',
    );
    // Two sweeps at once (two processes): one claims it, the provider is asked once.
    const paid = await Promise.all([sweepWithdrawals(deps, later()), sweepWithdrawals(deps, later())]);
    expect(paid[0] + paid[1]).toBe(1);
    expect(p.calls.filter((c) => c.startsWith('pay'))).toHaveLength(1);
    expect((await status(first.id)).status).toBe('paid');
    expect(await available()).toBe(990_000);
    // After a paid one, below the threshold goes straight to the automatic review; above it waits.
    expect((await ask(50_000)).status).toBe('reviewing');
    expect((await ask(100_001)).status).toBe('in_review');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('an unknown outcome is settled only by the query, with the same number, never sent anew', async () => {
    const p = scripted();
    const { deps, ask, status, available } = await setUp('13900008002', p);
    const w = await ask(20_000);
    await approveWithdrawal(deps, w.id, 1);
    p.next = { state: 'unknown', reason: 'timeout' };
    await sweepWithdrawals(deps, Date.now());
    expect((await status(w.id)).status).toBe('unknown');
    expect(await available()).toBe(980_000);
    // The provider did pay it: the query says so, and it is paid without a second transfer.
    p.held.set(w.out_biz_no, { state: 'paid', ref: 'REF-late' });
    expect(await sweepWithdrawals(deps, later())).toBe(1);
    expect(p.calls).toEqual([`pay ${w.out_biz_no}`, `query ${w.out_biz_no}`]);
    expect(await status(w.id)).toMatchObject({ status: 'paid', out_biz_no: w.out_biz_no });
    expect(await sweepWithdrawals(deps, later())).toBe(0);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a provider refusal, a staff refusal and a failed query bring the money back through the ledger', async () => {
    const p = scripted();
    const { deps, ask, status, available, notified } = await setUp('13900008003', p);
    const a = await ask(30_000);
    await approveWithdrawal(deps, a.id, 1);
    p.next = {
      state: 'refused',
      code: 'PAYEE_USER_INFO_ERROR',
      reason: '收款支付宝账号与姓名不一致，请核对后重新提现',
    };
    await sweepWithdrawals(deps, Date.now());
    expect(await status(a.id)).toMatchObject({
      status: 'failed',
      reason: '收款支付宝账号与姓名不一致，请核对后重新提现，金额已退回余额',
    });
    const b = await ask(40_000);
    await refuseWithdrawal(deps, b.id, 1, '账户存在风险');
    await expect(refuseWithdrawal(deps, b.id, 1, '账户存在风险')).rejects.toThrow('该提现已处理');
    expect(await status(b.id)).toMatchObject({ status: 'refused', reason: '审核未通过：账户存在风险，金额已退回余额' });
    // Unknown, then the provider's record says FAIL: back on the balance.
    const c = await ask(25_000);
    await approveWithdrawal(deps, c.id, 1);
    p.next = { state: 'unknown', reason: 'SYSTEM_ERROR' };
    await sweepWithdrawals(deps, Date.now());
    p.held.set(c.out_biz_no, { state: 'refused', code: 'FAIL', reason: '支付宝打款失败' });
    await settleNotified(deps, p.name, c.out_biz_no);
    expect((await status(c.id)).status).toBe('failed');
    expect(await available()).toBe(1_000_000);
    expect(notified).toEqual(['withdrawalRefused', 'withdrawalRefused', 'withdrawalRefused']);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('limits: per payout, per day in amount, with a clear message and nothing reserved', async () => {
    const p = scripted();
    const { ask, available } = await setUp('13900008004', p);
    await expect(ask(999)).rejects.toThrow('单笔提现金额不能低于¥10.00');
    await expect(ask(5_000_001)).rejects.toThrow('单笔提现金额不能高于');
    await ask(200_000);
    await expect(ask(100_001)).rejects.toThrow('每天最多提现¥3,000.00，今日还可提现¥1,000.00');
    expect(await available()).toBe(800_000);
    // Two at once at the day's edge: one is taken, the other refused.
    const both = await Promise.allSettled([ask(60_000), ask(60_000)]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await available()).toBe(740_000);
  });

  it("the day's reconciliation reports one deliberate mismatch and changes nothing", async () => {
    const p = scripted();
    const { deps, ask, status } = await setUp('13900008005', p);
    const a = await ask(10_000);
    await approveWithdrawal(deps, a.id, 1);
    await sweepWithdrawals(deps, Date.now());
    // After a paid one, below the threshold: the automatic review, then paid.
    const b = await ask(20_000);
    await sweepWithdrawals(deps, Date.now());
    // The provider's records: a paid, b never arrived (ours says paid: the deliberate mismatch).
    p.held.set(a.out_biz_no, { state: 'paid', ref: 'REF1' });
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(await reconcileDay(t.db, p, day)).toEqual([
      { withdrawalId: b.id, outBizNo: b.out_biz_no, ours: 'paid', theirs: 'absent', problem: '我方已到账，渠道未成功' },
    ]);
    expect((await status(b.id)).status).toBe('paid');
    await expect(reconcileDay(t.db, p, '2026/12/02')).rejects.toThrow('a day like');
  });
});
