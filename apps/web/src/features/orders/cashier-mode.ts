import type { Deposit } from '@app/protocol/calls/deposit';
import { paths } from '../../lib/paths';

/**
 * What the cashier pays: an order (its id, digits), a deposit (保证金, 'D' and its id), a broker
 * order (商人卖币, 'B' and its id) or a bid's missing money (求购, 'Q' and its id); anything else is nothing.
 */
export function cashierMode(bizNo: string): 'order' | 'deposit' | 'broker' | 'bid' | 'none' {
  if (/^\d{1,19}$/.test(bizNo)) return 'order';
  if (/^D\d{1,19}$/.test(bizNo)) return 'deposit';
  if (/^B\d{1,10}$/.test(bizNo)) return 'broker';
  if (/^Q\d{1,10}$/.test(bizNo)) return 'bid';
  return 'none';
}

/**
 * Where the buyer goes once a deposit is paid (or the cashier has nothing left to pay): the
 * proposals he made for 还价 / 出价, the auction's detail for a bid (its page belongs to the auction
 * feature; the address is the spec's).
 */
export function depositReturnPath(scene: string, deposit: Pick<Deposit, 'purpose' | 'commodityId'>): string {
  if (deposit.purpose === 'auction')
    return `/${scene}/pages/userCenter/saleShelf/auctiondetails/auctiondetails?saleType=2&commodityId=${encodeURIComponent(deposit.commodityId)}`;
  return paths.myOffers(scene);
}

/** What the deposit is for, in the cashier's words. */
export const depositPurposeLabel: Record<Deposit['purpose'], string> = {
  bargain: '还价保证金',
  offer: '出价保证金',
  auction: '竞拍保证金',
};

const SELLER_DECIDES =
  '卖家拒绝、超时未处理或您撤回时，保证金退回余额；卖家同意后付款时抵扣货款；同意后未按时付款或取消订单将扣除保证金，其中部分赔付卖家。';

/** What happens to the deposit, one line per purpose. */
export const depositRuleLine: Record<Deposit['purpose'], string> = {
  bargain: SELLER_DECIDES,
  offer: SELLER_DECIDES,
  auction: '未中标时保证金退回余额；中标后付款时抵扣货款；中标后未按时付款将扣除保证金，其中部分赔付卖家。',
};
