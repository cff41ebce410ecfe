import type { CommodityDetail } from '@app/protocol/calls/exchange';
import { formatCount } from '@app/protocol/format';
import { formatDate } from './format-date';

/** Who sells: nickname, sold and on-sale counts, member since. */
export function SellerCard({ seller }: { seller: CommodityDetail['seller'] }) {
  return (
    <section className="card section c-seller" data-testid="seller-card">
      <div className="c-avatar" aria-hidden="true">
        {seller.nickname.slice(0, 1)}
      </div>
      <div style={{ flex: 1 }}>
        <div style={{ fontWeight: 600 }}>{seller.nickname}</div>
        <div className="muted" style={{ fontSize: 12, marginTop: 4 }}>
          已售 {formatCount(seller.soldCount)} · 在售 {formatCount(seller.onSaleCount)} ·{' '}
          {formatDate(seller.memberSince)} 加入
        </div>
      </div>
    </section>
  );
}
