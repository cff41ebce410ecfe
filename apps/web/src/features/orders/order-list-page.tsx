import { formatPriceFen } from '@app/protocol/format';
import { Link } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { sceneOfPath } from '../../lib/platform';
import { useMyOrders } from './api/orders';
import './orders.css';

/** /{scene}/pages/orderNew/orderList/orderList: the buyer's orders, newest first. */
export default function OrderListPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const orders = useMyOrders();
  return (
    <MobileLayout title="我的订单">
      <div style={{ padding: 12 }} data-testid="order-list">
        {orders.data?.list.length === 0 ? (
          <p className="muted" style={{ textAlign: 'center' }}>
            还没有订单
          </p>
        ) : null}
        {orders.data?.list.map((o) => (
          <Link
            key={o.orderId}
            to={`/${scene}/pages/orderNew/orderDetail/orderDetail?orderId=${o.orderId}`}
            className="card order-box"
            style={{ display: 'block', margin: '0 0 10px' }}
            data-testid="order-row"
          >
            <div className="order-line">
              <span className="muted">{o.orderNo}</span>
              <b style={{ color: 'var(--c-primary)' }}>{o.statusLabel}</b>
            </div>
            <div className="order-goods" style={{ margin: '6px 0 0' }}>
              <img src={o.firstImg} alt="" width={56} height={56} />
              <div>
                <div className="order-title">{o.title}</div>
                <div className="muted">实付 {formatPriceFen(o.totalAmount)}</div>
              </div>
            </div>
          </Link>
        ))}
      </div>
    </MobileLayout>
  );
}
