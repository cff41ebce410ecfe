import type { BrokerDelivery } from '@app/protocol/calls/broker';
import { formatCountdown } from '@app/protocol/format';
import { BrokerOrderStatus, brokerOrderStatusLabel } from '@app/protocol/statuses/broker-order-status';

const S = BrokerOrderStatus;

/**
 * What a buyer sees of a broker order in each status (business-flows §4, broker-order-status.ts):
 * the status word, one line of what happens next, and what he may do.
 */
export const brokerStatusWord = (status: number): string =>
  brokerOrderStatusLabel[status as BrokerOrderStatus] ?? '未知状态';

const HINTS: Record<BrokerOrderStatus, string> = {
  [S.AWAITING_PAYMENT]: '请在倒计时结束前完成支付，超时订单将自动取消',
  [S.PAID]: '已付款，商人将尽快联系您并在承诺时效内发货',
  [S.ENGAGED]: '商人已与您沟通，等待发货',
  [S.DELIVERING]: '商人正在发货，游戏币将转入您的收货角色',
  [S.DELIVERED]: '商人已发货，请进入游戏核对数量后确认收货',
  [S.COMPLETED]: '交易已完成',
  [S.COMPLETED_SETTLED]: '交易已完成',
  [S.COMPLETED_PENDING]: '交易已完成',
  [S.TIMEOUT]: '订单超时未支付，已自动取消',
  [S.CANCELLED]: '订单已取消',
  [S.DELIVERY_FAILED]: '发货失败，货款已全额退还',
  [S.RECEIPT_REFUSED]: '您已拒绝收货，客服将介入处理',
  [S.RETURNED]: '货款已全额退还',
};

/** By an in-game trade (the game's delivery 'trade') the steps before confirmation read differently. */
const TRADE_HINTS: Partial<Record<BrokerOrderStatus, string>> = {
  [S.PAID]: '已付款，请在订单聊天中与商人约定游戏内交易的时间和地点',
  [S.ENGAGED]: '商人已与您沟通，请按约定进入游戏与商人交易',
  [S.DELIVERING]: '请按约定进入游戏，与商人角色面对面交易',
  [S.DELIVERED]: '商人已报告完成游戏内交易，请进入游戏核对数量后确认收货',
};

export const brokerStatusHint = (status: number, delivery: BrokerDelivery = 'api'): string =>
  (delivery === 'trade' ? TRADE_HINTS[status as BrokerOrderStatus] : undefined) ??
  HINTS[status as BrokerOrderStatus] ??
  '';

/**
 * What the buyer may do in a status. A paid order the merchant left past his delivery promise
 * (`late`, the server's deliveryLate) may also be cancelled, the whole amount back; an in-game trade
 * the merchant started and left unreported past its time (`tradeOverdue`) may go to customer service.
 */
export function buyerActions(
  status: number,
  late = false,
  tradeOverdue = false,
): Array<'pay' | 'cancel' | 'urge' | 'confirm' | 'refuse' | 'service'> {
  if (status === BrokerOrderStatus.AWAITING_PAYMENT) return ['cancel', 'pay'];
  if (status === BrokerOrderStatus.PAID || status === BrokerOrderStatus.ENGAGED)
    return late ? ['cancel', 'urge'] : ['urge'];
  if (status === BrokerOrderStatus.DELIVERING) return tradeOverdue ? ['service'] : [];
  if (status === BrokerOrderStatus.DELIVERED) return ['refuse', 'confirm'];
  return [];
}

/** The tone of a status: waiting on someone, done, or ended without a deal. */
export function brokerStatusTone(status: number): 'wait' | 'done' | 'closed' {
  if (status < 0) return 'closed';
  if (status >= S.COMPLETED) return 'done';
  return 'wait';
}

/**
 * What the merchant may do on an order of his listing in a status: while delivering, ask the game
 * again ('api') or report the in-game trade done ('trade', 我已交易).
 */
