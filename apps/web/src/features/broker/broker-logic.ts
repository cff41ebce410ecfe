import {
  type BrokerConfig,
  type BrokerListing,
  brokerListingStatusLabel,
  brokerTotalFen,
  type MerchantStatus,
  WAN,
} from '@app/protocol/calls/broker';
import { formatCount, formatPriceFen } from '@app/protocol/format';

/**
 * What the broker pages compute and say (docs/decisions/0023-broker.md): coins are typed in 万
 * (up to four decimals, so any whole number of coins), prices per 万 in yuan.
 */

/** '12.5' 万 → 125000 coins; null when it is not a positive amount of 万 with at most 4 decimals. */
export function wanToCoins(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,8}(\.\d{1,4})?$/.test(t)) return null;
  const [whole = '0', frac = ''] = t.split('.');
  const coins = Number(whole) * WAN + Number(frac.padEnd(4, '0'));
  return coins > 0 ? coins : null;
}

/** 125000 → '12.5' (万, as typed back into an input). */
export const coinsToWan = (coins: number): string => {
  const whole = Math.floor(coins / WAN);
  const frac = String(coins % WAN)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
};

/** Coins as people read them: 1,250,000 → '125万'; 150,000,000 → '1.5亿'. */
export const formatCoins = (coins: number): string => formatCount(coins);

/** '¥1.50/万'. */
export const unitPriceText = (unitPrice: number): string => `${formatPriceFen(unitPrice)}/万`;

/** How many coins one yuan buys at this price ('1元≈6666金币'), the figure coin buyers compare. */
export const coinsPerYuan = (unitPrice: number): number => Math.floor((WAN * 100) / unitPrice);

/** Why a quantity cannot be ordered from this listing, or null when it can. */
export function quantityProblem(
  coins: number | null,
  listing: Pick<BrokerListing, 'minPerOrder' | 'maxPerOrder' | 'stock' | 'goldName'>,
): string | null {
  if (coins === null) return '请输入购买数量（单位：万，最多4位小数）';
  if (coins < listing.minPerOrder) return `单笔最少购买${formatCoins(listing.minPerOrder)}${listing.goldName}`;
  if (coins > listing.stock) return `库存不足，当前剩余${formatCoins(listing.stock)}${listing.goldName}`;
  if (coins > listing.maxPerOrder) return `单笔最多购买${formatCoins(listing.maxPerOrder)}${listing.goldName}`;
  return null;
}

/** The most one order may take now: the listing's bound or what is left. */
export const maxOrderable = (listing: Pick<BrokerListing, 'maxPerOrder' | 'stock'>): number =>
  Math.min(listing.maxPerOrder, listing.stock);

/** The total of a quantity (null when none can be ordered). */
export const orderTotal = (coins: number | null, unitPrice: number): number | null =>
  coins === null ? null : brokerTotalFen(coins, unitPrice);

/** The publish form as typed: prices in yuan per 万, quantities in 万. */
export interface PublishDraft {
  serverId: string;
  goldType: string;
  unitPriceYuan: string;
  stockWan: string;
  minWan: string;
  maxWan: string;
  deliverMinutes: string;
}

export type PublishValues = {
  serverId: string;
  goldType: number;
  unitPrice: number;
  stock: number;
  minPerOrder: number;
  maxPerOrder: number;
  deliverMinutes: number;
};

/** The delivery promises offered, within the game's window. */
export const deliverChoices = (config: Pick<BrokerConfig, 'deliverMinutes'>): number[] =>
  [5, 10, 15, 30, 60, 120, 240, 720, 1440].filter((m) => m <= config.deliverMinutes);

export const deliverText = (minutes: number): string =>
  minutes < 60 ? `${minutes}分钟内发货` : `${minutes / 60}小时内发货`;

/** The publish form checked against the game's bounds (the server checks the same; these are its words). */
export function checkPublish(
  draft: PublishDraft,
  config: Pick<BrokerConfig, 'minQuantity' | 'maxQuantity' | 'deliverMinutes'>,
): { ok: true; values: PublishValues } | { ok: false; problem: string } {
  const fail = (problem: string) => ({ ok: false as const, problem });
  if (!draft.serverId) return fail('请选择区服');
  if (draft.goldType === '') return fail('请选择币种');
  const t = draft.unitPriceYuan.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return fail('请输入单价（元/万，最多2位小数）');
  const [yuan = '0', cents = ''] = t.split('.');
  const unitPrice = Number(yuan) * 100 + Number(cents.padEnd(2, '0'));
  if (unitPrice < 1) return fail('单价须大于0');
  const stock = wanToCoins(draft.stockWan);
  if (stock === null) return fail('请输入库存（单位：万）');
  const minPerOrder = wanToCoins(draft.minWan);
  if (minPerOrder === null) return fail('请输入单笔最少数量（单位：万）');
  const maxPerOrder = wanToCoins(draft.maxWan);
  if (maxPerOrder === null) return fail('请输入单笔最多数量（单位：万）');
  if (minPerOrder < config.minQuantity) return fail(`单笔最少数量不能低于${formatCoins(config.minQuantity)}`);
  if (maxPerOrder > config.maxQuantity) return fail(`单笔最多数量不能高于${formatCoins(config.maxQuantity)}`);
  if (minPerOrder > maxPerOrder) return fail('单笔最少数量不能大于最多数量');
  if (stock < minPerOrder) return fail('库存不能少于单笔最少数量');
  const deliverMinutes = Number(draft.deliverMinutes);
  if (!deliverMinutes) return fail('请选择发货时效');
  if (deliverMinutes > config.deliverMinutes) return fail(`发货时效不能超过${config.deliverMinutes}分钟`);
  return {
    ok: true,
    values: {
      serverId: draft.serverId,
      goldType: Number(draft.goldType),
      unitPrice,
      stock,
      minPerOrder,
      maxPerOrder,
      deliverMinutes,
    },
  };
}

/** What the merchant sees of his standing, the words of each state. */
export const merchantStateHint: Record<MerchantStatus, string> = {
  applied: '平台将在1个工作日内完成审核，审核通过后即可发布商品',
  approved: '您已是本游戏的认证商人，可以发布和管理商品',
  rejected: '入驻申请未通过，可修改信息后重新申请',
  suspended: '您的商人资格已暂停，商品已从市场撤下，请联系客服',
  left: '您已退出本游戏的商户，商品不再出售；如需继续经营，可重新申请入驻',
};

/** The shelf actions a listing allows in its status (0 出售中, 1 已下架, 2 已售罄). */
export function listingActions(status: number): Array<'down' | 'on' | 'delete'> {
  if (status === 0) return ['down'];
  if (status === 1) return ['on', 'delete'];
  return ['delete'];
}

export const listingStatusWord = (status: number): string =>
  brokerListingStatusLabel[status as keyof typeof brokerListingStatusLabel] ?? '未知状态';

/** Every game of the lobby once: the hot ones first, then the rest by initial. */
export function allGames<G extends { applicationId: string }>(
  data: { hot: G[]; groups: Array<{ games: G[] }> } | undefined,
): G[] {
  if (!data) return [];
  const games = [...data.hot, ...data.groups.flatMap((g) => g.games)];
  return games.filter((g, i) => games.findIndex((x) => x.applicationId === g.applicationId) === i);
}
