import { formatCount, formatPriceFen } from '@app/protocol/format';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import { Navigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FailureState } from '../../components/failure-state';
import { isPcPage } from '../../components/pc-page-frame';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { useBrokerOrderToPay } from './api/get-broker-order';
import { CashierFrame, PayableCashier } from './payable-cashier';
import { useCountdown } from './use-countdown';

const TITLE = '收银台';

/**
 * The cashier of a broker order (商人卖币, bizNo 'B' and its id): the merchant, the coins and their
 * total, the pay-by countdown; paid through the same channels as an order. Once paid (or when
 * nothing is left to pay) the buyer goes to the broker order's page.
 */
export function BrokerCashier({ bizNo }: { bizNo: string }) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = isPcPage(scene);
  const order = useBrokerOrderToPay(bizNo, pc ? 3000 : false);
  const o = order.data;
  const countdown = useCountdown(o?.expireTime ?? undefined);
  const frame = { scene, pc, title: TITLE };
  if (order.isError)
    return (
      <CashierFrame {...frame}>
        <FailureState
          error={order.error}
          onRetry={() => order.refetch()}
          refused={<EmptyState title="订单不存在" hint="请返回重新下单" art="missing" />}
        />
      </CashierFrame>
    );
  if (!o)
    return (
      <CashierFrame {...frame}>
        <div className="card skeleton" style={{ margin: 12, height: 240 }} />
      </CashierFrame>
    );
  const back = paths.brokerOrderDetail(scene, o.orderId);
  // Paid, cancelled or expired: nothing to pay here (never navigate() while rendering).
  if (o.status !== BrokerOrderStatus.AWAITING_PAYMENT) return <Navigate to={back} replace />;
  const summary = (
    <>
      <div className="cashier-head">
        <div className="muted">应付金额</div>
        <div className="cashier-amount" data-testid="cashier-amount">
          {formatPriceFen(o.totalAmount)}
        </div>
        <div className="muted">
          请在 <b data-testid="cashier-countdown">{countdown}</b> 内完成支付，超时订单将自动取消
        </div>
      </div>
      <div className="order-goods cashier-goods">
        <div>
          <div className="order-title" data-testid="broker-cashier-title">
            {o.shopName} · {formatCount(o.quantity)}
            {o.goldName}
          </div>
          <div className="muted">
            {o.gameName} · {o.serverName} · 收货角色 {o.deliverTo.roleName}
          </div>
        </div>
      </div>
      <div className="order-line">
        <span>单价</span>
        <span>{formatPriceFen(o.unitPrice)}/万</span>
      </div>
      <div className="order-line total">
        <span>应付</span>
        <span data-testid="cashier-total">{formatPriceFen(o.totalAmount)}</span>
      </div>
    </>
  );
  return (
    <CashierFrame {...frame}>
      <PayableCashier
        scene={scene}
        pc={pc}
        mode="broker"
        summary={summary}
        payable={{
          bizNo: o.bizNo,
          amount: o.totalAmount,
          expired: false,
          returnPath: paths.brokerOrderDetail(scene, o.orderId, { paid: true }),
          paidPath: back,
          paidToast: '支付成功',
        }}
      />
    </CashierFrame>
  );
}
