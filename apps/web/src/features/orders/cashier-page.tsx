import type { Order } from '@app/protocol/calls/orders';
import { formatPriceFen } from '@app/protocol/format';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { isPcPage } from '../../components/pc-page-frame';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { useBalance } from './api/get-balance';
import { useCombination } from './api/get-combination';
import { useCoupons } from './api/get-coupons';
import { useOrder } from './api/get-order';
import type { PayChoice } from './api/pay-order';
import { BidCashier } from './bid-cashier';
import { BrokerCashier } from './broker-cashier';
import { CashierCoupon } from './cashier-coupon';
import { cashierMode } from './cashier-mode';
import { DepositCashier } from './deposit-cashier';
import { ChannelChoices, payChannels } from './pay-channels';
import { CashierColumns, CashierFrame, usePaySubmit } from './payable-cashier';
import { ScanPay } from './scan-pay';
import { useCountdown } from './use-countdown';
import './orders.css';

/** What is paid for and how much: the amount to pay, the countdown, the goods, the price lines and the coupon. */
function CashierSummary({ o, countdown, couponLocked }: { o: Order; countdown: string; couponLocked: boolean }) {
  return (
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
        <img src={o.firstImg} alt="" width={56} height={56} />
        <div>
          <div className="order-title">{o.title}</div>
          <div className="muted">{[o.gameName, o.serverName].filter(Boolean).join(' · ')}</div>
        </div>
      </div>
      <div className="order-line">
        <span>商品价格</span>
        <span>{formatPriceFen(o.price)}</span>
      </div>
      {o.depositAmount > 0 ? (
        <div className="order-line" data-testid="cashier-deposit">
          <span>保证金抵扣</span>
          <span>-{formatPriceFen(o.depositAmount)}</span>
        </div>
      ) : null}
      {o.buyerFee > 0 ? (
        <div className="order-line">
          <span>服务费</span>
          <span>{formatPriceFen(o.buyerFee)}</span>
        </div>
      ) : null}
      <CashierCoupon order={o} locked={couponLocked} />
      <div className="order-line total">
        <span>应付</span>
        <span data-testid="cashier-total">{formatPriceFen(o.totalAmount)}</span>
      </div>
    </>
  );
}

/**
 * /{scene}/pages/orderNew/cashier/cashier?orderId=…: an order, a deposit (保证金) when the
 * parameter is its bizNo ('D…', DepositCashier), a broker order ('B…', BrokerCashier), a bid's
 * missing money ('Q…', BidCashier).
 */
export default function CashierPage() {
  const [params] = useSearchParams();
  const bizNo = params.get('orderId') ?? '';
  const mode = cashierMode(bizNo);
  if (mode === 'broker') return <BrokerCashier bizNo={bizNo} />;
  if (mode === 'bid') return <BidCashier bizNo={bizNo} />;
  return mode === 'deposit' ? <DepositCashier bizNo={bizNo} /> : <OrderCashier orderId={bizNo} />;
}

/**
 * An order's cashier: its countdown, its coupon (held, or
 * one to pick), and the ways to pay (支付宝, 微信, 余额, 花呗, and balance plus a third party when
 * the balance covers part). A third party opens its cashier and returns to the order; balance pays
 * at once. On a PC: the order on the left, the channels on the right, 支付宝 by scanning a QR code.
 */
function OrderCashier({ orderId }: { orderId: string }) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = isPcPage(scene);
  // On a PC the order is asked for again while the buyer scans with a phone.
  const order = useOrder(orderId, pc ? 3000 : false);
  const balance = useBalance();
  const combination = useCombination(orderId);
  const coupons = useCoupons(order.data?.commodityId ?? '', Boolean(order.data));
  const { submit, pending } = usePaySubmit(scene);
  const [channel, setChannel] = useState<PayChoice>(1);
  const [scanAsked, setScanAsked] = useState(false);
  const o = order.data;
  const countdown = useCountdown(o?.expireTime);
  const frame = { scene, pc, title: '收银台' };
  if (!o)
    return (
      <CashierFrame {...frame}>
        <div className="card skeleton" style={{ margin: 12, height: 240 }} />
      </CashierFrame>
    );
  const detailPath = paths.orderDetail(scene, o.orderId);
  // A paid, cancelled or expired order has nothing to pay: its page instead (never navigate() while rendering).
  if (o.status !== 1) return <Navigate to={detailPath} replace />;
  // The QR code starts a payment, which fixes the amount: drawn at once when there is no coupon
  // to decide on, else when the buyer asks for it.
  const couponChoice = o.couponAmount > 0 || (coupons.data?.usable.length ?? 0) > 0;
  const scanning = pc && channel === 1 && (scanAsked || (coupons.isSuccess && !couponChoice));
  const available = balance.data?.available ?? 0;
  const channels = payChannels(o.totalAmount, available, Boolean(combination.data?.available), pc);
  const pay = () =>
    submit({
      bizNo: o.orderId,
      channel,
      total: o.totalAmount,
      available,
      returnPath: paths.orderDetail(scene, o.orderId, { paid: true }),
      paidPath: detailPath,
      paidToast: '支付成功',
    });
  const channelList = (
    <>
      <ChannelChoices channels={channels} channel={channel} onChange={setChannel} locked={scanning} />
      {scanning ? (
        <ScanPay bizNo={o.orderId} total={o.totalAmount} />
      ) : pc && channel === 1 ? (
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={!coupons.isSuccess && !coupons.isError}
          onClick={() => setScanAsked(true)}
          data-testid="scan-start"
        >
          生成付款二维码 {formatPriceFen(o.totalAmount)}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={pending}
          onClick={pay}
          data-testid="pay-submit"
        >
          确认支付 {formatPriceFen(o.totalAmount)}
        </button>
      )}
      {pc && channel === 1 && !scanning && couponChoice ? (
        <p className="muted cashier-coupon-note">生成付款二维码后优惠券不可更换</p>
      ) : null}
    </>
  );
  const summary = (
    <CashierSummary o={o} countdown={countdown} couponLocked={o.payStarted || (scanning && couponChoice)} />
  );
  return (
    <CashierFrame {...frame}>
      <CashierColumns pc={pc} mode="order" summary={summary} pay={channelList} />
    </CashierFrame>
  );
}
