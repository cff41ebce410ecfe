import type { DepthLevel } from '@app/protocol/calls/bid-book';
import { formatCount, formatPriceFen } from '@app/protocol/format';
import { useBidDepth } from '../lib/queries/bid-depth';
import { depthBars } from './bid-book-depth-logic';
import './bid-book-depth.css';

function Side({
  title,
  side,
  levels,
  bars,
  empty,
}: {
  title: string;
  side: 'bid' | 'ask';
  levels: DepthLevel[];
  bars: number[];
  empty: string;
}) {
  return (
    <div className={`bid-depth-side bid-depth-${side}`} data-testid={`bid-depth-${side}s`}>
      <div className="bid-depth-head">
        <span>{title}</span>
        <span>数量</span>
      </div>
      {levels.length === 0 ? (
        <p className="muted bid-depth-empty">{empty}</p>
      ) : (
        levels.map((l, i) => (
          <div className="bid-depth-row" key={l.unitPrice} data-testid={`bid-depth-${side}`}>
            <span className="bid-depth-bar" style={{ width: `${bars[i] ?? 0}%` }} aria-hidden="true" />
            <b>{formatPriceFen(l.unitPrice)}</b>
            <span>
              {formatCount(l.quantity)}
              <small className="muted"> · {l.count}笔</small>
            </span>
          </div>
        ))
      )}
    </div>
  );
}

/**
 * 求购盘口: the book of a coin on a server's master group, the buyers' bids (highest first) beside
 * the merchants' listings on sale (cheapest first), 10 price levels a side, per 万. Shared by the
 * broker listing's page (features/broker) and the consignment coin's detail (features/exchange).
 */
export function BidBookDepth({
  appId,
  serverId,
  goldType,
  goldName,
}: {
  appId: string;
  serverId: string;
  goldType: number;
  goldName: string;
}) {
  const { data, error, isPending } = useBidDepth(appId, serverId, goldType);
  if (isPending) return <div className="skeleton" style={{ height: 160, borderRadius: 12 }} />;
  if (error || !data) return <p className="muted">{error?.message || '盘口暂不可用'}</p>;
  const bars = depthBars(data.bids, data.asks);
  const best = data.bids[0];
  const cheapest = data.asks[0];
  return (
    <div className="bid-depth" data-testid="bid-depth">
      <p className="muted bid-depth-summary">
        单价/万{goldName} · 最高求购 <b className="bid-depth-up">{best ? formatPriceFen(best.unitPrice) : '--'}</b> ·
        最低在售 <b className="bid-depth-down">{cheapest ? formatPriceFen(cheapest.unitPrice) : '--'}</b>
      </p>
      <div className="bid-depth-sides">
        <Side title="求购价" side="bid" levels={data.bids} bars={bars.bids} empty="暂无求购" />
        <Side title="在售价" side="ask" levels={data.asks} bars={bars.asks} empty="暂无在售" />
      </div>
    </div>
  );
}
