import { z } from 'zod';
import { defineCall } from '../contract';
import { ROW_ID } from '../validation';

/** Query values arrive as text when the client sends a plain GET: coerce them. */
const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** The commodity card of platform-shell §2 / §3. Prices are integer fen. */
export const commodityCardSchema = z.object({
  id: z.string(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: z.string(),
  gameName: z.string(),
  applicationId: z.string(),
  serverName: z.string(),
  role: z.string().nullable(),
  roleConfigTypeName: z.string().nullable(),
  roleLevel: z.number().int().nullable(),
  coinConfigTypeName: z.string().nullable(),
  coinNum: z.number().int().nullable(),
  /** Prop sub-type 1–7 for props, else null. */
  subType: z.number().int().nullable(),
  firstImg: z.string(),
  price: z.number().int(),
  saleType: z.number().int(),
  auctionEnable: z.number().int(),
  publishTime: z.number().int(),
});
export type CommodityCard = z.infer<typeof commodityCardSchema>;

/** Sorts of the commodity list; each has its own index (docs/decisions). */
export const COMMODITY_SORTS = ['newest', 'priceAsc', 'priceDesc', 'levelDesc', 'levelAsc', 'unitPriceAsc'] as const;
export type CommoditySort = (typeof COMMODITY_SORTS)[number];

export const commodityListRequest = z.object({
  page: queryInt(1, 100).default(1),
  pageSize: queryInt(1, 50).default(20),
  type: z.coerce.number().int().min(1).max(3).optional(),
  /** One server; with crossServer=1 its whole master-server group, own server first (if the game allows). */
  serverId: z.string().max(64).optional(),
  crossServer: z.coerce.number().int().min(0).max(1).optional(),
  masterServerId: z.string().max(64).optional(),
  /** Role class (gameConfig roleTypeList type) and level range. */
  roleType: z.coerce.number().int().min(0).max(99).optional(),
  levelMin: queryInt(0, 10_000).optional(),
  levelMax: queryInt(0, 10_000).optional(),
  /** Coin type (gameConfig coinTypeList type) and the least count wanted. */
  coinType: z.coerce.number().int().min(0).max(99).optional(),
  coinNumMin: z.coerce.number().int().min(0).max(1e15).optional(),
  /** Prop sub-type 1–7. */
  subType: z.coerce.number().int().min(1).max(7).optional(),
  /** Price range in fen. */
  priceMin: z.coerce.number().int().min(0).max(1e12).optional(),
  priceMax: z.coerce.number().int().min(0).max(1e12).optional(),
  /** 0 normal, 1 pre-sale, 2 auction. */
  saleType: z.coerce.number().int().min(0).max(2).optional(),
  keyword: z.string().max(30).optional(),
  sort: z.enum(COMMODITY_SORTS).default('newest'),
});
export type CommodityListRequest = z.input<typeof commodityListRequest>;
export type CommodityListQuery = z.output<typeof commodityListRequest>;

export const commodityList = defineCall({
  service: 'exchange',
  call: 'commodityList',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  requiresAppId: true,
  summary:
    'Listings on sale of one game (X-AppId): filters by server / group, type, role class and level, coin type and count, prop sub-type, price, sale type and keyword (titles, role and server names, pinyin initials); sorts by price, level, newest',
  request: commodityListRequest,
  response: z.object({
    list: z.array(commodityCardSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
    /** How many listings match, counted up to 1000 (1000 reads "1000+"): the PC list's count and page numbers. */
    total: z.number().int(),
  }),
});

export const h5sdkCommodityList = defineCall({
  ...commodityList,
  scene: 'h5sdk',
  operationId: 'h5sdk.commodityList',
  summary: 'The SDK home list: the same filters; the player’s own server first when the game trades across servers',
});

const commodityIdSchema = z.coerce.string().regex(ROW_ID, '商品不存在');

const screenshotSchema = z.object({ kind: z.string(), title: z.string(), url: z.string() });

/** A sold listing comparable to the one shown, and the fair-price band of all of them. */
const priceBandSchema = z.object({
  count: z.number().int(),
  p25: z.number().int(),
  median: z.number().int(),
  p75: z.number().int(),
});

export const commodityDetailSchema = commodityCardSchema.extend({
  serverId: z.string(),
  masterServerId: z.string(),
  masterServerName: z.string(),
  /** 1 在售 … (listing-status); only 1 can be bought. */
  status: z.number().int(),
  statusName: z.string(),
  saleTypeShow: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  subTypeName: z.string().nullable(),
  itemName: z.string().nullable(),
  stock: z.number().int(),
  /** Fen per 10,000 coins, for coin listings. */
  unitPricePerWan: z.number().int().nullable(),
  description: z.string(),
  images: z.array(screenshotSchema),
  snapshot: z
    .object({
      power: z.number().int(),
      createdAt: z.number().int(),
      rechargeLevel: z.string(),
      equipment: z.array(
        z.object({
          name: z.string(),
          subTypeName: z.string(),
          /** The item's attributes in the game's words (攻击 120-180), empty where the game has none. */
          attributes: z.array(z.object({ name: z.string(), value: z.string() })),
        }),
      ),
      coins: z.array(z.object({ coinType: z.string(), amount: z.number() })),
    })
    .nullable(),
  /** What the buyer pays: the price plus the buyer's fee (0 unless the game charges buyers). */
  buyerFee: z.number().int(),
  buyerPays: z.number().int(),
  expireTime: z.number().int().nullable(),
  /** Pre-sale: the seller delivers within this many days of payment; null otherwise. */
  deliverDays: z.number().int().nullable(),
  /** Unix seconds until which the listing cannot be ordered (40050), or null. */
  lockUntil: z.number().int().nullable(),
  designatedBuyer: z.boolean(),
  seller: z.object({
    nickname: z.string(),
    soldCount: z.number().int(),
    onSaleCount: z.number().int(),
    memberSince: z.number().int(),
    /** Unix seconds of the seller's first listing (null for the official consignment). */
    listedSince: z.number().int().nullable().optional(),
    /** Orders of this seller that ended: completed (交易成功) and returned (已退回 after a refused receipt). */
    finishedOrders: z.number().int().optional(),
    /** Percent (0–100, whole) of finished orders that completed; null before the first finished order. */
    completionRate: z.number().int().min(0).max(100).nullable().optional(),
  }),
  collected: z.boolean(),
  collectCount: z.number().int(),
  viewCount: z.number().int(),
  isMine: z.boolean(),
  fairPrice: priceBandSchema.nullable(),
  /** A listing that ended in a sale (已售出): when (Unix seconds) and at what price (fen); null otherwise. */
  sold: z.object({ soldAt: z.number().int(), price: z.number().int() }).nullable(),
  /** 已冻结 (status 9) by the platform: the reason buyer and seller are shown; null otherwise. */
  frozenReason: z.string().nullable().optional(),
  /**
   * Proposing a price with a deposit (docs/decisions/0021-deposits.md): flow 'bargain' (还价, a normal
   * listing whose seller allows it), 'offer' (出价, a pre-sale) or null (an auction, or not allowed);
   * the deposit rule the dialog shows (depositFor in sell-rules.ts).
   */
  negotiation: z.object({
    flow: z.enum(['bargain', 'offer']).nullable(),
    depositPercent: z.number(),
    depositMinFen: z.number().int(),
    depositMaxFen: z.number().int(),
  }),
});
export type CommodityDetail = z.infer<typeof commodityDetailSchema>;

export const commodityDetail = defineCall({
  service: 'exchange',
  call: 'commodityDetail',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary:
    'Everything a buyer needs about one listing: snapshot, screenshots, price and what the buyer pays, seller history, lock state, fair-price band; a sold listing stays readable with its sale (sold); 30001 when it is gone otherwise',
  request: z.object({ commodityId: commodityIdSchema }),
  response: commodityDetailSchema,
});

export const commodityInfo = defineCall({
  service: 'exchange',
  call: 'commodityInfo',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: 'The short form of a listing (platform-shell §7): type, server, role, coin type, title, game',
  request: z.object({ commodityId: commodityIdSchema }),
  response: z.object({
    id: z.string(),
    type: z.number().int(),
    serverName: z.string(),
    role: z.string().nullable(),
    coinConfigTypeName: z.string().nullable(),
    title: z.string(),
    gameName: z.string(),
    applicationId: z.string(),
    status: z.number().int(),
    price: z.number().int(),
  }),
});

export const comparableSales = defineCall({
  service: 'exchange',
  call: 'comparableSales',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: 'Sold listings like this role or prop (same game, class or sub-type, near level) and their fair-price band',
  request: z.object({ commodityId: commodityIdSchema }),
  response: z.object({
    band: priceBandSchema.nullable(),
    list: z.array(
      z.object({
        title: z.string(),
        serverName: z.string(),
        roleLevel: z.number().int().nullable(),
        price: z.number().int(),
        soldAt: z.number().int(),
      }),
    ),
  }),
});

export const coinPriceHistory = defineCall({
  service: 'exchange',
  call: 'coinPriceHistory',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  requiresAppId: true,
  summary: 'Daily unit price (fen per 10,000 coins) of one coin type in one master-server group, from completed trades',
  request: z.object({
    coinType: z.coerce.number().int().min(0).max(99),
    masterServerId: z.string().max(64).optional(),
    days: queryInt(7, 180).default(30),
  }),
  response: z.object({
    coinTypeName: z.string(),
    points: z.array(
      z.object({
        day: z.string(),
        avgPerWan: z.number().int(),
        minPerWan: z.number().int(),
        maxPerWan: z.number().int(),
        volume: z.number(),
        trades: z.number().int(),
      }),
    ),
  }),
});
