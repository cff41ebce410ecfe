import { ErrorCode } from '@app/protocol/errors';
import { formatPriceFen } from '@app/protocol/format';
import type { CaseDecision, RefusedCase } from '@app/protocol/refused-cases';
import { caseRefOf } from '@app/protocol/refused-cases';
import { OrderStatus, orderStatusLabel } from '@app/protocol/statuses/order-status';
import { AppError } from '../../platform/errors';
import type { CaseChange, RecordDecision, RefusedCaseSource } from '../casework/refused-cases';
import { refusedReceipts, resolveRefusedReceipt } from './customer-service';
import type { OrderDeps } from './order.service';

type Refused = Awaited<ReturnType<typeof refusedReceipts>>[number];

const TYPE_LABEL: Record<number, string> = { 1: '角色', 2: '游戏币', 3: '道具' };

function receiptText(r: Refused['receipt']): string {
  if (!r) return '无交付凭证';
  if (r.kind === 'role') return `角色已转入买家账号 ${r.to}`;
  if (r.kind === 'coins') return `${r.amount ?? 0} ${r.coinType ?? ''} 已发到买家角色 ${r.to}`;
  return `${r.itemIds?.length ?? 0} 件道具已发到买家角色 ${r.to}`;
}

/** A refused receipt as the console's card shows it (staff notes are the console's own, filled by ops). */
export function exchangeCase(o: Refused): RefusedCase {
  const open = o.status === OrderStatus.RECEIPT_REFUSED;
  return {
    caseRef: caseRefOf('order', o.orderId),
    domain: 'order',
    kind: 'refused',
    orderId: o.orderId,
    orderNo: o.orderNo,
    title: o.title,
    tag: TYPE_LABEL[o.type] ?? '商品',
    status: o.status,
    headline: open ? '拒绝收货 · 待处理' : `${orderStatusLabel.buyer[o.status]} · 已处理`,
    amount: o.paid,
    facts: [
      { label: '订单号', value: o.orderNo, style: 'mono' },
      { label: '买家实付', value: formatPriceFen(o.paid), style: 'money' },
      { label: '买家 / 卖家', value: `${o.buyerUid} / ${o.sellerUid}` },
      { label: '交付', value: receiptText(o.receipt), at: o.deliveredAt },
      { label: open ? '拒收时间' : '处理时间', value: '', at: o.refusedAt },
      { label: open ? '买家说明' : '说明', value: o.note, style: 'reason' },
    ],
    note: o.note,
    since: o.refusedAt,
    open,
    options: open
      ? [
          { decision: 'confirm', label: '交付无误，确认收货', question: '确认交付无误？卖家的款项将进入待入账' },
          {
            decision: 'refund',
            label: '收回物品，退款给买家',
            question: `确认退款？游戏将收回物品并退还买家 ${formatPriceFen(o.paid)}`,
          },
        ]
      : [],
    staffNotes: [],
    chat: false,
  };
}

/** The exchange's adapter of the console's refused cases (registered at composition). */
export function orderRefusedCases(deps: OrderDeps): RefusedCaseSource {
  return {
    domain: 'order',
    waiting: async () => (await refusedReceipts(deps)).map(exchangeCase),
    one: async (orderId) => {
      const [o] = await refusedReceipts(deps, orderId);
      if (!o) throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
      return exchangeCase(o);
    },
    decide: async (orderId: number, decision: CaseDecision, staff, record: RecordDecision) => {
      let recorded: CaseChange | undefined;
      await resolveRefusedReceipt(deps, orderId, decision, staff.name, staff.note, async (trx, change) => {
        recorded = change;
        await record(trx, change);
      });
      if (!recorded) throw new AppError(ErrorCode.BAD_PARAMS, '订单状态已变化，请刷新后重试');
      return recorded;
    },
  };
}
