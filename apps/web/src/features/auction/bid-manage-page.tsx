import { BID_TABS, type BidTab, bidTabLabel, type MyBid } from '@app/protocol/calls/auction';
import { formatDateTime, formatPriceFen } from '@app/protocol/format';
import { BargainStatus } from '@app/protocol/statuses/bargain-status';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageFrame } from '../../components/pc-page-frame';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { storage } from '../../lib/storage';
import { useMyBids } from './api/auction-api';
import './auction.css';
import { mergePages } from '../../lib/merge-pages';
import { AUCTION_RULE } from './auction-rules';

/** One auction I took part in: the listing, the current price against mine, my place, the deposit. */
function BidCard({ bid, scene }: { bid: MyBid; scene: string }) {
  return (
    <article className="card bid-card" data-testid="bid-card" data-commodity-id={bid.commodityId} data-tab={bid.tab}>
      <div className="bid-card-top">
        <span className="muted">结束时间 {formatDateTime(bid.endTime * 1000)}</span>
        <span className={`bid-status t-${bid.tab}`} data-testid="bid-status">
          {bid.statusLabel}
        </span>
      </div>
      <Link className="auction-goods" to={paths.auctionDetail(scene, bid.commodityId)} data-testid="bid-open">
        <img src={bid.firstImg} alt="" width={64} height={64} />
        <div>
          <div className="auction-goods-title">{bid.title}</div>
          <div className="muted">
            {bid.gameName} · {bid.serverName}
          </div>
          <div className="bid-prices">
            <span>
              当前价 <span className="price">{formatPriceFen(bid.currentPrice)}</span>
            </span>
            <span>我的出价 {bid.myPrice === null ? '未出价' : formatPriceFen(bid.myPrice)}</span>
          </div>
        </div>
      </Link>
      <div className="bid-card-foot">
        <span className="muted" data-testid="bid-deposit">
          保证金 {formatPriceFen(bid.depositAmount)} {bid.depositStatusLabel}
        </span>
        {bid.status === BargainStatus.AWAITING_DEPOSIT && bid.depositBizNo ? (
          <Link className="btn btn-primary btn-sm" to={paths.cashier(scene, bid.depositBizNo)}>
            去缴纳
          </Link>
        ) : bid.status === BargainStatus.AGREED && bid.orderId ? (
          <Link className="btn btn-primary btn-sm" to={paths.cashier(scene, bid.orderId)} data-testid="bid-pay">
            去付款
          </Link>
        ) : bid.orderId ? (
          <Link className="btn btn-ghost btn-sm" to={paths.orderDetail(scene, bid.orderId)}>
            查看订单
          </Link>
        ) : (
          <Link className="btn btn-ghost btn-sm" to={paths.auctionDetail(scene, bid.commodityId)}>
            {bid.tab === 'ended' ? '查看' : '去出价'}
          </Link>
        )}
      </div>
    </article>
  );
}

/** /{scene}/pages/userCenter/bidManage/bid: 竞拍管理, the auctions I took part in by tab. */
export default function BidManagePage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const [tab, setTab] = useState<BidTab>('all');
  const loggedIn = Boolean(storage.get('token'));
  const bids = useMyBids(tab, loggedIn);
  const list = mergePages(bids.data?.pages, (b) => b.auctionId);
  const from = `${globalThis.location.pathname}${globalThis.location.search}`;
  return (
    <PageFrame title="竞拍管理" nav={{ rule: AUCTION_RULE }}>
      <div className="bid-page" data-testid="bid-manage">
        <div className="auction-tabs" role="tablist">
          {BID_TABS.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              className={`auction-tab${tab === t ? ' on' : ''}`}
              onClick={() => setTab(t)}
              data-testid={`bid-tab-${t}`}
            >
              {bidTabLabel[t]}
            </button>
          ))}
        </div>
        {!loggedIn ? (
          <EmptyState
            title="登录后查看竞拍"
            action={
              <Link className="btn btn-primary btn-sm" style={{ marginTop: 12 }} to={paths.login(scene, from)}>
                去登录
              </Link>
            }
          />
        ) : bids.isPending ? (
          <div className="card skeleton" style={{ height: 140 }} />
        ) : list.length ? (
          <>
            {list.map((b) => (
              <BidCard key={b.auctionId} bid={b} scene={scene} />
            ))}
            {bids.hasNextPage ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm auction-more"
                disabled={bids.isFetchingNextPage}
                onClick={() => bids.fetchNextPage()}
              >
                加载更多
              </button>
            ) : null}
          </>
        ) : (
          <EmptyState title="暂无竞拍记录" hint="在拍卖商品页缴纳保证金后即可出价" />
        )}
      </div>
    </PageFrame>
  );
}
