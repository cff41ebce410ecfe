import { OFFER_MIN_PERCENT } from '@app/protocol/calls/bargain';
import { CommodityType } from '@app/protocol/commodity';
import { formatPriceFen } from '@app/protocol/format';

/** The lowest offer the server takes, in fen: half the listed price, rounded up, and at least ¥1. */
export const lowestOffer = (listPrice: number): number =>
  Math.max(100, Math.ceil((listPrice * OFFER_MIN_PERCENT) / 100));

/**
 * The amount typed in yuan, checked as the server will check it: a number with at most two
 * decimals, below the listed price, at least half of it, a whole yuan for a role. Answers the fen
 * or the zh-CN message to show under the input.
 */
export function readOfferPrice(
  input: string,
  listPrice: number,
  type: number,
): { fen: number; error: null } | { fen: null; error: string } {
  const text = input.trim();
  if (!text) return { fen: null, error: '请输入出价金额' };
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return { fen: null, error: '请输入正确的金额，最多两位小数' };
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (type === CommodityType.ROLE && fen % 100 !== 0) return { fen: null, error: '角色出价需为整数元' };
  if (fen >= listPrice) return { fen: null, error: `出价需低于售价 ${formatPriceFen(listPrice)}` };
  const lowest = lowestOffer(listPrice);
  if (fen < lowest) return { fen: null, error: `出价不能低于售价的${OFFER_MIN_PERCENT}%（${formatPriceFen(lowest)}）` };
  return { fen, error: null };
}
