import { useConsoleBrokerOrders } from '../api/broker-orders';
import { BrokerOrderCard } from './broker-order-card';

/** 商人订单: broker orders whose receipt the buyer refused, paid ones past the merchant's promise, and trades never reported whose buyer asked. */
export function BrokerOrdersTab() {
  const orders = useConsoleBrokerOrders();
  return (
    <section>
      <div className="ops-section-head">
        <div>
          <h2>商人订单客服处理</h2>
          <p className="ops-muted">
            买家拒绝收货的订单：核实游戏凭证后退款或确认收货；商人超过承诺时间未发货的订单：可直接退款，库存回到商品；游戏内交易开始后超时未报告、买家申请介入的订单：核实聊天后退款（库存回到商品）或记为发货完成（买家确认收货期开始）。
          </p>
        </div>
        <button type="button" className="ops-secondary" onClick={() => void orders.refetch()}>
          刷新
        </button>
      </div>
      {orders.error ? (
        <p className="ops-error" data-testid="ops-load-error">
          {orders.error.message}
        </p>
      ) : null}
      {orders.isPending ? <p className="ops-empty">加载中…</p> : null}
      {orders.data?.list.length === 0 ? (
        <p className="ops-empty" data-testid="ops-broker-empty">
          暂无待处理的商人订单
        </p>
      ) : null}
      <div className="ops-list">
        {orders.data?.list.map((o) => (
          <BrokerOrderCard key={o.orderId} order={o} />
        ))}
      </div>
    </section>
  );
}
