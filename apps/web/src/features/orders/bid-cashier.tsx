import { formatCount, formatPriceFen } from '@app/protocol/format';
import { CoinBidStatus } from '@app/protocol/statuses/coin-bid-status';
import { Navigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FailureState } from '../../components/failure-state';
import { isPcPage } from '../../components/pc-page-frame';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { rememberedReturn } from '../../lib/return-path';
import { useCoinBidToPay } from './api/get-coin-bid';
import { CashierFrame, PayableCashier } from './payable-cashier';
import { useCountdown } from './use-countdown';

const TITLE = '支付求购差额';

/**
 * The cashier of a bid the balance could not cover (求购, bizNo 'Q' and its id,
 * docs/decisions/0025-bid-book.md): the missing money, what the balance already holds, the pay-by
 * countdown; paid through the same channels as an order. Once paid the money lands on the balance
 * and the whole bid is held from it; the buyer goes back to the page he posted it from.
 */
export function BidCashier({ bizNo }: { bizNo: string }) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = isPcPage(scene);
  const bid = useCoinBidToPay(bizNo, pc ? 3000 : false);
  const b = bid.data;
  const countdown = useCountdown(b?.funding?.payBy);
  const frame = { scene, pc, title: TITLE };
  if (bid.isError)
    return (
      <CashierFrame {...frame}>
        <FailureState
          error={bid.error}
          onRetry={() => bid.refetch()}
          refused={<EmptyState title="求购单不存在" hint="请返回重新挂单" art="missing" />}
        />
      </CashierFrame>
    );
  if (!b)
    return (
      <CashierFrame {...frame}>
        <div className="card skeleton" style={{ margin: 12, height: 240 }} />
      </CashierFrame>
    );
  const back = rememberedReturn(bizNo, paths.brokerList(scene, b.applicationId));
  // Paid (求购中), withdrawn or closed: nothing to pay here (never navigate() while rendering).
  if (b.status !== CoinBidStatus.AWAITING_FUNDS || !b.funding) return <Navigate to={back} replace />;
  const expired = b.funding.payBy * 1000 <= Date.now();
  const summary = (
    <>
      <div className="cashier-head">
        <div className="muted">应付差额</div>
        <div className="cashier-amount" data-testid="cashier-amount">
          {formatPriceFen(b.funding.amount)}
        </div>
        <div className="muted" data-testid="bid-pay-by">
          {expired ? (
            '支付已超时，求购将关闭，请重新挂单'
          ) : (
            <>
              请在 <b data-testid="cashier-countdown">{countdown}</b> 内完成支付，超时求购将自动关闭
            </>
          )}
        </div>
      </div>
      <div className="order-goods cashier-goods">
        <div>
          <div className="order-title" data-testid="bid-cashier-title">
            求购 {formatCount(b.quantity)}
            {b.goldName} · {formatPriceFen(b.unitPrice)}/万
          </div>
          <div className="muted">
            {b.serverName} · 收货角色 {b.deliverTo.roleName}
          </div>
        </div>
      </div>
      <div className="order-line">
        <span>求购总额</span>
        <span>{formatPriceFen(b.reservedAmount)}</span>
      </div>
      <div className="order-line">
        <span>余额已冻结</span>
        <span>-{formatPriceFen(b.reservedAmount - b.funding.amount)}</span>
      </div>
      <div className="order-line total">
        <span>应付</span>
        <span data-testid="cashier-total">{formatPriceFen(b.funding.amount)}</span>
      </div>
      <p className="muted deposit-rule">
        支付后款项进入余额并与已冻结部分一起冻结，求购即生效；成交时支付给卖家，撤销或过期退回余额。
      </p>
    </>
  );
  return (
    <CashierFrame {...frame}>
      <PayableCashier
        scene={scene}
        pc={pc}
        mode="bid"
        summary={summary}
        payable={{
          bizNo: b.funding.payBizNo,
          amount: b.funding.amount,
          expired,
          returnPath: back,
          paidPath: back,
          paidToast: '支付成功，求购已挂出',
        }}
      />
    </CashierFrame>
  );
}
