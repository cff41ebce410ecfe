import { formatDateTime, formatPriceFen } from '@app/protocol/format';
import type { RefundLine } from '@app/protocol/refunds';
import './refund-lines.css';

/**
 * 退款去向: where each part of a refunded order's money goes and when (原路退回 to 支付宝 / 微信 /
 * 花呗, or 余额), as the exchange's and the broker's order pages show it. Nothing when nothing was refunded.
 */
export function RefundLines({ lines, className = 'card' }: { lines: readonly RefundLine[]; className?: string }) {
  if (lines.length === 0) return null;
  return (
    <section className={`${className} refund-lines`} data-testid="order-refunds">
      <div className="refund-lines-head">退款去向</div>
      {lines.map((r) => (
        <div className="refund-line" key={`${r.createdAt}-${r.way}-${r.amount}`} data-testid="order-refund">
          <span>
            <span className={`refund-line-state ${r.state}`}>{r.text}</span>
            <span className="refund-line-when">
              {r.settledAt ? `${formatDateTime(r.settledAt)} 到账` : `${formatDateTime(r.createdAt)} 发起`}
            </span>
          </span>
          <span>{formatPriceFen(r.amount)}</span>
        </div>
      ))}
    </section>
  );
}
