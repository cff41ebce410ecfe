import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '../src/database';
import {
  type AccountRef,
  Accounts,
  balanceOf,
  expirePending,
  LedgerError,
  resolvePending,
  transfer,
} from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { freshDatabase, type TestDatabase } from './helpers';

let database: TestDatabase;
let db: AppDb;
let users: number[];
beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  const { migrate } = await import('../src/platform/db/database');
  await migrate(db);
  users = [];
  for (const uid of ['81000001', '81000002', '81000003']) {
    const u = await db
      .insertInto('users')
      .values({ uid, mobile: null, nickname: uid, avatar: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push(u.id);
  }
});
afterAll(() => database.drop());

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof LedgerError ? e.reason : String(e)),
  );

describe('the ledger', () => {
  it('posts, reserves, resolves once, refuses overdrafts, and answers a repeated key with the first transfer', async () => {
    const [a, b] = users as [number, number];
    const alipay = Accounts.gateway('alipay-unit');
    await transfer(db, {
      key: 'u1-in',
      debit: alipay,
      credit: Accounts.userAvailable(a),
      amount: 10_000,
      code: 'topup',
    });
    const again = await transfer(db, {
      key: 'u1-in',
      debit: alipay,
      credit: Accounts.userAvailable(a),
      amount: 10_000,
      code: 'topup',
    });
    expect(await balanceOf(db, Accounts.userAvailable(a))).toEqual({
      posted: 10_000,
      reserved: 0,
      incoming: 0,
      available: 10_000,
    });
    expect(again.key).toBe('u1-in');
    expect(
      await reason(
        transfer(db, { key: 'u1-in', debit: alipay, credit: Accounts.userAvailable(a), amount: 9_999, code: 'topup' }),
      ),
    ).toBe('KEY_REUSED');

    // A reservation counts against what may be spent.
    await transfer(db, {
      key: 'u1-hold',
      debit: Accounts.userAvailable(a),
      credit: Accounts.payout('unit'),
      amount: 7_000,
      code: 'withdraw',
      pending: { timeoutAt: null },
    });
    expect(await balanceOf(db, Accounts.userAvailable(a))).toEqual({
      posted: 10_000,
      reserved: 7_000,
      incoming: 0,
      available: 3_000,
    });
    expect(
      await reason(
        transfer(db, {
          key: 'u1-over',
          debit: Accounts.userAvailable(a),
          credit: Accounts.userAvailable(b),
          amount: 3_001,
          code: 'x',
        }),
      ),
    ).toBe('INSUFFICIENT_FUNDS');
    await resolvePending(db, { key: 'u1-hold:void', pendingKey: 'u1-hold', action: 'void' });
    expect(await reason(resolvePending(db, { key: 'u1-hold:post', pendingKey: 'u1-hold', action: 'post' }))).toBe(
      'NOT_PENDING',
    );
    expect((await resolvePending(db, { key: 'u1-hold:void', pendingKey: 'u1-hold', action: 'void' })).state).toBe(
      'void',
    );
    expect(await balanceOf(db, Accounts.userAvailable(a))).toMatchObject({ available: 10_000, reserved: 0 });

    // Expiry voids a pending transfer past its timeout, once.
    await transfer(db, {
      key: 'u1-hold2',
      debit: Accounts.userAvailable(a),
      credit: Accounts.userAvailable(b),
      amount: 2_500,
      code: 'seller_pending',
      pending: { timeoutAt: new Date(Date.now() - 1) },
    });
    expect(await balanceOf(db, Accounts.userAvailable(b))).toMatchObject({ incoming: 2_500, posted: 0 });
    expect(await expirePending(db)).toBe(1);
    expect(await expirePending(db)).toBe(0);
    expect(await balanceOf(db, Accounts.userAvailable(b))).toMatchObject({ incoming: 0, posted: 0 });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('keeps its invariants over random sequences of transfers, reservations, resolutions and repeats', async () => {
    type Op =
      | { t: 'transfer'; from: number; to: number; amount: number; pending: boolean; expired: boolean }
      | { t: 'resolve'; which: number; action: 'post' | 'void' | 'expire' }
      | { t: 'repeat'; which: number }
      | { t: 'sweep' };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        t: fc.constant('transfer' as const),
        from: fc.integer({ min: 0, max: 4 }),
        to: fc.integer({ min: 0, max: 4 }),
        amount: fc.integer({ min: 1, max: 50_000 }),
        pending: fc.boolean(),
        expired: fc.boolean(),
      }),
      fc.record({
        t: fc.constant('resolve' as const),
        which: fc.nat(),
        action: fc.constantFrom('post' as const, 'void' as const, 'expire' as const),
      }),
      fc.record({ t: fc.constant('repeat' as const), which: fc.nat() }),
      fc.constant({ t: 'sweep' as const }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
        run++;
        // Accounts of this run: a gateway (may go negative), the escrow and three users (may not).
        const accounts: AccountRef[] = [
          Accounts.gateway(`model-${run}`),
          { code: `model-${run}:escrow`, kind: 'escrow', noOverdraft: true },
          ...users.map((u) => ({
            code: `model-${run}:user:${u}`,
            kind: 'user_available',
            userId: u,
            noOverdraft: true,
          })),
        ];
        const model = accounts.map(() => ({ posted: 0, reserved: 0, incoming: 0 }));
        const transfers: Array<{ key: string; from: number; to: number; amount: number; state: string; args: Op }> = [];
        let n = 0;
        for (const o of ops) {
          if (o.t === 'transfer') {
            const from = o.from;
            const to = o.to === from ? (from + 1) % accounts.length : o.to;
            const key = `m${run}-${n++}`;
            const debit = accounts[from] as AccountRef;
            const overdraw = debit.noOverdraft && model[from]!.posted - model[from]!.reserved < o.amount;
            const result = await reason(
              transfer(db, {
                key,
                debit,
                credit: accounts[to] as AccountRef,
                amount: o.amount,
                code: 'model',
                ...(o.pending ? { pending: { timeoutAt: o.expired ? new Date(Date.now() - 1) : null } } : {}),
              }),
            );
            expect(result).toBe(overdraw ? 'INSUFFICIENT_FUNDS' : 'ok');
            if (overdraw) continue;
            if (o.pending) {
              model[from]!.reserved += o.amount;
              model[to]!.incoming += o.amount;
            } else {
              model[from]!.posted -= o.amount;
              model[to]!.posted += o.amount;
            }
            transfers.push({ key, from, to, amount: o.amount, state: o.pending ? 'pending' : 'posted', args: o });
          } else if (o.t === 'resolve' && transfers.length > 0) {
            const tr = transfers[o.which % transfers.length]!;
            const result = await reason(
              resolvePending(db, { key: `${tr.key}:${o.action}:${n++}`, pendingKey: tr.key, action: o.action }),
            );
            expect(result).toBe(tr.state === 'pending' ? 'ok' : 'NOT_PENDING');
            if (tr.state !== 'pending') continue;
            model[tr.from]!.reserved -= tr.amount;
            model[tr.to]!.incoming -= tr.amount;
            if (o.action === 'post') {
              model[tr.from]!.posted -= tr.amount;
              model[tr.to]!.posted += tr.amount;
            }
            tr.state = o.action === 'post' ? 'posted_pending' : 'voided';
          } else if (o.t === 'repeat' && transfers.length > 0) {
            const tr = transfers[o.which % transfers.length]!;
            const args = tr.args as Extract<Op, { t: 'transfer' }>;
            const again = await transfer(db, {
              key: tr.key,
              debit: accounts[tr.from] as AccountRef,
              credit: accounts[tr.to] as AccountRef,
              amount: tr.amount,
              code: 'model',
              ...(args.pending ? { pending: { timeoutAt: null } } : {}),
            });
            expect(again.key).toBe(tr.key);
          } else if (o.t === 'sweep') {
            await expirePending(db);
            for (const tr of transfers) {
              const args = tr.args as Extract<Op, { t: 'transfer' }>;
              if (tr.state === 'pending' && args.expired) {
                model[tr.from]!.reserved -= tr.amount;
                model[tr.to]!.incoming -= tr.amount;
                tr.state = 'expired';
              }
            }
          }
          for (const [i, ref] of accounts.entries()) {
            const b = await balanceOf(db, ref);
            const m = model[i]!;
            expect({ posted: b.posted, reserved: b.reserved, incoming: b.incoming }).toEqual(m);
          }
        }
        expect(await checkLedger(db)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('finds books that do not balance', async () => {
    await db
      .updateTable('ledger_accounts')
      .set((eb) => ({ credits_posted: eb('credits_posted', '+', 1) }))
      .where('code', '=', 'platform:fees')
      .execute();
    const fees = await db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('code', '=', 'platform:fees')
      .executeTakeFirst();
    if (!fees)
      await db
        .insertInto('ledger_accounts')
        .values({ code: 'platform:fees', kind: 'revenue', credits_posted: 1 })
        .execute();
    const problems = await checkLedger(db);
    expect(problems.some((p) => p.startsWith('platform:fees: stored'))).toBe(true);
    expect(problems.some((p) => p.startsWith('posted debits'))).toBe(true);
  });
});
