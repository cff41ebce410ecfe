import { ErrorCode } from '@app/protocol/errors';
import { formatPriceFen } from '@app/protocol/format';
import { type CaseOption, caseRefOf, type RefusedCase } from '@app/protocol/refused-cases';
import { BrokerOrderStatus, brokerOrderStatusLabel } from '@app/protocol/statuses/broker-order-status';
import { AppError } from '../../platform/errors';
import type { CaseChange, CaseSide, RefusedCaseSource } from '../casework/refused-cases';
import { type BrokerOrderDeps, type BrokerOrderRow, brokerOrders, refusedBrokerOrders } from './broker-order.queries';
import { decideRefusedBrokerOrder } from './broker-order.service';
import { brokerOrderForService } from './broker-order-chat-service';
import { isStuckTradeCase } from './broker-order-stuck';

const S = BrokerOrderStatus;
const ms = (d: Date | null) => d?.getTime() ?? null;
const side = (r: BrokerOrderRow): CaseSide => ({
  status: r.status,
  statusLabel: brokerOrderStatusLabel[r.status as BrokerOrderStatus] ?? '',
  note: r.note,
});

function deliveryText(r: BrokerOrderRow, stuck: boolean): string {
  if (r.receipt)
    return `${r.receipt.amount ?? Number(r.quantity)} ${r.receipt.coinType ?? r.gold_name} 已发到买家角色 ${r.receipt.to}（游戏已签名）`;
  if (stuck && r.from_role_id)
    return `游戏内交易：商人角色 ${r.from_role_name ?? ''}（${r.from_server_name ?? r.server_name}）开始，未报告完成；请核实订单聊天`;
  return '未发货';
}

/** A broker order as the console's card shows it: a refused receipt, a merchant past his promise, a trade never reported. */
export function brokerCase(r: BrokerOrderRow, now = Date.now()): RefusedCase {
  const refused = r.status === S.RECEIPT_REFUSED;
  const stuck = isStuckTradeCase(r);
  const undelivered = r.status === S.PAID || r.status === S.ENGAGED;
  const late = undelivered && r.deliver_before !== null && r.deliver_before.getTime() <= now;
  const open = refused || stuck || late;
  const label = brokerOrderStatusLabel[r.status as BrokerOrderStatus] ?? '';
  const total = Number(r.total_fen);
  const refund: CaseOption = {
    decision: 'refund',
    label: '退款给买家',
    question: `确认退款？将退还买家 ${formatPriceFen(total)} 到余额`,
  };
  const confirm: CaseOption = stuck
    ? {
        decision: 'confirm',
        label: '已在游戏中交付，记为发货完成',
        question: '确认已在游戏中交付？订单将记为发货完成，买家确认收货或超时后货款进入商人待入账',
      }
    : { decision: 'confirm', label: '交付无误，确认收货', question: '确认交付无误？商人的货款将进入待入账' };
  return {
    caseRef: caseRefOf('broker', r.id),
    domain: 'broker',
    kind: refused ? 'refused' : stuck ? 'trade' : 'late',
    orderId: String(r.id),
    orderNo: r.order_no,
    title: `${r.server_name} · ${r.gold_name} ×${Number(r.quantity).toLocaleString('zh-CN')}`,
    tag: '商人订单',
    status: r.status,
    headline: refused
      ? '拒绝收货 · 待处理'
      : stuck
        ? '游戏内交易 · 超时未报告 · 买家申请客服介入'
        : late
          ? `${label} · 超时未发货`
          : `${label} · 已处理`,
    amount: total,
    facts: [
      { label: '订单号', value: r.order_no, style: 'mono' },
      { label: '订单金额', value: formatPriceFen(total), style: 'money' },
      { label: '买家 / 商人', value: `用户${r.buyer_user_id} / 用户${r.seller_user_id}` },
      { label: '付款时间', value: '', at: ms(r.paid_at) },
      { label: '承诺发货前', value: r.deliver_before ? '' : '—', at: ms(r.deliver_before) },
      { label: '交付', value: deliveryText(r, stuck), at: r.receipt?.at ?? ms(r.delivering_at) },
      ...(r.trade_cs_at ? [{ label: '申请介入', value: '', at: ms(r.trade_cs_at) }] : []),
      ...(r.note ? [{ label: '说明', value: r.note, style: 'reason' as const }] : []),
    ],
    note: r.note,
    since: (r.trade_cs_at ?? (late ? r.deliver_before : null) ?? r.updated_at).getTime(),
    open,
    options: !open ? [] : refused || stuck ? [confirm, refund] : [refund],
    staffNotes: null,
    chat: true,
  };
}

/** The broker's adapter of the console's refused cases (registered at composition). */
export function brokerRefusedCases(deps: BrokerOrderDeps): RefusedCaseSource {
  const now = () => (deps.now ?? Date.now)();
  return {
    domain: 'broker',
    waiting: async () => (await refusedBrokerOrders(deps.db, now())).map((r) => brokerCase(r, now())),
    one: async (orderId) => brokerCase(await brokerOrderForService(deps.db, orderId), now()),
    decide: async (orderId, decision, staff, record) => {
      let recorded: CaseChange | undefined;
      await decideRefusedBrokerOrder(deps, orderId, decision, {
        name: staff.name,
        note: staff.note,
        onMoved: async (trx, before) => {
          const after = await brokerOrders(trx).where('id', '=', before.id).executeTakeFirstOrThrow();
          recorded = {
            orderId: before.id,
            orderNo: before.order_no,
            before: side(before),
            after: { ...side(after), ...(decision === 'refund' ? { refundedFen: Number(before.total_fen) } : {}) },
          };
          await record(trx, recorded);
        },
      });
      if (!recorded) throw new AppError(ErrorCode.BAD_PARAMS, '订单状态已变化，请刷新后重试');
      return recorded;
    },
  };
}