export function merchantActions(
  status: number,
  delivery: BrokerDelivery = 'api',
): Array<'engaged' | 'deliver' | 'refresh' | 'report' | 'urge'> {
  if (status === BrokerOrderStatus.PAID) return ['engaged', 'deliver'];
  if (status === BrokerOrderStatus.ENGAGED) return ['deliver'];
  if (status === BrokerOrderStatus.DELIVERING) return [delivery === 'trade' ? 'report' : 'refresh'];
  if (status === BrokerOrderStatus.DELIVERED) return ['urge'];
  return [];
}

/**
 * The merchant's delivery promise on a paid order not yet delivering (102/104): how long is left, or
 * that it passed (the buyer may cancel then). Null in any other status or without a promise.
 */
export function deliveryPromise(
  o: { status: number; deliverBefore: number | null; deliverMinutes: number | null },
  nowMs: number,
): { promise: string; left: string; late: boolean } | null {
  if (o.status !== BrokerOrderStatus.PAID && o.status !== BrokerOrderStatus.ENGAGED) return null;
  if (!o.deliverBefore || o.deliverMinutes === null) return null;
  const promise = `商人承诺付款后${o.deliverMinutes}分钟内发货`;
  const leftMs = o.deliverBefore * 1000 - nowMs;
  if (leftMs <= 0) {
    const over = Math.max(1, Math.floor(-leftMs / 60_000));
    return { promise, left: `已超时${over}分钟未发货，可取消订单，货款全额原路退回`, late: true };
  }
  return { promise, left: `剩余 ${formatCountdown(leftMs / 1000)}`, late: false };
}

/**
 * An in-game trade the merchant started (106): until when he has to report it, that the time passed
 * (the buyer may ask customer service), or that the buyer asked. Null in any other case.
 */
export function tradeWait(
  o: { status: number; delivery: BrokerDelivery; tradeDueTime: number | null; tradeCsTime: number | null },
  nowMs: number,
  time: (seconds: number) => string,
): { line: string; asked: boolean } | null {
  if (o.status !== BrokerOrderStatus.DELIVERING || o.delivery !== 'trade') return null;
  if (o.tradeCsTime !== null)
    return { line: `您已于${time(o.tradeCsTime)}申请客服介入，客服核实后将退款或记为已交付`, asked: true };
  if (o.tradeDueTime === null) return null;
  if (o.tradeDueTime * 1000 > nowMs)
    return { line: `商人须在${time(o.tradeDueTime)}前报告交易完成，超时未报告可申请客服介入`, asked: false };
  return { line: '商人超时未报告交易完成，可申请客服介入，客服核实后将退款或记为已交付', asked: false };
}

/**
 * The order's end the nav bar counts down to, from the server's answer: paying before expireTime
 * (101), the merchant's delivery promise deliverBefore while nothing was delivered (102, 104), the
 * receipt confirming itself at autoConfirmTime (107). None otherwise (an in-game trade under way
 * has tradeDueTime, shown with its own words in TradeWait).
 */
export function brokerOrderDeadline(o: {
  status: number;
  expireTime: number | null;
  deliverBefore: number | null;
  deliverTime: number | null;
  autoConfirmTime: number | null;
}): { until: number; label: string; ended: string } | null {
  if (o.status === BrokerOrderStatus.AWAITING_PAYMENT && o.expireTime)
    return { until: o.expireTime, label: '剩余支付', ended: '支付已超时' };
  if (
    (o.status === BrokerOrderStatus.PAID || o.status === BrokerOrderStatus.ENGAGED) &&
    o.deliverBefore &&
    !o.deliverTime
  )
    return { until: o.deliverBefore, label: '承诺发货', ended: '已超过承诺时效' };
  if (o.status === BrokerOrderStatus.DELIVERED && o.autoConfirmTime)
    return { until: o.autoConfirmTime, label: '自动确认', ended: '即将自动确认' };
  return null;
}
