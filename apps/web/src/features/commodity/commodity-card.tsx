import type { CommodityCard as Card } from '@app/protocol/calls/exchange';
import { deriveSaleType, salePriceLabel } from '@app/protocol/commodity';
import { formatCount, formatPriceFen } from '@app/protocol/format';
import { LazyImage } from '../../components/lazy-image';

/** The commodity card of platform-shell §2. */
export function CommodityCard({ item }: { item: Card }) {
  const saleType = deriveSaleType(item.saleType, item.auctionEnable);
  const detail =
    item.type === 1
      ? `${item.roleConfigTypeName ?? ''} ${item.roleLevel ?? ''}级`
      : item.type === 2
        ? `${item.coinConfigTypeName ?? ''} ${formatCount(item.coinNum ?? 0)}`
        : item.title;
  return (
    <article
      className="card"
      data-testid="commodity-card"
      style={{ display: 'flex', gap: 12, padding: 12, marginBottom: 10 }}
    >
      <LazyImage
        src={item.firstImg}
        alt={item.title}
        style={{ width: 96, height: 96, borderRadius: 8, flexShrink: 0 }}
      />
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
        <div
          style={{
            fontWeight: 600,
            lineHeight: 1.4,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
          }}
        >
          {saleType === 1 ? <span className="tag tag-presale">预售</span> : null}
          {saleType === 2 ? <span className="tag tag-auction">拍卖</span> : null} {item.title}
        </div>
        <div className="muted" style={{ fontSize: 12 }}>
          {detail} · {item.serverName}
        </div>
        <div style={{ marginTop: 'auto', display: 'flex', alignItems: 'baseline', gap: 6 }}>
          <span className="muted" style={{ fontSize: 12 }}>
            {salePriceLabel(saleType)}
          </span>
          <span className="price" style={{ fontSize: 18 }}>
            {formatPriceFen(item.price)}
          </span>
        </div>
      </div>
    </article>
  );
}
