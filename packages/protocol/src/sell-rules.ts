import { z } from 'zod';

/**
 * A game's selling rules (the game's own client carries the same numbers): the fee, price bounds,
 * coin lots, how long a listing lives and how soon a taken-back role may come back. Money in fen.
 */
export const coinRuleSchema = z.object({
  /** The game's coin order, 1-based (gameConfig coinTypeList type). */
  coinType: z.number().int(),
  coinName: z.string(),
  /** Least price of one lot, fen. */
  coinMinPrice: z.number().int(),
  /** Least coins in one lot. */
  coinMinSellCount: z.number().int(),
});
export type CoinRule = z.infer<typeof coinRuleSchema>;

export const sellRulesSchema = z.object({
  /** Fee as a percentage of the price (5 = 5 %), at most maxServiceCharge fen. */
  servicePercent: z.number(),
  maxServiceCharge: z.number().int(),
  roleMinPrice: z.number().int(),
  roleMaxPrice: z.number().int(),
  coinMaxPrice: z.number().int(),
  itemMinPrice: z.number().int(),
  itemMaxPrice: z.number().int(),
  coinRules: z.array(coinRuleSchema),
  /** A listing on sale this long is delisted (it stays frozen until taken back or relisted). */
  commodityExpireHour: z.number().int(),
  /** A role taken back waits this many minutes before it may be listed again (30105). */
  onShelfLimit: z.number().int(),
  /** Conditions a role must meet to be sold (30307). Recharge in fen. */
  roleMinLevel: z.number().int(),
  roleMinRecharge: z.number().int(),
  /** Props on sale per role at once (onShelfItemNum). */
  itemShelfLimit: z.number().int(),
  /** A prop sold or listed in the last N days cannot be consigned again. */
  itemCooldownDays: z.number().int(),
  /** 还价 on normal listings and 拍卖 listings are open in this game (serverFunctionList says so). */
  bargainOpen: z.boolean(),
  auctionOpen: z.boolean(),
  /**
   * 保证金 (docs/decisions/0021-deposits.md): depositPercent of the proposed price (of an
   * auction's start price), at least depositMinFen and at most depositMaxFen, never above half the
   * price (an order it secures always leaves something to pay).
   */
  depositPercent: z.number(),
  depositMinFen: z.number().int(),
  depositMaxFen: z.number().int(),
  /** A forfeited deposit: this share compensates the seller, the rest is the platform's. */
  depositSellerPercent: z.number().int().min(0).max(100),
  /** An auction runs between these many hours; each bid beats the current price by at least the listing's increment, itself at least this. */
  auctionMinHours: z.number().int(),
  auctionMaxHours: z.number().int(),
  auctionMinIncrementFen: z.number().int(),
});
export type SellRules = z.infer<typeof sellRulesSchema>;

/** The defaults a game starts with; an operator changes them per game (games.sell_rules). */
export const DEFAULT_SELL_RULES: SellRules = {
  servicePercent: 5,
  maxServiceCharge: 50_000,
  roleMinPrice: 1_000,
  roleMaxPrice: 1_000_000_000,
  coinMaxPrice: 10_000_000,
  itemMinPrice: 100,
  itemMaxPrice: 10_000_000,
  coinRules: [],
  commodityExpireHour: 720,
  onShelfLimit: 30,
  roleMinLevel: 10,
  roleMinRecharge: 0,
  itemShelfLimit: 10,
  itemCooldownDays: 30,
  bargainOpen: true,
  auctionOpen: true,
  depositPercent: 5,
  depositMinFen: 1_000,
  depositMaxFen: 50_000,
  depositSellerPercent: 80,
  auctionMinHours: 1,
  auctionMaxHours: 72,
  auctionMinIncrementFen: 100,
};

type DepositRule = Pick<SellRules, 'depositPercent' | 'depositMinFen' | 'depositMaxFen' | 'depositSellerPercent'>;

/** The deposit (保证金) for a proposed price: depositPercent of it, between the floor and the cap, never above half the price. */
export function depositFor(
  priceFen: number,
  rules: Pick<DepositRule, 'depositPercent' | 'depositMinFen' | 'depositMaxFen'>,
): number {
  const share = Math.ceil((priceFen * Math.round(rules.depositPercent * 10)) / 1000);
  return Math.max(1, Math.min(Math.floor(priceFen / 2), rules.depositMaxFen, Math.max(rules.depositMinFen, share)));
}

/** A forfeited deposit split: the seller's compensation (rounded down) and the platform's rest. */
export function forfeitSplit(amountFen: number, rules: Pick<DepositRule, 'depositSellerPercent'>) {
  const seller = Math.floor((amountFen * rules.depositSellerPercent) / 100);
  return { seller, platform: amountFen - seller };
}

/** The platform's fee for a price: servicePercent of it, rounded to the fen, capped. */
export function serviceFee(priceFen: number, rules: Pick<SellRules, 'servicePercent' | 'maxServiceCharge'>): number {
  const tenths = Math.round(rules.servicePercent * 10);
  return Math.min(Math.round((priceFen * tenths) / 1000), rules.maxServiceCharge);
}

/** What the seller receives when the listing sells. */
export function sellerReceives(priceFen: number, rules: Pick<SellRules, 'servicePercent' | 'maxServiceCharge'>) {
  const fee = serviceFee(priceFen, rules);
  return { fee, receive: priceFen - fee };
}

const yuan = (fen: number) => (fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2));

export type SellKind = 1 | 2 | 3;

/**
 * The price rule of a listing (null when it holds): roles in whole yuan between roleMinPrice and
 * roleMaxPrice; coins up to coinMaxPrice and at least the coin type's coinMinPrice; props between
 * itemMinPrice and itemMaxPrice.
 */
export function priceProblem(kind: SellKind, priceFen: number, rules: SellRules, coinType?: number): string | null {
  if (!Number.isInteger(priceFen) || priceFen <= 0) return '请输入正确的价格';
  if (kind === 1) {
    if (priceFen % 100 !== 0) return '角色价格须为整数元';
    if (priceFen < rules.roleMinPrice) return `角色价格不能低于${yuan(rules.roleMinPrice)}元`;
    if (priceFen > rules.roleMaxPrice) return `角色价格不能高于${yuan(rules.roleMaxPrice)}元`;
    return null;
  }
  if (kind === 2) {
    const rule = rules.coinRules.find((r) => r.coinType === coinType);
    if (rule && priceFen < rule.coinMinPrice) return `${rule.coinName}每单价格不能低于${yuan(rule.coinMinPrice)}元`;
    if (priceFen > rules.coinMaxPrice) return `游戏币价格不能高于${yuan(rules.coinMaxPrice)}元`;
    return null;
  }
  if (priceFen < rules.itemMinPrice) return `道具价格不能低于${yuan(rules.itemMinPrice)}元`;
  if (priceFen > rules.itemMaxPrice) return `道具价格不能高于${yuan(rules.itemMaxPrice)}元`;
  return null;
}

/** The coin lot rule: at least coinMinSellCount, at most what the role has free. */
export function coinCountProblem(count: number, available: number, rule: CoinRule | undefined): string | null {
  if (!Number.isInteger(count) || count <= 0) return '请输入正确的出售数量';
  if (rule && count < rule.coinMinSellCount) return `${rule.coinName}每单至少出售${rule.coinMinSellCount}`;
  if (count > available) return `可出售数量不足，当前可售${available}`;
  return null;
}

/** Price input in yuan (as typed) → fen, or null when it is not a price with at most two decimals. */
export function yuanToFen(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
