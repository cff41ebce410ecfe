import type { CommodityDetail } from '@app/protocol/calls/exchange';
import { Link } from 'react-router';
import { BidBookDepth } from '../../../components/bid-book-depth';
import { paths } from '../../../lib/paths';
import { useCheapestBrokerListing } from '../../../lib/queries/bid-depth';
import { useBrokerConfig } from '../../../lib/queries/broker-config';

/**
 * 求购盘口 beside the price history of a coin listing (docs/decisions/0025-bid-book.md): the buy
 * order book of this coin type on the listing's server group, where the game's broker channel is
 * open and trades the coin; 挂单求购 goes to the cheapest merchant listing's book (the broker list of
 * the coin when none is on sale). Its own chunk, loaded after the first screen like PriceHistory.
 */
export default function CoinBidDepth({ scene, detail }: { scene: string; detail: CommodityDetail }) {
  const config = useBrokerConfig(detail.applicationId);
  const coin = config.data?.enabled
    ? config.data.goldTypes.find((g) => g.goldName === detail.coinConfigTypeName)
    : undefined;
  const cheapest = useCheapestBrokerListing(
    detail.applicationId,
    detail.serverId,
    coin?.goldType ?? 0,
    coin !== undefined,
  );
  if (!coin) return null;
  const post = cheapest.data
    ? paths.brokerDetail(scene, cheapest.data.commodityId, true)
    : paths.brokerList(scene, detail.applicationId, { serverId: detail.serverId, goldType: coin.goldType });
  return (
    <section className="card section" data-testid="coin-bid-depth">
      <div className="section-head">
        <span className="section-title">求购盘口</span>
        <Link className="section-more" to={post} data-testid="coin-bid-post">
          挂单求购 ›
        </Link>
      </div>
      <BidBookDepth
        appId={detail.applicationId}
        serverId={detail.serverId}
        goldType={coin.goldType}
        goldName={coin.goldName}
      />
      <p className="muted" style={{ fontSize: 12, margin: '8px 0 0' }}>
        {detail.masterServerName || detail.serverName}互通区服的{coin.goldName}求购与商人在售，每万单价。
      </p>
    </section>
  );
}
