import { useRefusedReceipts } from '../api/get-refused-receipts';
import { RefusedCard } from './refused-card';

/** 拒绝收货: the orders whose receipt the buyer refused, oldest first, decided one by one. */
export function RefusedReceiptsTab() {
  const refused = useRefusedReceipts();
  return (
    <section>
      <div className="ops-section-head">
        <div>
          <h2>拒绝收货订单</h2>
          <p className="ops-muted">买家拒绝收货后款项留在担保中，核实后收回物品退款，或确认交付无误。</p>
        </div>
        <button type="button" className="ops-secondary" onClick={() => void refused.refetch()}>
          刷新
        </button>
      </div>
      {refused.error ? (
        <p className="ops-error" data-testid="ops-load-error">
          {refused.error.message}
        </p>
      ) : null}
      {refused.isPending ? <p className="ops-empty">加载中…</p> : null}
      {refused.data?.list.length === 0 ? (
        <p className="ops-empty" data-testid="ops-empty">
          暂无待处理的拒绝收货订单
        </p>
      ) : null}
      <div className="ops-list">
        {refused.data?.list.map((o) => (
          <RefusedCard key={o.orderId} order={o} />
        ))}
      </div>
    </section>
  );
}
