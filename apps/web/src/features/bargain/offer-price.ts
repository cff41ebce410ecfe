import { OFFER_MIN_PERCENT } from '@app/protocol/calls/bargain';
import { CommodityType } from '@app/protocol/commodity';
import { formatPriceFen } from '@app/protocol/format';
import { depositFor } from '@app/protocol/sell-rules';

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
  noun: '出价' | '还价' = '出价',
): { fen: number; error: null } | { fen: null; error: string } {
  const text = input.trim();
  if (!text) return { fen: null, error: `请输入${noun}金额` };
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return { fen: null, error: '请输入正确的金额，最多两位小数' };
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (type === CommodityType.ROLE && fen % 100 !== 0) return { fen: null, error: `角色${noun}需为整数元` };
  if (fen >= listPrice) return { fen: null, error: `${noun}需低于售价 ${formatPriceFen(listPrice)}` };
  const lowest = lowestOffer(listPrice);
  if (fen < lowest)
    return { fen: null, error: `${noun}不能低于售价的${OFFER_MIN_PERCENT}%（${formatPriceFen(lowest)}）` };
  return { fen, error: null };
}

export type Flow = 'bargain' | 'offer';
/** The word for the proposal of a flow: 还价 on a normal listing, 出价 on a pre-sale. */
export const flowNoun = (flow: Flow): '还价' | '出价' => (flow === 'bargain' ? '还价' : '出价');

/** The deposit rule of the listing's game, as the detail page gives it. */
export interface DepositRuleView {
  depositPercent: number;
  depositMinFen: number;
  depositMaxFen: number;
}

/**
 * The deposit (保证金) the dialog shows for what is typed: the price's deposit once it reads as a
 * price the server takes, else the rule in words (5%，最低¥10，最高¥500).
 */
export function depositPreview(
  input: string,
  listPrice: number,
  type: number,
  rules: DepositRuleView,
): { fen: number; text: string } | { fen: null; text: string } {
  const read = readOfferPrice(input, listPrice, type);
  if (read.error === null) {
    const fen = depositFor(read.fen, rules);
    return { fen, text: formatPriceFen(fen) };
  }
  return {
    fen: null,
    text: `价格的${rules.depositPercent}%，最低${formatPriceFen(rules.depositMinFen)}，最高${formatPriceFen(rules.depositMaxFen)}`,
  };
}
