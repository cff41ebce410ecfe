import type { CommodityDetail } from '@app/protocol/calls/exchange';
import { formatCount } from '@app/protocol/format';
import { formatDate } from './format-date';

/** "2026-11-03 起寄售": the seller's first listing; the official consignment has none. */
const since = (at: number | null | undefined) => (at ? `${formatDate(at)} 起寄售` : '—');

/**
 * Who sells, in numbers the server counts: sold (成交), on sale, first listed, and the share of
 * finished orders that completed (交易成功 against 已退回); before any finished order, no rate.
 */
export function SellerCard({ seller }: { seller: CommodityDetail['seller'] }) {
  const finished = seller.finishedOrders ?? 0;
  const rate = seller.completionRate ?? null;
  const facts: Array<[string, string, string]> = [
    ['已成交', formatCount(seller.soldCount), 'seller-sold'],
    ['在售', formatCount(seller.onSaleCount), 'seller-on-sale'],
    ['完成率', rate === null ? '暂无' : `${rate}%`, 'seller-rate'],
  ];
  return (
    <section className="card section" data-testid="seller-card">
      <div className="c-seller">
        <div className="c-avatar" aria-hidden="true">
          {seller.nickname.slice(0, 1)}
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          <div style={{ fontWeight: 600 }}>{seller.nickname}</div>
          <div className="muted" style={{ fontSize: 12, marginTop: 4 }} data-testid="seller-since">
            {since(seller.listedSince)}
            {seller.memberSince ? ` · ${formatDate(seller.memberSince)} 注册` : ''}
          </div>
        </div>
      </div>
      <dl className="c-seller-facts">
        {facts.map(([label, value, id]) => (
          <div key={id}>
            <dt>{label}</dt>
            <dd data-testid={id}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted" style={{ fontSize: 12, margin: '8px 0 0' }}>
        {rate === null
          ? '完成率按平台担保交易中已结束的订单计算，暂无可计算的订单。'
          : `完成率按已结束的 ${formatCount(finished)} 笔订单计算（交易成功 / 交易成功 + 已退回）。`}
      </p>
    </section>
  );
}
