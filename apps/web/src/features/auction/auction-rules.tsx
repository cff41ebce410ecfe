import { AUCTION_PAY_MINUTES, AUCTION_SNIPE_MINUTES } from '@app/protocol/calls/auction';
import type { PageRule } from '../../components/nav-bar';

/**
 * What each side of an auction commits to (docs/decisions: what each side risks), shown where he
 * commits: the seller when he starts it, the bidder where he joins and bids. The server refuses
 * the seller's delisting once somebody bid (拍卖已有人出价，不能下架).
 */
export const SELLER_COMMITMENT =
  '无人出价前可以下架，已缴纳的保证金全部退还买家；一旦有人出价，拍卖不能下架或取消，将进行到结束，由最高出价者中标。';
export const BIDDER_COMMITMENT =
  '有人出价后卖家不能下架或取消拍卖；您中标后未按时付款或取消订单，将扣除保证金，其中部分赔付卖家。';

export function AuctionCommitment({ side }: { side: 'seller' | 'bidder' }) {
  return (
    <p className="muted auction-note auction-commitment" data-testid={`auction-commitment-${side}`}>
      <b>{side === 'seller' ? '卖家承诺：' : '双方规则：'}</b>
      {side === 'seller' ? SELLER_COMMITMENT : BIDDER_COMMITMENT}
    </p>
  );
}

/** 竞拍规则: the nav bar's rule icon on the auction page and 竞拍管理, how an auction runs and both sides' rules. */
export const AUCTION_RULE: PageRule = {
  title: '竞拍规则',
  points: [
    '参与竞拍须先缴纳保证金（每场拍卖一次），缴纳后才能出价。',
    `每次出价不低于页面显示的最低出价（当前价加一个加价幅度）；结束前${AUCTION_SNIPE_MINUTES}分钟内有人出价，结束时间延长${AUCTION_SNIPE_MINUTES}分钟。`,
    `拍卖结束时出价最高者中标，须在${AUCTION_PAY_MINUTES}分钟内付款，保证金抵扣货款；未中标者的保证金在结束时原路退还。`,
    `买家：${BIDDER_COMMITMENT}`,
    `卖家：${SELLER_COMMITMENT}`,
  ],
};
