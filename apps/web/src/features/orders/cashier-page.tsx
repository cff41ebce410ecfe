import type { PayableView } from '@app/protocol/calls/pay';
import { formatPriceFen } from '@app/protocol/format';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FailureState } from '../../components/failure-state';
import { PayPasswordSheet } from '../../components/pay-password-sheet';
import { isPcPage } from '../../components/pc-page-frame';
import { sceneOfPath } from '../../lib/platform';
import { useBalance } from './api/get-balance';
import { useCombination } from './api/get-combination';
import { useCoupons } from './api/get-coupons';
import { usePayable } from './api/get-payable';
import { type PayChoice, takesBalance } from './api/pay-order';
import { CashierCoupon } from './cashier-coupon';
import { CashierColumns, CashierFrame, usePaySubmit } from './cashier-parts';
import { ChannelChoices, payChannels } from './pay-channels';
import { payableNextPath } from './payable-next';
import { ScanPay } from './scan-pay';
import { useCountdown } from './use-countdown';
import './orders.css';

const signedAmount = (fen: number) => (fen < 0 ? `-${formatPriceFen(-fen)}` : formatPriceFen(fen));

/** What is paid and how much, as the server describes it: the amount, the deadline, the goods, the lines, the coupon. */
function CashierSummary({
  p,
  countdown,
  expired,
  couponLocked,
}: {
  p: PayableView;
  countdown: string;
  expired: boolean;
  couponLocked: boolean;
}) {
  return (
    <>
      <div className="cashier-head">
        <div className="muted">{p.heading}</div>
        <div className="cashier-amount" data-testid="cashier-amount">
          {formatPriceFen(p.amount)}
        </div>
        {p.payBy !== null ? (
          <div className="muted" data-testid="cashier-pay-by">
            {expired ? (
              p.expiredNote
            ) : (
              <>
                请在 <b data-testid="cashier-countdown">{countdown}</b> 内完成支付，{p.deadlineNote}
              </>
            )}
          </div>
        ) : null}
      </div>
      <div className="order-goods cashier-goods">
        {p.goods.image ? <img src={p.goods.image} alt="" width={56} height={56} /> : null}
        <div>
          <div className="order-title" data-testid="cashier-title">
            {p.goods.title}
          </div>
          {p.goods.subtitle ? <div className="muted">{p.goods.subtitle}</div> : null}
        </div>
      </div>
      {p.lines.map((line) => (
        <div className="order-line" key={line.key} data-testid={`cashier-${line.key}`}>
          <span>{line.label}</span>
          <span>
            {signedAmount(line.amount)}
            {line.unit ?? ''}
          </span>
        </div>
      ))}
      {p.coupon ? <CashierCoupon coupon={p.coupon} locked={couponLocked} /> : null}
      <div className="order-line total">
        <span>{p.totalLabel}</span>
        <span data-testid="cashier-total">{formatPriceFen(p.amount)}</span>
      </div>
      {p.note ? (
        <p className="muted deposit-rule" data-testid="cashier-note">
          {p.note}
        </p>
      ) : null}
    </>
  );
}

/**
 * /{scene}/pages/orderNew/cashier/cashier?orderId=…: the one cashier of every purpose (an order, a
 * deposit 'D…', a broker order 'B…', a bid's missing money 'Q…', whatever registers next;
 * docs/decisions/0043-payable-purpose.md). It renders what the server says is being paid and knows
 * none of them: the amount and its lines, the pay-by countdown, an order's coupon (held, or one to
 * pick), and the ways to pay (支付宝, 微信, 余额, 花呗, and balance plus a third party when the
 * balance covers part). A third party opens its cashier and returns to the next page; balance pays
 * at once. On a PC: what is paid on the left, the channels on the right, 支付宝 by scanning a QR
 * code, drawn at once unless a coupon is still to decide (the code fixes the amount).
 */
