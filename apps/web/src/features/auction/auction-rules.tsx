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
