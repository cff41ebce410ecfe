import { identification } from '@app/protocol/calls/identity';
import { extractSave } from '@app/protocol/calls/withdrawal';
import type {
  FeeIncomeRow,
  LedgerAccountView,
  LedgerCheckResult,
  LedgerTransfersPage,
  ReconcileHistory,
  ReconcileRun,
  WithdrawalQueuePage,
} from '@app/protocol/ops-money';
import { describe, expect, it } from 'vitest';
import { Accounts, balanceOf, transfer } from '../src/modules/ledger/ledger';
import { expectCode, idNumber, loginAs, setPayPin, TEST_PAY_PIN, testDb, useTestApp, useTestClient } from './helpers';
import { opsApi } from './ops-helpers';

// Above ¥50 a payout waits for staff (decision 0049's threshold); the sandbox pays the rest itself.
const t = useTestApp({ WITHDRAW_REVIEW_ABOVE_FEN: '5000', WITHDRAW_REVIEW_SECONDS: '0' });
const app = useTestClient(t, 'APP');
const ops = opsApi(t);
const beijingDay = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

let phones = 0;
/** A verified user with ¥500 on the balance who asks for a payout of `amount` to `accountNo`. */
async function payoutOf(amount: number, accountNo: string) {
  const phone = `1390001${String(++phones).padStart(4, '0')}`;
  const { token, uid } = await loginAs(t, phone);
  expectCode(
    await app.call(
      identification,
      { realName: '林小雨', idCard: idNumber('19920202', String(100 + phones)) },
      { token },
    ),
    '200',
  );
  const user = await t.db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow();
  await transfer(t.db, {
    key: `ops-money-topup-${phone}`,
    debit: Accounts.gateway('topup-test'),
    credit: Accounts.userAvailable(user.id),
    amount: 50_000,
    code: 'topup',
  });
  await setPayPin(t, user.id);
  const saved = await app.call(
    extractSave,
    { amount, accountNo, accountName: '林小雨', payPassword: TEST_PAY_PIN } as never,
    { token },
  );
  expectCode(saved, '200');
  return { id: (saved.data as { id: string }).id, uid, userId: user.id, token, phone };
}

const sweep = () => t.app.inject({ method: 'POST', url: '/dev/sweep', payload: { aheadMinutes: 0 } });

