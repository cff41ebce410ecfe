import { WAN } from '@app/protocol/calls/broker';

/**
 * What the bid book's pieces compute (docs/decisions/0025-bid-book.md): prices typed in yuan per 万
 * (2 decimals), quantities in whole 万, the money a bid holds.
 */

/** '1.85' yuan → 185 fen; null when it is not a positive price with at most 2 decimals. */
export function yuanToFen(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  const [yuan = '0', cents = ''] = t.split('.');
  const fen = Number(yuan) * 100 + Number(cents.padEnd(2, '0'));
  return fen > 0 ? fen : null;
}

/** '30' 万 → 300000 coins; null unless a positive whole number of 万. */
export function wholeWan(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,8}$/.test(t)) return null;
  const coins = Number(t) * WAN;
  return coins > 0 ? coins : null;
}

/** What a bid holds on the balance (and pays in all): price per 万 × 万. */
export const bidHold = (coins: number, unitPrice: number): number => (coins / WAN) * unitPrice;

/** The expiries offered: in days. */
export const BID_DAYS = [1, 3, 7, 30] as const;

/** The bid form checked as the server checks it (its words). */
export function checkBid(
  draft: { priceYuan: string; wan: string; role: string },
  bounds: { minQuantity: number; maxQuantity: number },
): { ok: true; unitPrice: number; quantity: number } | { ok: false; problem: string } {
  const unitPrice = yuanToFen(draft.priceYuan);
  if (unitPrice === null) return { ok: false, problem: '请输入单价（元/万，最多2位小数）' };
  const quantity = wholeWan(draft.wan);
  if (quantity === null) return { ok: false, problem: '求购数量须为整万' };
  if (quantity < bounds.minQuantity) return { ok: false, problem: `求购数量最少${bounds.minQuantity}` };
  if (quantity > bounds.maxQuantity) return { ok: false, problem: `求购数量最多${bounds.maxQuantity}` };
  if (!draft.role) return { ok: false, problem: '请选择收货角色' };
  return { ok: true, unitPrice, quantity };
}
