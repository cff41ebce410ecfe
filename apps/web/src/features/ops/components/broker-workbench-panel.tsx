import { useConsoleBrokerOrder } from '../api/get-broker-order';
import { isSessionLost } from '../api/ops-fetch';
import { BrokerOrderCard } from './broker-order-card';
import { WorkbenchError } from './workbench-error';

/**
 * Beside a broker order's chat on the workbench (opened by 进入会话 in 商人订单): the order as its
 * console card shows it, with the decision. Read with the console's session like a request's case.
 */
export function BrokerWorkbenchPanel({ orderId }: { orderId: string }) {
  const found = useConsoleBrokerOrder(orderId);
  return (
    <div className="ops-wb" data-testid="ops-wb-panel">
      {found.error ? <WorkbenchError error={found.error} from="商人订单" /> : null}
      {found.isPending ? <p className="ops-wb-empty">加载中…</p> : null}
      {found.data && !isSessionLost(found.error) ? <BrokerOrderCard order={found.data} inChat /> : null}
    </div>
  );
}