describe('ops money: 提现审核, 对账, 账务 (财务)', () => {
  it('refuses every money call to a role without the money permission and to a player', async () => {
    const finance = await ops.login('ops-finance', 'demo-fin-123');
    const cs = await ops.login('ops-cs', 'demo-cs-123');
    const operator = await ops.login('ops-operator', 'demo-ops-123');
    const player = (await loginAs(t, '13900019999')).token;
    const calls: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/withdrawals'],
      ['POST', '/withdrawals/1/approve'],
      ['POST', '/withdrawals/1/refuse', { reason: '账户存在风险' }],
      ['GET', '/reconciliation'],
      ['POST', '/reconciliation/run', { day: beijingDay() }],
      ['GET', '/ledger/accounts'],
      ['GET', '/ledger/transfers?account=platform:fees'],
      ['GET', '/ledger/check'],
      ['GET', `/ledger/fees?from=${beijingDay()}&to=${beijingDay()}`],
    ];
    for (const [method, url, body] of calls) {
      for (const token of [cs, operator]) {
        const res = await ops.call(method, url, { token, body });
        expect([url, res.status, res.code]).toEqual([url, 403, '60004']);
        expect(res.msg).toContain('仅财务和管理员可以处理资金');
      }
      const asPlayer = await ops.call(method, url, { token: player, body });
      expect([url, asPlayer.status, asPlayer.code]).toEqual([url, 401, '60001']);
    }
    expect((await ops.call('GET', '/ledger/check', { token: finance })).code).toBe('200');
    const admin = await ops.login('ops-admin', 'demo-ops-123');
    expect((await ops.call('GET', '/withdrawals', { token: admin })).code).toBe('200');
    // 财务 does not handle orders or merchants.
    expect((await ops.call('GET', '/orders/refused', { token: finance })).status).toBe(403);
    expect((await ops.call('GET', '/merchants', { token: finance })).status).toBe(403);
  });

  it('lists the queue with why each waits, approves once, refuses with a reason, audits both; bad input changes nothing', async () => {
    const finance = await ops.login('ops-finance', 'demo-fin-123');
    const a = await payoutOf(10_000, '13900007777');
    const b = await payoutOf(20_000, '13900008888');
    const queue = await ops.call<WithdrawalQueuePage>('GET', '/withdrawals?view=review', { token: finance });
    expect(queue.code).toBe('200');
    const rowA = queue.data.list.find((r) => r.id === a.id);
    expect(rowA).toMatchObject({
      uid: a.uid,
      mobile: `${a.phone.slice(0, 3)}****${a.phone.slice(-4)}`,
      amount: 10_000,
      fee: 100,
      arrival: 9_900,
      channel: 'sandbox',
      accountNo: '139****7777',
      accountName: '林**',
      nameMatches: true,
      reasons: ['aboveThreshold', 'firstPayout'],
      status: 'in_review',
    });
    expect(JSON.stringify(queue.data)).not.toContain(a.phone);
    // Search by uid and by the withdrawal's number.
    const byUid = await ops.call<WithdrawalQueuePage>('GET', `/withdrawals?view=all&q=${b.uid}`, { token: finance });
    expect(byUid.data.list.map((r) => r.id)).toEqual([b.id]);
    const byNo = await ops.call<WithdrawalQueuePage>('GET', `/withdrawals?view=all&q=${rowA?.outBizNo}`, {
      token: finance,
    });
    expect(byNo.data.list.map((r) => r.id)).toEqual([a.id]);
    expectCode(await ops.call('GET', '/withdrawals?q=a%20b', { token: finance }), '10002', '请输入用户UID或提现单号');
    const paged = await ops.call<WithdrawalQueuePage>('GET', '/withdrawals?view=all&pageSize=1&page=2', {
      token: finance,
    });
    expect(paged.data).toMatchObject({ page: 2, pageSize: 1 });
    expect(paged.data.list).toHaveLength(1);
    expect(paged.data.total).toBeGreaterThanOrEqual(2);

    // Bad input: no reason, an unknown id, a malformed id — nothing moves.
    for (const reason of [undefined, '', ' ', '我']) {
      const res = await ops.call('POST', `/withdrawals/${b.id}/refuse`, { token: finance, body: { reason } });
      expectCode(res, '10002');
      expect(res.msg).toContain('请填写不通过的原因');
    }
    expectCode(await ops.call('POST', '/withdrawals/999999/approve', { token: finance }), '10002', '提现记录不存在');
    expectCode(await ops.call('POST', '/withdrawals/abc/approve', { token: finance }), '10002', '提现记录不存在');
    const still = await t.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', Number(b.id))
      .executeTakeFirst();
    expect(still?.status).toBe('in_review');

    expectCode(await ops.call('POST', `/withdrawals/${a.id}/approve`, { token: finance, from: '10.0.0.7' }), '200');
    expectCode(
      await ops.call('POST', `/withdrawals/${a.id}/approve`, { token: finance }),
      '10002',
      '该提现已处理，请刷新后查看',
    );
    expectCode(
      await ops.call('POST', `/withdrawals/${b.id}/refuse`, { token: finance, body: { reason: '收款账户存在风险' } }),
      '200',
    );
    expect((await balanceOf(t.db, Accounts.userAvailable(b.userId))).available).toBe(50_000);
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['action', 'before', 'after', 'ip'])
      .where('action', 'in', ['withdrawal.approve', 'withdrawal.refuse'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        action: 'withdrawal.approve',
        before: { id: Number(a.id), status: 'in_review' },
        after: { id: Number(a.id), status: 'reviewing' },
        ip: '10.0.0.7',
      },
      {
        action: 'withdrawal.refuse',
        before: { id: Number(b.id), status: 'in_review' },
        after: { id: Number(b.id), status: 'refused', reason: '收款账户存在风险' },
        ip: '127.0.0.1',
      },
    ]);
    const refused = await ops.call<WithdrawalQueuePage>('GET', `/withdrawals?view=all&q=${b.id}`, { token: finance });
    expect(refused.data.list[0]).toMatchObject({
      status: 'refused',
      reviewedBy: '演示财务',
      providerAnswer: '审核未通过：收款账户存在风险，金额已退回余额',
    });
  });

  it(`takes one of an approval and a refusal at once (${testDb})`, async () => {
    const finance = await ops.login('ops-finance', 'demo-fin-123');
    const admin = await ops.login('ops-admin', 'demo-ops-123');
    for (let round = 0; round < 3; round++) {
      const w = await payoutOf(10_000, '13900007777');
      const [approve, refuse] = await Promise.all([
        ops.call('POST', `/withdrawals/${w.id}/approve`, { token: finance }),
        ops.call('POST', `/withdrawals/${w.id}/refuse`, { token: admin, body: { reason: '重复审核测试' } }),
      ]);
      expect([approve.code, refuse.code].sort()).toEqual(['10002', '200']);
      const row = await t.db
        .selectFrom('withdrawals')
        .select('status')
        .where('id', '=', Number(w.id))
        .executeTakeFirst();
      expect(row?.status).toBe(approve.code === '200' ? 'reviewing' : 'refused');
      const audits = (
        await t.db
          .selectFrom('staff_audit')
          .select(['action', 'after'])
          .where('action', 'in', ['withdrawal.approve', 'withdrawal.refuse'])
          .execute()
      ).filter((a) => (a.after as { id?: number } | null)?.id === Number(w.id));
      expect(audits).toHaveLength(1);
      const balance = await balanceOf(t.db, Accounts.userAvailable(w.userId));
      expect(balance.available).toBe(approve.code === '200' ? 40_000 : 50_000);
    }
  });

  it('reconciles a day against the provider and lists the mismatch, never fixing it; audited; the ledger views', async () => {
    const finance = await ops.login('ops-finance', 'demo-fin-123');
    const paid = await payoutOf(3_000, '13900007777');
    // The sandbox leaves an account ending in 9999 without an answer when paying, and has it paid when asked:
    // until the sweep asks, ours says 打款结果待确认 while the provider's record says paid.
    const unanswered = await payoutOf(4_000, '13900009999');
    expect((await sweep()).statusCode).toBe(200);
    const states = await t.db
      .selectFrom('withdrawals')
      .select(['id', 'status'])
      .where('id', 'in', [Number(paid.id), Number(unanswered.id)])
      .orderBy('id')
      .execute();
    expect(states.map((s) => s.status)).toEqual(['paid', 'unknown']);

    expectCode(
      await ops.call('POST', '/reconciliation/run', { token: finance, body: { day: '2026-13-45' } }),
      '10002',
      '日期不正确',
    );
    expectCode(await ops.call('POST', '/reconciliation/run', { token: finance, body: {} }), '10002', '请选择日期');
    const run = await ops.call<ReconcileRun>('POST', '/reconciliation/run', {
      token: finance,
      body: { day: beijingDay() },
    });
    expect(run.code).toBe('200');
    const payouts = run.data.sections.find((s) => s.source === 'payouts');
    expect(payouts).toMatchObject({ provider: 'sandbox' });
    expect(payouts?.mismatches).toEqual([
      {
        ref: unanswered.id,
        number: expect.stringMatching(/^WD\d+$/),
        ours: 'unknown',
        theirs: 'paid',
        problem: '打款未结，待渠道结果',
      },
    ]);
    expect(payouts?.matched).toBe((payouts?.checked ?? 0) - 1);
    expect(payouts?.matched).toBeGreaterThanOrEqual(1);
    // Nothing was fixed by looking.
    const after = await t.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', Number(unanswered.id))
      .executeTakeFirst();
    expect(after?.status).toBe('unknown');
    const history = await ops.call<ReconcileHistory>('GET', '/reconciliation', { token: finance });
    expect(history.data.list[0]).toMatchObject({ day: beijingDay(), ranBy: '演示财务' });
    expect(history.data.list[0]?.sections[0]?.mismatches).toHaveLength(1);

    // 账务: the platform's accounts, a user's by uid, transfers paged, the check, fee income.
    const platform = await ops.call<{ list: LedgerAccountView[] }>('GET', '/ledger/accounts', { token: finance });
    expect(platform.data.list.map((a) => a.code)).toEqual(expect.arrayContaining(['platform:fees', 'payout:sandbox']));
    expect(platform.data.list.some((a) => a.code.startsWith('user:'))).toBe(false);
    const mine = await ops.call<{ list: LedgerAccountView[] }>('GET', `/ledger/accounts?uid=${paid.uid}`, {
      token: finance,
    });
    expect(mine.data.list).toEqual([
      expect.objectContaining({ code: `user:${paid.userId}:available`, posted: 47_000, available: 47_000 }),
    ]);
    expectCode(
      await ops.call('GET', '/ledger/accounts?uid=99999999', { token: finance }),
      '10002',
      '用户不存在，请核对UID',
    );
    expectCode(await ops.call('GET', '/ledger/accounts?uid=abc', { token: finance }), '10002', '用户UID不正确');
    const transfers = await ops.call<LedgerTransfersPage>(
      'GET',
      `/ledger/transfers?account=user:${paid.userId}:available&pageSize=2`,
      { token: finance },
    );
    expect(transfers.data.total).toBe(5); // topup, two reservations, their two posts
    expect(transfers.data.list).toHaveLength(2);
    expect(transfers.data.list[0]).toMatchObject({ codeLabel: expect.any(String), amount: expect.any(Number) });
    expectCode(await ops.call('GET', '/ledger/transfers?account=nope:1', { token: finance }), '10002', '账户不存在');
    const check = await ops.call<LedgerCheckResult>('GET', '/ledger/check', { token: finance });
    expect(check.data).toMatchObject({ balanced: true, problems: [], unlabelledCodes: [] });
    const fees = await ops.call<{ list: FeeIncomeRow[] }>(
      'GET',
      `/ledger/fees?from=${beijingDay()}&to=${beijingDay()}`,
      { token: finance },
    );
    expect(fees.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          day: beijingDay(),
          applicationId: null,
          code: 'withdrawal_fee',
          codeLabel: '提现手续费',
        }),
      ]),
    );
    expectCode(
      await ops.call('GET', '/ledger/fees?from=2026-12-05&to=2026-12-01', { token: finance }),
      '10002',
      '开始日期不能晚于结束日期',
    );
    const audit = await t.db.selectFrom('staff_audit').select('action').where('action', '=', 'reconcile.run').execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });
});
