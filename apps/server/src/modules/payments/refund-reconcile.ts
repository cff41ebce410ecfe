import type { ProviderReconciler, ReconcileMismatch } from '@app/protocol/ops-money';
import { sql } from 'kysely';
import { beijingDayRange } from '../../platform/time/beijing-day';
import type { PayGateway, RefundQuery } from './pay-gateway';
import { paymentsDb } from './payments.tables';
import type { RefundStatus } from './refund-status';
import type { RefundDeps } from './refunds';

/** What the gateway's query says, in the words the console shows beside ours. */
function theirsOf(q: RefundQuery): string {
  if (q.state === 'refused') return `refused:${q.code}`;
  return q.state;
}

/**
 * The mismatch one refund shows against its gateway's record, or null when both say the same:
 * money we count as gone that the gateway did not send, money we put back on the balance that the
 * gateway also sent (paid twice), or a refund still open after the gateway reached an end.
 */
export function refundMismatch(ours: RefundStatus, theirs: RefundQuery): string | null {
  if (ours === 'succeeded') return theirs.state === 'succeeded' ? null : '我方已退款，渠道未成功';
  if (ours === 'returned')
    return theirs.state === 'succeeded' || theirs.state === 'processing' ? '我方已退回余额，渠道已退款或处理中' : null;
  if (theirs.state === 'unknown') return '渠道暂无法查询';
  if (theirs.state === 'succeeded' || theirs.state === 'refused') return '退款未结，渠道已有结果';
  return null;
}

/**
 * 对账 of one gateway's refunds handed over on one Beijing day: each asked by its number, every
 * disagreement listed and nothing changed (the sweep and the notifications settle refunds; a
 * mismatch is for staff to look at, never fixed silently).
 */
export function refundReconciler(deps: RefundDeps, gateway: PayGateway): ProviderReconciler {
  return {
    provider: gateway.name,
    async run(day) {
      const { start, end } = beijingDayRange(day);
      const rows = await paymentsDb(deps.db)
        .selectFrom('refunds')
        .select(['refund_no', 'trade_no', 'order_id', 'ref', 'purpose', 'status'])
        .where('provider', '=', gateway.name)
        .where('sent_at', '>=', start)
        .where('sent_at', '<', end)
        .orderBy(sql`id`)
        .execute();
      const mismatches: ReconcileMismatch[] = [];
      for (const row of rows) {
        let q: RefundQuery;
        try {
          q = await gateway.queryRefund({ tradeNo: row.trade_no, refundNo: row.refund_no });
        } catch (error) {
          q = { state: 'unknown', reason: error instanceof Error ? error.message.slice(0, 80) : 'error' };
        }
        const problem = refundMismatch(row.status as RefundStatus, q);
        if (problem)
          mismatches.push({
            ref: `${row.purpose}:${row.ref}`,
            number: row.refund_no,
            ours: row.status,
            theirs: theirsOf(q),
            problem,
          });
      }
      return { checked: rows.length, matched: rows.length - mismatches.length, mismatches };
    },
  };
}
