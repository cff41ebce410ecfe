import { AUCTION_PAY_MINUTES, type AuctionDetail } from '@app/protocol/calls/auction';
import { formatPriceFen } from '@app/protocol/format';

/** What a bid commits to, said before it goes: no taking it back, and the deposit at risk if he wins and does not pay. */
export function bidCommitment(a: Pick<AuctionDetail, 'depositAmount'>, fen: number): string {
  return `出价 ${formatPriceFen(fen)} 后不可撤回。若最终中标，须在${AUCTION_PAY_MINUTES}分钟内付款（保证金 ${formatPriceFen(a.depositAmount)} 抵扣货款），超时或取消将扣除保证金 ${formatPriceFen(a.depositAmount)}。`;
}

/** What 一口价 commits to: the auction ends, an order is placed, the deposit is lost if it goes unpaid. */
export function buyNowCommitment(a: Pick<AuctionDetail, 'depositAmount'>, price: number): string {
  const rest = Math.max(0, price - a.depositAmount);
  return `拍卖将立即结束并为您下单：保证金 ${formatPriceFen(a.depositAmount)} 抵扣货款，请在${AUCTION_PAY_MINUTES}分钟内支付剩余 ${formatPriceFen(rest)}；超时或取消订单将扣除保证金 ${formatPriceFen(a.depositAmount)}。`;
}
