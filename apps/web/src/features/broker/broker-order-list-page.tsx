import type { BrokerOrder } from '@app/protocol/calls/broker-orders';
import { formatPriceFen } from '@app/protocol/format';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { isPcPage, PageFrame } from '../../components/pc-page-frame';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { BROKER_ORDER_PAGE_SIZE, useBrokerOrders, useBrokerOrderTabs } from './api/broker-order-api';
import { formatCoins } from './broker-logic';
import { brokerStatusTone } from './broker-order-logic';
import { LoginFirst, loggedIn } from './merchant-shared';
import './broker.css';
import { BrokerPager } from './broker-pager';

/** One broker order in my list: the shop, what and how much, the total, its status. */
function BrokerOrderRow({ o, scene }: { o: BrokerOrder; scene: string }) {
  return (
    <Link
      to={paths.brokerOrderDetail(scene, o.orderId)}
      className="card my-listing broker-order-row"
      data-testid="broker-order-row"
      data-order-id={o.orderId}
    >
      <div className="my-listing-top">
        <span className="broker-shop">
          <span className="broker-shop-mark" aria-hidden="true">
            {o.shopName.slice(0, 1)}
          </span>
          <b>{o.shopName}</b>
        </span>
        <span className={`broker-order-status t-${brokerStatusTone(o.status)}`} data-testid="broker-order-row-status">
          {o.statusLabel}
        </span>
      </div>
      <div className="broker-order-row-body">
        <span>
          {o.gameName} · {o.serverName}
          <br />
          <span className="muted">
            {formatCoins(o.quantity)}
            {o.goldName} · {formatPriceFen(o.unitPrice)}/万
          </span>
        </span>
        <span>
          实付 <b className="broker-price-sm">{formatPriceFen(o.totalAmount)}</b>
        </span>
      </div>
    </Link>
  );
}

/** /{scene}/pages/broker/orderList: 我的订单 · 商人订单, my broker orders by status. */
export default function BrokerOrderListPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = isPcPage(scene);
  const [params, setParams] = useSearchParams();
  const statusText = params.get('status');
  const status = statusText ? Number(statusText) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const signedIn = loggedIn();
  const tabs = useBrokerOrderTabs(signedIn);
  const orders = useBrokerOrders(status, page, signedIn);
  const go = (next: { status?: number | undefined; page?: number }) => {
    const q = new URLSearchParams();
    const s = 'status' in next ? next.status : status;
    if (s !== undefined) q.set('status', String(s));
    if (next.page && next.page > 1) q.set('page', String(next.page));
    setParams(q, { replace: true });
  };
  const list = orders.data?.list ?? [];
  const shown = (tabs.data?.list ?? []).filter((t) => t.count > 0 || t.status === status);
  return (
    <PageFrame title="我的订单">
      <div className={pc ? 'broker-page broker-page-pc' : 'broker-page'} data-testid="broker-order-list">
        <nav className="order-kinds" aria-label="订单类型">
          <Link to={paths.orderList(scene)} className="order-kind">
            我买到的
          </Link>
          <Link to={`${paths.orderList(scene)}?tab=sold`} className="order-kind">
            我卖出的
          </Link>
          <Link to={paths.brokerOrders(scene)} aria-current="page" className="order-kind on">
            商人订单
          </Link>
        </nav>
        {signedIn ? (
          <div className="broker-chips">
            <button
              type="button"
              className={`broker-chip${status === undefined ? ' on' : ''}`}
              aria-pressed={status === undefined}
              onClick={() => go({ status: undefined })}
            >
              全部
            </button>
            {shown.map((t) => (
              <button
                key={t.status}
                type="button"
                className={`broker-chip${status === t.status ? ' on' : ''}`}
                aria-pressed={status === t.status}
                onClick={() => go({ status: t.status })}
                data-testid={`broker-order-tab-${t.status}`}
              >
                {t.statusLabel} {t.count}
              </button>
            ))}
          </div>
        ) : null}
        {!signedIn ? (
          <LoginFirst scene={scene} what="查看订单" />
        ) : orders.isPending ? (
          <div className="skeleton broker-skeleton broker-skeleton-120" />
        ) : orders.isError ? (
          <EmptyState title={orders.error.message} art="error" />
        ) : list.length === 0 ? (
          <EmptyState title="还没有商人订单" hint="在游戏币分类的「商人卖币」中向认证商人购买" />
        ) : (
          <div className="my-listings">
            {list.map((o) => (
              <BrokerOrderRow key={o.orderId} o={o} scene={scene} />
            ))}
          </div>
        )}
        <BrokerPager page={page} hasMore={Boolean(orders.data?.hasMore)} go={(p) => go({ page: p })} />
        <p className="muted merchant-foot">每页 {BROKER_ORDER_PAGE_SIZE} 笔，按下单时间从新到旧</p>
      </div>
    </PageFrame>
  );
}
