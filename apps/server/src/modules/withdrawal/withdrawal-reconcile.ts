import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { beijingDayRange } from '../../platform/time/beijing-day';
import type { PayoutProvider, PayoutQuery } from './payout-provider';
import { withdrawalDb } from './withdrawal.tables';

/** One payout whose record at the provider does not say what ours says (never fixed here: staff decide). */
export interface ReconcileLine {
  withdrawalId: number;
  outBizNo: string;
  ours: string;
  theirs: string;
  problem: string;
}

const theirsOf = (q: PayoutQuery) => q.state;

/**
 * The day's reconciliation (Beijing day, YYYY-MM-DD): every payout of ours sent that day against
 * the provider's record of it, asked by its number (alipay.fund.trans.common.query / WeChat's
 * query by out_bill_no). Answers the mismatches; it changes nothing.
 */
export async function reconcileDay(db: Db, provider: PayoutProvider, day: string): Promise<ReconcileLine[]> {
  return (await reconcilePayouts(db, provider, day)).lines;
}

/** The day's reconciliation as the console shows it: how many payouts were checked, how many matched, the mismatches. */
export async function reconcilePayouts(
  db: Db,
  provider: PayoutProvider,
  day: string,
): Promise<{ checked: number; matched: number; lines: ReconcileLine[] }> {
  const { start, end } = beijingDayRange(day);
  const rows = await withdrawalDb(db)
    .selectFrom('withdrawals')
    .select(['id', 'out_biz_no', 'status'])
    .where('provider', '=', provider.name)
    .where('sent_at', '>=', start)
    .where('sent_at', '<', end)
    .orderBy(sql`id`)
    .execute();
  const lines: ReconcileLine[] = [];
  for (const row of rows) {
    const q = await provider.query(row.out_biz_no);
    const theirs = theirsOf(q);
    const line = (problem: string) =>
      lines.push({ withdrawalId: row.id, outBizNo: row.out_biz_no, ours: row.status, theirs, problem });
    if (row.status === 'paid' && theirs !== 'paid') line('我方已到账，渠道未成功');
    else if (row.status === 'failed' && (theirs === 'paid' || theirs === 'pending'))
      line('我方已退回余额，渠道已打款或处理中');
    else if (row.status !== 'paid' && row.status !== 'failed' && theirs !== 'pending' && theirs !== 'confirming')
      line(theirs === 'unknown' ? '渠道暂无法查询' : '打款未结，待渠道结果');
  }
  return { checked: rows.length, matched: rows.length - lines.length, lines };
}
