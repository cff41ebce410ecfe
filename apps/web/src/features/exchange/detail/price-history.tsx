import type { CommodityDetail } from '@app/protocol/calls/exchange';
import { formatPriceFen } from '@app/protocol/format';
import { PriceIndexLine } from '../../../components/price-index-line';
import { copy } from '../../../lib/copy';
import { sceneOfPath } from '../../../lib/platform';
import { useGameConfig } from '../../../lib/queries/get-filter-options';
import { useCoinPriceHistory } from '../api/get-coin-price-history';
import { useComparableSales } from '../api/get-comparable-sales';
import { CoinPriceChart } from './coin-price-chart';
import { FairPriceBand } from './fair-price-band';
import { formatDate } from './format-date';
import './price-history.css';

function ComparableSales({ detail }: { detail: CommodityDetail }) {
  const { data, isLoading } = useComparableSales(detail.id);
  const band = data?.band ?? detail.fairPrice;
  if (isLoading && !band) return <div className="skeleton" style={{ height: 80 }} />;
  return (
    <>
      {band && band.count > 0 ? (
        <FairPriceBand price={detail.price} band={band} />
      ) : (
        <div className="muted">暂无相似成交</div>
      )}
      {data && data.list.length > 0 ? (
        <>
          <div className="c-sub-title">近期相似成交</div>
          <ul className="c-list" data-testid="comparable-list">
            {data.list.map((s) => (
              <li key={`${s.title}-${s.soldAt}-${s.price}`}>
                <span className="c-ellipsis">
                  {s.title}
                  <small className="muted">
                    {' '}
                    {s.serverName}
                    {s.roleLevel !== null ? ` · ${s.roleLevel}级` : ''} · {formatDate(s.soldAt)}
                  </small>
                </span>
                <span className="price">{formatPriceFen(s.price)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

function CoinHistory({ detail }: { detail: CommodityDetail }) {
  const { data: config } = useGameConfig(detail.applicationId);
  const coinType = config?.coinTypeList.find((c) => c.name === detail.coinConfigTypeName)?.type;
  const { data, isLoading } = useCoinPriceHistory(detail.applicationId, coinType ?? 0, detail.masterServerId);
  if (coinType === undefined || isLoading) return <div className="skeleton" style={{ height: 170 }} />;
  return (
    <>
      <div className="muted" style={{ fontSize: 12, marginBottom: 6 }}>
        {data?.coinTypeName ?? detail.coinConfigTypeName} 近30天每万单价
        {detail.unitPricePerWan !== null ? `（本商品 ${formatPriceFen(detail.unitPricePerWan)}/万）` : ''}
      </div>
      <CoinPriceChart points={data?.points ?? []} marker={detail.unitPricePerWan} />
      <PriceIndexLine
        scene={sceneOfPath(globalThis.location.pathname) ?? 'h5'}
        appId={detail.applicationId}
        coinType={coinType}
        coinName={detail.coinConfigTypeName ?? undefined}
        masterServerId={detail.masterServerId}
      />
    </>
  );
}

/** Price reference, loaded after the first screen: the fair band and sales, or the coin chart. */
export default function PriceHistory({ detail }: { detail: CommodityDetail }) {
  return (
    <section className="card section" data-testid="price-history">
      <div className="section-title" style={{ marginBottom: 10 }}>
        {copy.commodity.priceHistory}
      </div>
      {detail.type === 2 ? <CoinHistory detail={detail} /> : <ComparableSales detail={detail} />}
    </section>
  );
}
