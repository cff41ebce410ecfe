import { itemConfirm } from '@app/protocol/calls/orders';
import {
  LEDGER_MOVEMENT_CODES,
  type StatementLine,
  walletPendingIncome,
  walletStatement,
} from '@app/protocol/calls/wallet';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { Accounts, resolvePending, transfer, userBalances } from '../src/modules/ledger/ledger';
import { checkLedger, unknownMovementCodes } from '../src/modules/ledger/ledger-check';
import { expectCode, loginAs, sdkPlayer, useTestApp, useTestClient } from './helpers';
import { deliveredCoinOrder } from './order-fixture';

const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');

const userIdOf = async (uid: string) =>
  (await t.db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow()).id;

type Page = { list: StatementLine[]; nextCursor: string | null };

describe('the wallet statement (资金明细)', () => {
  let token: string;
  let userId: number;
  beforeAll(async () => {
    const who = await loginAs(t, '13900005151');
    token = who.token;
    userId = await userIdOf(who.uid);
    const me = Accounts.userAvailable(userId);
    await transfer(t.db, {
      key: 'st:topup',
      debit: Accounts.gateway('topup-test'),
      credit: me,
      amount: 50_000,
      code: 'topup',
    });
    // A balance payment: reserved, then posted (the post changes nothing more).
    await transfer(t.db, {
      key: 'st:hold',
      debit: me,
      credit: Accounts.escrow,
      amount: 8_000,
      code: 'balance_hold',
      pending: { timeoutAt: null },
    });
    await resolvePending(t.db, { key: 'st:hold:post', pendingKey: 'st:hold', action: 'post' });
    // A withdrawal refused: reserved, then released back.
    await transfer(t.db, {
      key: 'st:wd',
      debit: me,
      credit: Accounts.payout('sandbox'),
      amount: 10_000,
      code: 'withdrawal',
      pending: { timeoutAt: null },
    });
    await resolvePending(t.db, { key: 'st:wd:void', pendingKey: 'st:wd', action: 'void' });
    // A deposit still held.
    await transfer(t.db, {
      key: 'st:dep',
      debit: me,
      credit: Accounts.escrow,
      amount: 2_000,
      code: 'deposit_hold',
      pending: { timeoutAt: null },
    });
    await transfer(t.db, { key: 'st:refund', debit: Accounts.escrow, credit: me, amount: 3_000, code: 'refund' });
  });

  it('lists every movement of the balance newest first, with its label, sign, state and the balance after it', async () => {
    const res = await app.call(walletStatement, {}, { token });
    expectCode(res, '200');
    const { list, nextCursor } = res.data as Page;
    expect(nextCursor).toBeNull();
    expect(list.map((l) => [l.label, l.amount, l.balanceAfter, l.state, l.kind])).toEqual([
      ['退款', 3_000, 43_000, 'done', 'refund'],
      ['保证金冻结', -2_000, 40_000, 'holding', 'deposit'],
      ['提现退回', 10_000, 42_000, 'released', 'withdrawal'],
      ['提现', -10_000, 32_000, 'done', 'withdrawal'],
      ['余额支付', -8_000, 42_000, 'done', 'purchase'],
      ['充值', 50_000, 50_000, 'done', 'other'],
    ]);
    expect(list[0]?.bizNo).toMatch(new RegExp(`^LS\\d{8}${list[0]?.id.padStart(8, '0')}$`));
    // The newest balance after is what the wallet shows as available.
    expect(list[0]?.balanceAfter).toBe((await userBalances(t.db, userId)).available);
  });

  it('pages by cursor without a gap or a repeat, and filters by kind and by month (Beijing time)', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await app.call(walletStatement, { pageSize: 4, ...(cursor ? { cursor } : {}) }, { token });
      const page = res.data as Page;
      seen.push(...page.list.map((l) => l.label));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['退款', '保证金冻结', '提现退回', '提现', '余额支付', '充值']);
    const withdrawals = (await app.call(walletStatement, { kind: 'withdrawal' }, { token })).data as Page;
    expect(withdrawals.list.map((l) => l.label)).toEqual(['提现退回', '提现']);
    // The top-up moved to 1 March 00:30 Beijing (28 Feb 16:30 UTC): it belongs to March, not February.
    await sql`update ledger_transfers set created_at = ${new Date('2026-02-28T16:30:00Z')} where key = 'st:topup'`.execute(
      t.db,
    );
    const march = (await app.call(walletStatement, { month: '2026-03' }, { token })).data as Page;
    expect(march.list.map((l) => l.label)).toEqual(['充值']);
    expect(march.list[0]?.balanceAfter).toBe(50_000);
    expect(((await app.call(walletStatement, { month: '2026-02' }, { token })).data as Page).list).toEqual([]);
  });

  it('refuses bad filters with a clear message, and shows nobody else their lines', async () => {
    expectCode(await app.call(walletStatement, { month: '2026-13' }, { token }), '10002', '请选择正确的月份');
    expectCode(await app.call(walletStatement, { kind: 'gift' as never }, { token }), '10002', '请选择正确的类型');
    expectCode(await app.call(walletStatement, { cursor: '0' }, { token }), '10002', '分页参数错误');
    expectCode(await app.call(walletStatement, { cursor: "1' or 1=1" }, { token }), '10002', '分页参数错误');
    const other = await loginAs(t, '13900005152');
    expect(((await app.call(walletStatement, {}, { token: other.token })).data as Page).list).toEqual([]);
    expect((await app.call(walletPendingIncome, {}, { token: other.token })).data).toEqual({ list: [], total: 0 });
  });

  it('shows a sale as 待入账 with its order and the day it settles, and names every movement code the ledger holds', async () => {
    const seller = await sdkPlayer(t, sdk, 'player1', '1385200');
    const buyer = await sdkPlayer(t, sdk, 'buyer1', '1386200');
    const orderId = await deliveredCoinOrder(t, { sdk, app }, { seller, buyer }, 6_000);
    const before = Date.now();
    expectCode(await app.call(itemConfirm, { orderId }, { token: buyer.token }), '200');
    const pending = (await app.call(walletPendingIncome, {}, { token: seller.token })).data as {
      list: Array<{ label: string; amount: number; orderId: string; orderNo: string; settleTime: number }>;
      total: number;
    };
    expect(pending.list).toHaveLength(1);
    const order = await t.db
      .selectFrom('orders')
      .select(['order_no', 'settle_at'])
      .where('id', '=', Number(orderId))
      .executeTakeFirstOrThrow();
    expect(pending.list[0]).toMatchObject({ label: '出售收入', orderId, orderNo: order.order_no });
    expect(pending.list[0]?.settleTime).toBe(Math.floor((order.settle_at as Date).getTime() / 1000));
    expect(pending.list[0]?.settleTime).toBeGreaterThan(before / 1000);
    expect(pending.total).toBe(pending.list[0]?.amount);
    // Not yet in the balance: no line until it settles.
    expect(((await app.call(walletStatement, {}, { token: seller.token })).data as Page).list).toEqual([]);
    // Every code in the books has its label (ledger:check says so too).
    expect(await unknownMovementCodes(t.db, LEDGER_MOVEMENT_CODES)).toEqual([]);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
