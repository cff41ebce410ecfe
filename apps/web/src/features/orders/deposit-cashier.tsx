import { formatPriceFen } from '@app/protocol/format';
import { Navigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FailureState } from '../../components/failure-state';
import { isPcPage } from '../../components/pc-page-frame';
import { sceneOfPath } from '../../lib/platform';
import { useDeposit } from './api/get-deposit';
import { depositPurposeLabel, depositReturnPath, depositRuleLine } from './cashier-mode';
import { CashierFrame, PayableCashier } from './payable-cashier';
import { useCountdown } from './use-countdown';

const TITLE = '支付保证金';

/**
 * The cashier of a deposit (保证金, docs/decisions/0021-deposits.md): 支付保证金 for the listing, the
 * amount, the pay-by countdown and what becomes of the money; paid through the same channels as an
 * order. Once paid (or when nothing is left to pay) the buyer goes back to what it secures: his
 * proposals (还价 / 出价) or the auction's detail (拍卖).
 */
export function DepositCashier({ bizNo }: { bizNo: string }) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = isPcPage(scene);
  const deposit = useDeposit(bizNo, pc ? 3000 : false);
  const d = deposit.data;
  const countdown = useCountdown(d?.payBy);
  const frame = { scene, pc, title: TITLE };
  if (deposit.isError)
    return (
      <CashierFrame {...frame}>
        <FailureState
          error={deposit.error}
          onRetry={() => deposit.refetch()}
          refused={<EmptyState title="保证金不存在" hint="请返回重新发起" art="missing" />}
        />
      </CashierFrame>
    );
  if (!d)
    return (
      <CashierFrame {...frame}>
        <div className="card skeleton" style={{ margin: 12, height: 240 }} />
      </CashierFrame>
    );
  const back = depositReturnPath(scene, d);
  // Paid, returned or closed: nothing to pay here (never navigate() while rendering).
  if (d.status !== 'unpaid') return <Navigate to={back} replace />;
  const expired = d.payBy * 1000 <= Date.now();
  const summary = (
    <>
      <div className="cashier-head">
        <div className="muted">{depositPurposeLabel[d.purpose]}</div>
        <div className="cashier-amount" data-testid="cashier-amount">
          {formatPriceFen(d.amount)}
        </div>
        <div className="muted" data-testid="deposit-pay-by">
          {expired ? (
            '支付已超时，请重新发起'
          ) : (
            <>
              请在 <b data-testid="cashier-countdown">{countdown}</b> 内完成支付，超时未支付将自动关闭
            </>
          )}
        </div>
      </div>
      <div className="order-goods cashier-goods">
        <div>
          <div className="order-title" data-testid="deposit-title">
            {d.title}
          </div>
          <div className="muted">{depositPurposeLabel[d.purpose]}</div>
        </div>
      </div>
      <div className="order-line total">
        <span>保证金</span>
        <span data-testid="cashier-total">{formatPriceFen(d.amount)}</span>
      </div>
      <p className="muted deposit-rule" data-testid="deposit-rule">
        {depositRuleLine[d.purpose]}
      </p>
    </>
  );
  return (
    <CashierFrame {...frame}>
      <PayableCashier
        scene={scene}
        pc={pc}
        mode="deposit"
        summary={summary}
        payable={{
          bizNo: d.bizNo,
          amount: d.amount,
          expired,
          returnPath: back,
          paidPath: back,
          paidToast: '保证金支付成功',
        }}
      />
    </CashierFrame>
  );
}
