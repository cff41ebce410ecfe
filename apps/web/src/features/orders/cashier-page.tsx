import { formatPriceFen } from '@app/protocol/format';
import { payChannelLabel } from '@app/protocol/pay-channel';
import { type Scene, xSourceOfScene } from '@app/protocol/platform';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { configFor } from '../../lib/api/keys';
import { sceneOfPath } from '../../lib/platform';
import { storage } from '../../lib/storage';
import { showToast } from '../../lib/ui-bus';
import { type PayChoice, useBalance, useCombination, useOrder, usePay } from './api/orders';
import { ScanPay } from './scan-pay';
import { useCountdown } from './use-countdown';
import './orders.css';

/** The balance-pay guard of business-flows §4: a second tap within 2 s does nothing. */
const BALANCE_GUARD_MS = 2000;

/**
 * /{scene}/pages/orderNew/cashier/cashier?orderId=…: the order's countdown and the ways to pay
 * (支付宝, 微信, 余额, 花呗, and balance plus a third party when the balance covers part). A
 * third party opens its cashier and returns to the order; balance pays at once.
 */
export default function CashierPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const pc = scene === 'web' || scene === 'webpc';
  // On a PC the order is asked for again while the buyer scans with a phone.
  const order = useOrder(orderId, pc ? 3000 : false);
  const balance = useBalance();
  const combination = useCombination(orderId);
  const pay = usePay();
  const [channel, setChannel] = useState<PayChoice>(1);
  const [guardUntil, setGuardUntil] = useState(0);
  const o = order.data;
  const countdown = useCountdown(o?.expireTime);
  if (!o)
    return (
      <MobileLayout title="收银台">
        <div className="card skeleton" style={{ margin: 12, height: 240 }} />
      </MobileLayout>
    );
  const detailPath = `/${scene}/pages/orderNew/orderDetail/orderDetail?orderId=${o.orderId}`;
  if (o.status !== 1) {
    navigate(detailPath, { replace: true });
    return null;
  }
  const available = balance.data?.available ?? 0;
  const channels: Array<{ c: PayChoice; ok: boolean; note?: string }> = [
    { c: 1, ok: true },
    { c: 2, ok: true },
    { c: 3, ok: available >= o.totalAmount, note: `可用 ${formatPriceFen(available)}` },
    { c: 4, ok: true },
    {
      c: 5,
      ok: Boolean(combination.data?.available),
      note: `余额抵扣 ${formatPriceFen(Math.min(available, o.totalAmount))}`,
    },
    {
      c: 6,
      ok: Boolean(combination.data?.available),
      note: `余额抵扣 ${formatPriceFen(Math.min(available, o.totalAmount))}`,
    },
  ];
  const submit = async () => {
    if (channel === 3) {
      if (Date.now() < guardUntil) return;
      setGuardUntil(Date.now() + BALANCE_GUARD_MS);
    }
    // Gray users in production land in the pre environment after paying (business-flows §9).
    const landing =
      storage.get('X-Env') === 'gray' ? (await configFor(xSourceOfScene[scene as Scene])).payLandingBase : '';
    const answer = await pay
      .mutateAsync({
        orderId: o.orderId,
        channel,
        total: o.totalAmount,
        balance: Math.min(available, o.totalAmount - 1),
        returnUrl: `${landing}${detailPath}&paid=1`,
      })
      .catch(() => null);
    if (!answer) return;
    if (answer.paid) {
      showToast('支付成功');
      navigate(detailPath, { replace: true });
    } else globalThis.location.assign(answer.payUrl);
  };
  return (
    <MobileLayout title="收银台">
      <div className="card order-box" style={{ textAlign: 'center' }} data-testid="cashier">
        <div className="muted">应付金额</div>
        <div className="cashier-amount" data-testid="cashier-amount">
          {formatPriceFen(o.totalAmount)}
        </div>
        <div className="muted">
          请在 <b data-testid="cashier-countdown">{countdown}</b> 内完成支付，超时订单将自动取消
        </div>
        <div className="muted" style={{ marginTop: 6, fontSize: 12 }}>
          {o.title}
        </div>
      </div>
      <div className="card order-box">
        {channels.map((ch) => (
          <label key={ch.c} className={`cashier-channel${ch.ok ? '' : ' off'}`}>
            <input
              type="radio"
              name="channel"
              disabled={!ch.ok}
              checked={channel === ch.c}
              onChange={() => setChannel(ch.c)}
              data-testid={`pay-channel-${ch.c}`}
            />
            <span>{payChannelLabel[ch.c]}</span>
            {ch.note ? <span className="muted">{ch.note}</span> : null}
          </label>
        ))}
        {pc && channel === 1 ? (
          <ScanPay orderId={o.orderId} total={o.totalAmount} />
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={pay.isPending}
            onClick={submit}
            data-testid="pay-submit"
          >
            确认支付 {formatPriceFen(o.totalAmount)}
          </button>
        )}
      </div>
    </MobileLayout>
  );
}
