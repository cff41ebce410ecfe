import type { PayableView } from '@app/protocol/calls/pay';
import { formatPriceFen } from '@app/protocol/format';
import { useState } from 'react';
import { useChangeOrderCoupon } from './api/change-order-coupon';
import { useCoupons } from './api/get-coupons';
import { NoCouponHint } from './no-coupon-hint';

/**
 * The coupon on the cashier: the one the order holds (name, amount) with 不使用 / 更换, or the
 * buyer's usable coupons to pick one. Once a payment was started (`locked`) the coupon stays: the
 * server refuses to change an amount already sent to a gateway.
 */
export function CashierCoupon({ coupon: c, locked }: { coupon: NonNullable<PayableView['coupon']>; locked: boolean }) {
  const coupons = useCoupons(c.commodityId, true);
  const change = useChangeOrderCoupon(c.orderId, c.commodityId);
  const [swapping, setSwapping] = useState(false);
  const usable = coupons.data?.usable ?? [];
  const pick = (couponId: string | null) =>
    change
      .mutateAsync(couponId)
      .then(() => setSwapping(false))
      .catch(() => null);
  const busy = change.isPending || locked;
  return (
    <div className="cashier-coupon" data-testid="cashier-coupon">
      <div className="order-line">
        <span className="order-row-title" style={{ margin: 0 }}>
          优惠券
        </span>
        {c.held ? (
          <span data-testid="cashier-coupon-held">
            {c.held.name} <b className="cashier-coupon-amount">-{formatPriceFen(c.held.amount)}</b>
          </span>
        ) : (
          <span className="muted" data-testid="cashier-coupon-none">
            {coupons.isPending ? '' : usable.length ? `${usable.length} 张可用` : <NoCouponHint />}
          </span>
        )}
      </div>
      {locked ? (
        <p className="muted cashier-coupon-note">已发起支付，优惠券不可更换</p>
      ) : c.held ? (
        <div className="cashier-coupon-actions">
          {usable.length ? (
            <button type="button" className="link" onClick={() => setSwapping(!swapping)} disabled={busy}>
              {swapping ? '收起' : '更换'}
            </button>
          ) : null}
          <button
            type="button"
            className="link"
            onClick={() => pick(null)}
            disabled={busy}
            data-testid="cashier-coupon-remove"
          >
            不使用优惠券
          </button>
        </div>
      ) : null}
      {!locked && (!c.held || swapping)
        ? usable.map((c) => (
            <label key={c.id} className="order-coupon">
              <input
                type="radio"
                name="cashier-coupon"
                checked={false}
                disabled={busy}
                onChange={() => pick(c.id)}
                data-testid="cashier-coupon-option"
              />
              <span>{c.name}</span>
              <span className="muted order-coupon-why">{c.scopeText}</span>
              <b>-{formatPriceFen(c.amount)}</b>
            </label>
          ))
        : null}
    </div>
  );
}
