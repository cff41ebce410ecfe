import type { ShelfItem } from '@app/protocol/calls/consignment-shelf';
import { deriveSaleType, SaleType } from '@app/protocol/commodity';
import { formatPriceFen } from '@app/protocol/format';
import { yuanToFen } from '@app/protocol/sell-rules';

/**
 * The 底价 typed in the 还价设置 (yuan; empty for none), checked as the server checks it: at least
 * ¥1 and below the listing's price. Answers the fen (null: no floor) or the zh-CN problem.
 */
export function readFloor(input: string, price: number): { fen: number | null; error: null } | { error: string } {
  const text = input.trim();
  if (!text) return { fen: null, error: null };
  const fen = yuanToFen(text);
  if (fen === null) return { error: '请输入正确的金额，最多两位小数' };
  if (fen < 100) return { error: '底价不能低于1元' };
  if (fen >= price) return { error: `底价需低于售价 ${formatPriceFen(price)}` };
  return { fen, error: null };
}

/** 还价设置 is for the seller's normal listings (not a pre-sale, not an auction) that are still his to manage. */
export function canSetBargain(item: Pick<ShelfItem, 'saleType' | 'auctionEnable' | 'actions'>): boolean {
  return (
    deriveSaleType(item.saleType, item.auctionEnable) === SaleType.NORMAL &&
    item.actions.some((a) => a === 'downShelf' || a === 'onShelf' || a === 'modifyPrice')
  );
}
