import { formatPriceFen } from '@app/protocol/format';

type Band = { count: number; p25: number; median: number; p75: number };

/** Where a price sits against the band of comparable sales. */
export function priceVerdict(price: number, band: Band): { text: string; tone: 'low' | 'fair' | 'high' } {
  if (price < band.p25) return { text: '低于近期成交价', tone: 'low' };
  if (price > band.p75) return { text: '高于近期成交价', tone: 'high' };
  return { text: '处于合理区间', tone: 'fair' };
}

/** The fair-price band (p25 – median – p75) as a bar, with this listing's price marked on it. */
export function FairPriceBand({ price, band }: { price: number; band: Band }) {
  const lo = Math.min(band.p25, price) * 0.9;
  const hi = Math.max(band.p75, price) * 1.1 || 1;
  const x = (v: number) => `${(((v - lo) / (hi - lo || 1)) * 100).toFixed(1)}%`;
  const verdict = priceVerdict(price, band);
  return (
    <div data-testid="fair-price-band">
      <div className="c-band-verdict">
        本商品 <b className="price">{formatPriceFen(price)}</b>{' '}
        <span className={`c-verdict c-verdict-${verdict.tone}`} data-testid="price-verdict">
          {verdict.text}
        </span>
      </div>
      <div
        className="c-band"
        role="img"
        aria-label={`合理价格区间 ${formatPriceFen(band.p25)} 至 ${formatPriceFen(band.p75)}`}
      >
        <div className="c-band-range" style={{ left: x(band.p25), width: `calc(${x(band.p75)} - ${x(band.p25)})` }} />
        <div className="c-band-median" style={{ left: x(band.median) }} />
        <div className="c-band-price" style={{ left: x(price) }} />
      </div>
      <div className="c-band-labels">
        <span>低 {formatPriceFen(band.p25)}</span>
        <span>中位 {formatPriceFen(band.median)}</span>
        <span>高 {formatPriceFen(band.p75)}</span>
      </div>
      <div className="muted" style={{ fontSize: 12 }}>
        基于 {band.count} 笔相似成交
      </div>
    </div>
  );
}
