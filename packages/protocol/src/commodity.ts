/** Commodity types, prop sub-types and the sale-type derivation (platform-shell §3). */
export const CommodityType = { ROLE: 1, COIN: 2, PROP: 3 } as const;
export type CommodityType = (typeof CommodityType)[keyof typeof CommodityType];

export const PropSubType = {
  CLOTHES: 1,
  WEAPON: 2,
  SPECIAL_RING: 3,
  JEWELLERY: 4,
  FASHION: 5,
  EXCLUSIVE_JEWELLERY: 6,
  OTHER: 7,
} as const;
export type PropSubType = (typeof PropSubType)[keyof typeof PropSubType];
export const propSubTypeLabel: Record<PropSubType, string> = {
  1: '衣服',
  2: '武器',
  3: '特戒',
  4: '首饰',
  5: '时装',
  6: '专属首饰',
  7: '其他',
};

export const SaleType = { NORMAL: 0, PRESALE: 1, AUCTION: 2 } as const;
export type SaleType = (typeof SaleType)[keyof typeof SaleType];

/**
 * The displayed sale type from the stored pair: an auction-enabled listing is an auction (2)
 * whatever its saleType; otherwise saleType 1 is a pre-sale (1); anything else is normal (0).
 */
export function deriveSaleType(
  saleType: number | null | undefined,
  auctionEnable: number | boolean | null | undefined,
): SaleType {
  if (auctionEnable === true || auctionEnable === 1) return SaleType.AUCTION;
  return saleType === 1 ? SaleType.PRESALE : SaleType.NORMAL;
}

const priceLabels: Record<SaleType, string> = { 0: '出售价', 1: '预售价', 2: '拍卖价' };
const tagLabels: Record<SaleType, string | null> = { 0: null, 1: '预售', 2: '拍卖' };

export const salePriceLabel = (saleType: SaleType): string => priceLabels[saleType];
export const saleTagLabel = (saleType: SaleType): string | null => tagLabels[saleType];
