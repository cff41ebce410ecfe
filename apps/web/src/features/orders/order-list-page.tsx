import type { Order } from '@app/protocol/calls/orders';
import { formatPriceFen } from '@app/protocol/format';
import { Link, useSearchParams } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { isPcPage } from '../../components/pc-page-frame';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { useMyOrders } from './api/get-my-orders';
import { useSellOrders } from './api/get-sell-orders';
import './orders.css';

type Tab = 'bought' | 'sold';
const TABS: Array<{ tab: Tab; label: string }> = [
  { tab: 'bought', label: '我买到的' },
  { tab: 'sold', label: '我卖出的' },
];

/** One order in the list: the buyer sees what they paid, the seller the price and what they receive. */
function OrderRow({ o, scene }: { o: Order; scene: string }) {
  return (
    <Link
      to={paths.orderDetail(scene, o.orderId)}
      className="card order-box order-row"
      data-testid="order-row"
      data-order-id={o.orderId}
    >
      <div className="order-line">
        <span className="muted">{o.orderNo}</span>
        <b className="order-row-status" data-testid="order-row-status">
          {o.statusLabel}
        </b>
      </div>
      <div className="order-goods" style={{ margin: '6px 0 0' }}>
        <img src={o.firstImg} alt="" width={56} height={56} />
        <div>
          <div className="order-title">{o.title}</div>
          {o.role === 'seller' ? (
            <div className="muted" data-testid="order-row-money">
              售价 {formatPriceFen(o.price)} · 到手{' '}
              <b className="order-row-receive">{formatPriceFen(o.sellerReceive)}</b>
            </div>
          ) : (
            <div className="muted" data-testid="order-row-money">
              实付 {formatPriceFen(o.totalAmount)}
            </div>
          )}
        </div>
      </div>
    </Link>
  );
}

/**
 * /{scene}/pages/orderNew/orderList/orderList: 我买到的 (the default) and 我卖出的 (?tab=sold),
 * newest first; each row opens the order page, which words it for the viewer.
 */
export default function OrderListPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'sold' ? 'sold' : 'bought';
  const bought = useMyOrders();
  const sold = useSellOrders(tab === 'sold');
  const orders = tab === 'sold' ? sold : bought;
  const body = (
    <div className="order-list" data-testid="order-list">
      <div className="order-tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.tab}
            type="button"
            role="tab"
            aria-selected={tab === t.tab}
            className={`order-tab${tab === t.tab ? ' active' : ''}`}
            onClick={() => setParams(t.tab === 'sold' ? { tab: 'sold' } : {}, { replace: true })}
            data-testid={`order-tab-${t.tab}`}
          >
            {t.label}
          </button>
        ))}
        <Link
          to={paths.brokerOrders(scene)}
          role="tab"
          aria-selected={false}
          className="order-tab"
          data-testid="order-tab-broker"
        >
          商人订单
        </Link>
      </div>
      {orders.isPending ? <div className="card order-box skeleton" style={{ height: 96 }} /> : null}
      {orders.data?.list.length === 0 ? (
        <p className="muted" style={{ textAlign: 'center' }} data-testid="order-list-empty">
          {tab === 'sold' ? '还没有卖出的订单' : '还没有订单'}
        </p>
      ) : null}
      {orders.data?.list.map((o) => (
        <OrderRow key={o.orderId} o={o} scene={scene} />
      ))}
    </div>
  );
  if (isPcPage(scene))
    return (
      <PcLayout scene={scene} title="我的订单">
        <h1 className="pc-page-heading">我的订单</h1>
        {body}
      </PcLayout>
    );
  return <MobileLayout title="我的订单">{body}</MobileLayout>;
}
