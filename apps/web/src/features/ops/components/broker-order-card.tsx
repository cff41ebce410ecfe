import { formatPriceFen } from '@app/protocol/format';
import { BrokerOrderStatus, brokerOrderStatusLabel } from '@app/protocol/statuses/broker-order-status';
import { useState } from 'react';
import { type ConsoleBrokerOrder, useResolveBrokerOrder } from '../api/broker-orders';
import { useJoinBrokerOrderChat } from '../api/join-broker-order-chat';
import { DecisionNote } from './decision-note';
import { formatTime } from './format';
import { workbenchChatUrl } from './workbench-url';

const REFUSED: number = BrokerOrderStatus.RECEIPT_REFUSED;
const DELIVERING: number = BrokerOrderStatus.DELIVERING;
const UNDELIVERED: readonly number[] = [BrokerOrderStatus.PAID, BrokerOrderStatus.ENGAGED];

/**
 * One broker order for customer service: a refused receipt (refund, or confirm the delivery the
 * game signed), a paid order the merchant left past his promise (refund only, the coins back on
 * sale), or an in-game trade the merchant started and never reported, the buyer asking (refund, the
 * coins back on sale, or record it delivered: the buyer then confirms or refuses as after a report).
 * 进入会话 joins the order's chat as 客服 and opens it on the workbench beside this card (`inChat`:
 * the card there, without the button; once decided, only what became of it).
 */
export function BrokerOrderCard({ order, inChat = false }: { order: ConsoleBrokerOrder; inChat?: boolean }) {
  const [note, setNote] = useState('');
  const resolve = useResolveBrokerOrder();
  const join = useJoinBrokerOrderChat();
  const refused = order.status === REFUSED;
  const stuck = order.status === DELIVERING;
  const open = refused || stuck || UNDELIVERED.includes(order.status);
  const openChat = () =>
    join.mutate(order.orderId, {
      onSuccess: (joined) =>
        globalThis.open(workbenchChatUrl(joined, { brokerOrderId: order.orderId }), `broker-order-${order.orderId}`),
    });
  const decide = (decision: 'refund' | 'confirm') => {
    const question =
      decision === 'refund'
        ? `确认退款？将退还买家 ${formatPriceFen(order.totalAmount)} 到余额`
        : stuck
          ? '确认已在游戏中交付？订单将记为发货完成，买家确认收货或超时后货款进入商人待入账'
          : '确认交付无误？商人的货款将进入待入账';
    if (!globalThis.confirm(question)) return;
    resolve.mutate({ orderId: order.orderId, decision, note });
  };
  const label = brokerOrderStatusLabel[order.status as keyof typeof brokerOrderStatusLabel] ?? '';
  return (
    <article
      className="ops-card"
      data-testid="ops-broker-order"
      data-order-id={order.orderId}
      data-kind={refused ? 'refused' : stuck ? 'trade' : open ? 'late' : 'done'}
    >
      <header>
        <div>
          <b>
            {order.serverName} · {order.goldName} ×{order.quantity.toLocaleString('zh-CN')}
          </b>
          <span className="ops-tag">商人订单</span>
        </div>
        <span className="ops-status" data-testid="ops-broker-status">
          {refused
            ? '拒绝收货 · 待处理'
            : stuck
              ? '游戏内交易 · 超时未报告 · 买家申请客服介入'
              : open
                ? `${label} · 超时未发货`
                : `${label} · 已处理`}
        </span>
      </header>
      <dl>
        <dt>订单号</dt>
        <dd className="ops-mono">{order.orderNo}</dd>
        <dt>订单金额</dt>
        <dd className="ops-money">{formatPriceFen(order.totalAmount)}</dd>
        <dt>买家 / 商人</dt>
        <dd>
          用户{order.buyerUserId} / 用户{order.merchantUserId}
        </dd>
        <dt>付款时间</dt>
        <dd>{formatTime(order.payTime && order.payTime * 1000)}</dd>
        <dt>承诺发货</dt>
        <dd>{order.deliverBefore ? `${formatTime(order.deliverBefore * 1000)} 前` : '—'}</dd>
        <dt>交付</dt>
        <dd>
          {order.receipt
            ? `${order.receipt.amount ?? order.quantity} ${order.receipt.coinType ?? order.goldName} 已发到买家角色 ${order.receipt.to}（${formatTime(order.receipt.at)}，游戏已签名）`
            : stuck && order.deliverFrom
              ? `游戏内交易：商人角色 ${order.deliverFrom.roleName}（${order.deliverFrom.serverName}）于 ${formatTime(order.deliveringTime && order.deliveringTime * 1000)} 开始，未报告完成；请核实订单聊天`
              : '未发货'}
        </dd>
        {order.tradeCsTime ? (
          <>
            <dt>申请介入</dt>
            <dd>{formatTime(order.tradeCsTime * 1000)}</dd>
          </>
        ) : null}
        {order.note ? (
          <>
            <dt>说明</dt>
            <dd className="ops-reason">{order.note}</dd>
          </>
        ) : null}
      </dl>
      {open ? (
        <DecisionNote note={note} onNote={setNote} decision={resolve} testIds="ops-broker" />
      ) : resolve.error ? (
        <p className="ops-error" data-testid="ops-broker-error">
          {resolve.error.message}
        </p>
      ) : null}
      {join.error ? (
        <p className="ops-error" data-testid="ops-broker-chat-error">
          {join.error.message}
        </p>
      ) : null}
      <div className="ops-actions">
        {inChat ? null : (
          <button
            type="button"
            className="ops-secondary"
            disabled={join.isPending}
            onClick={openChat}
            data-testid="ops-broker-chat"
          >
            进入会话
          </button>
        )}
        {open && (refused || stuck) ? (
          <button
            type="button"
            className="ops-secondary"
            disabled={resolve.isPending}
            onClick={() => decide('confirm')}
            data-testid="ops-broker-confirm"
          >
            {stuck ? '已在游戏中交付，记为发货完成' : '交付无误，确认收货'}
          </button>
        ) : null}
        {open ? (
          <button
            type="button"
            className="ops-danger"
            disabled={resolve.isPending}
            onClick={() => decide('refund')}
            data-testid="ops-broker-refund"
          >
            退款给买家
          </button>
        ) : null}
      </div>
    </article>
  );
}
