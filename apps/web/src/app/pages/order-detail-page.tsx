import OrdersOrderDetailPage from '../../features/orders/order-detail-page';
import { OrderSupport } from '../../features/support/order-support';
import { UrgeButton } from '../../features/support/urge-button';

/** One order (orders) with customer service and the urges (support): 联系客服, its progress, the rating, 催发货 / 提醒收货. */
export default function OrderDetailPage() {
  return <OrdersOrderDetailPage Support={OrderSupport} Urge={UrgeButton} />;
}