export default function CashierPage() {
  const [params] = useSearchParams();
  const bizNo = params.get('orderId') ?? '';
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = isPcPage(scene);
  // On a PC it is asked for again while the buyer scans with a phone.
  const payable = usePayable(bizNo, pc ? 3000 : false);
  const p = payable.data;
  const balance = useBalance();
  const combination = useCombination(bizNo);
  const coupons = useCoupons(p?.coupon?.commodityId ?? '', Boolean(p?.coupon));
  const { submit, pending } = usePaySubmit(scene);
  const [channel, setChannel] = useState<PayChoice>(1);
  const [scanAsked, setScanAsked] = useState(false);
  // The balance pays all or part: the payment password first, on the keypad sheet.
  const [askingPin, setAskingPin] = useState(false);
  const countdown = useCountdown(p?.payBy ?? undefined);
  const frame = { scene, pc, title: p?.title ?? '收银台' };
  if (payable.isError)
    return (
      <CashierFrame {...frame}>
        <FailureState
          error={payable.error}
          onRetry={() => payable.refetch()}
          refused={<EmptyState title={refusedTitle(payable.error)} hint="请返回重新下单" art="missing" />}
        />
      </CashierFrame>
    );
  if (!p)
    return (
      <CashierFrame {...frame}>
        <div className="card skeleton" style={{ margin: 12, height: 240 }} />
      </CashierFrame>
    );
  // Paid, cancelled or closed: nothing to pay here, its next page instead (never navigate() while rendering).
  if (!p.open) return <Navigate to={payableNextPath(scene, p)} replace />;
  const expired = p.payBy !== null && p.payBy * 1000 <= Date.now();
  const couponChoice = Boolean(p.coupon && (p.coupon.held || (coupons.data?.usable.length ?? 0) > 0));
  const couponsDecided = !p.coupon || coupons.isSuccess;
  const scanning = pc && channel === 1 && !expired && (scanAsked || (couponsDecided && !couponChoice));
  const available = balance.data?.available ?? 0;
  const channels = payChannels(p.amount, available, Boolean(combination.data?.available), pc);
  const request = {
    bizNo: p.bizNo,
    channel,
    total: p.amount,
    available,
    returnPath: payableNextPath(scene, p, true),
    paidPath: payableNextPath(scene, p),
    paidToast: p.paidToast,
  };
  const pay = () => (takesBalance(channel) ? setAskingPin(true) : submit(request));
  const balancePart = channel === 3 ? p.amount : Math.min(available, p.amount - 1);
  const channelList = expired ? null : (
    <>
      <ChannelChoices channels={channels} channel={channel} onChange={setChannel} locked={scanning && couponChoice} />
      {scanning ? (
        <ScanPay bizNo={p.bizNo} total={p.amount} />
      ) : pc && channel === 1 ? (
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={!coupons.isSuccess && !coupons.isError}
          onClick={() => setScanAsked(true)}
          data-testid="scan-start"
        >
          生成付款二维码 {formatPriceFen(p.amount)}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={pending}
          onClick={pay}
          data-testid="pay-submit"
        >
          确认支付 {formatPriceFen(p.amount)}
        </button>
      )}
      {pc && channel === 1 && !scanning && couponChoice ? (
        <p className="muted cashier-coupon-note">生成付款二维码后优惠券不可更换</p>
      ) : null}
    </>
  );
  const summary = (
    <CashierSummary
      p={p}
      countdown={countdown}
      expired={expired}
      couponLocked={Boolean(p.coupon?.locked) || (scanning && couponChoice)}
    />
  );
  return (
    <CashierFrame {...frame}>
      <CashierColumns pc={pc} mode={p.purpose} summary={summary} pay={channelList} />
      {askingPin ? (
        <PayPasswordSheet
          scene={scene}
          pc={pc}
          title={channel === 3 ? '余额支付' : '余额支付部分'}
          amount={formatPriceFen(balancePart)}
          onClose={() => setAskingPin(false)}
          onSubmit={(pin) => submit({ ...request, payPassword: pin })}
        />
      ) : null}
    </CashierFrame>
  );
}

/** The server's refusal (订单不存在, 保证金不存在, 求购单不存在), or the order's words for anything else. */
const refusedTitle = (error: unknown) =>
  error instanceof Error && /不存在/.test(error.message) ? error.message : '订单不存在';
