import { formatPriceFen } from '@app/protocol/format';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { beijingDay, usePriceIndex } from '../lib/queries/get-price-index';
import './price-index-line.css';

/**
 * The coin price index in one line (the coin list and the coin detail): the latest day's median of
 * finished trades in ¥/万 with its P25–P75 band, and the way to the game's 行情 page.
 */
export function PriceIndexLine(props: {
  scene: string;
  appId: string;
  coinType: number | undefined;
  coinName?: string | undefined;
  masterServerId?: string | undefined;
}) {
  const { scene, appId, coinType, masterServerId } = props;
  const kind = coinType === undefined ? '' : String(coinType);
  const { data, isPending, isError } = usePriceIndex(appId, { type: 2, kind, masterServerId, days: 7 });
  const to = paths.priceIndex(scene, appId, { type: 2, kind, masterServerId });
  if (coinType === undefined || isPending)
    return <div className="price-index-line skeleton" style={{ height: 36 }} aria-hidden="true" />;
  const last = data?.points.at(-1);
  return (
    <Link to={to} className="price-index-line" data-testid="price-index-line">
      {last ? (
        <span>
          {last.day === beijingDay() ? '今日' : last.day.slice(5)}
          {props.coinName ?? ''}中位价 <b>{formatPriceFen(last.median)}/万</b>
          <small className="muted">
            {' '}
            区间 {formatPriceFen(last.p25)}–{formatPriceFen(last.p75)} · {last.trades}笔
          </small>
        </span>
      ) : isError ? (
        // A failed call is no business state: not 暂无成交 but 暂时无法加载 (the 行情 page retries).
        <span className="muted">行情暂时无法加载</span>
      ) : (
        <span className="muted">近7天暂无成交均价</span>
      )}
      <span className="price-index-go">行情 ›</span>
    </Link>
  );
}
