import './sold-notice.css';

/**
 * A listing the platform froze (已冻结, e.g. a suspected stolen account): buyer and seller read why,
 * and the buy bar below says 已冻结 with no way to buy, 还价 or bid until it is unfrozen.
 */
export function FrozenNotice({ reason }: { reason: string }) {
  return (
    <div className="c-sold c-frozen" role="status" data-testid="frozen-notice">
      <span className="c-sold-stamp c-frozen-stamp">已冻结</span>
      <span>
        冻结原因：<b data-testid="frozen-reason">{reason}</b>
      </span>
      <span className="muted">该商品已被平台冻结，暂不能购买、还价或竞拍；如有疑问请联系客服</span>
    </div>
  );
}
