import { z } from 'zod';
import { defineCall } from '../contract';
import { ROW_ID } from '../validation';

/**
 * The broker channel (business-flows §7 "Broker", docs/decisions/0023-broker.md): a merchant (商人)
 * approved for a game publishes coin listings with stock; buyers order a quantity. This file holds
 * the channel's configuration, the merchants and their listings; coins are counted one by one and
 * priced per 万 (10,000) in fen.
 */
export const WAN = 10_000;

/** What a quantity of coins costs at a unit price per 万 (rounded up to the fen). */
export const brokerTotalFen = (quantity: number, unitPricePerWan: number): number =>
  Math.ceil((quantity * unitPricePerWan) / WAN);

const applicationId = z.string().min(1, { error: 'AppId异常' }).max(64);
const commodityId = z.string().regex(ROW_ID, { error: '商品不存在' });
const coins = (what: string) =>
  z
    .number({ error: `请输入${what}` })
    .int({ error: `${what}须为整数` })
    .min(1, { error: `${what}须大于0` })
    .max(1_000_000_000_000, { error: `${what}过大` });

export const goldTypeSchema = z.object({ goldType: z.number().int(), goldName: z.string() });

/**
 * How a game's broker orders are delivered (docs/decisions/0023-broker.md): 'api' — the game moves
 * the coins through the partner API and signs a receipt; 'trade' — the merchant trades them in the
 * game, reports it, and the buyer confirms.
 */
export const BROKER_DELIVERIES = ['api', 'trade'] as const;
export type BrokerDelivery = (typeof BROKER_DELIVERIES)[number];
export const brokerDeliveryLabel: Record<BrokerDelivery, string> = {
  api: '游戏接口发货',
  trade: '游戏内交易',
};

export const brokerConfigSchema = z.object({
  applicationId: z.string(),
  /** The channel is open in this game. */
  enabled: z.boolean(),
  goldTypes: z.array(goldTypeSchema),
  /** Coins per order. */
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  /** The merchant's fee, percent of the order's total. */
  feePercent: z.number(),
  /** After payment the merchant delivers within it; after delivery the buyer confirms within it. */
  deliverMinutes: z.number().int(),
  confirmHours: z.number().int(),
  delivery: z.enum(BROKER_DELIVERIES),
});
export type BrokerConfig = z.infer<typeof brokerConfigSchema>;

export const appBrokerConfig = defineCall({
  service: 'broker',
  call: 'appBrokerConfig',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: 'The broker channel of a game: open or not, its coin types, the bounds of an order, the fee and the windows',
  request: z.object({ applicationId }),
  response: brokerConfigSchema,
});

export const brokerChannels = defineCall({
  service: 'broker',
  call: 'channelList',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary:
    'The games whose broker channel is open (the game lobby’s 商人卖币 entries), most recommended first, with their coin types and how many merchant listings are on sale',
  request: z.object({}),
  response: z.object({
    list: z.array(
      z.object({
        applicationId: z.string(),
        gameName: z.string(),
        iconUrl: z.string(),
        goldTypes: z.array(z.object({ goldType: z.number().int(), goldName: z.string() })),
        onSaleCount: z.number().int(),
      }),
    ),
  }),
});

export const goldType = defineCall({
  service: 'broker',
  call: 'goldType',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: 'The coin types traded in the broker channel of a game',
  request: z.object({ applicationId }),
  response: z.object({ list: z.array(goldTypeSchema) }),
});

export const brokerServerAll = defineCall({
  service: 'broker',
  call: 'serverAll',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  operationId: 'broker.serverAll',
  summary: 'Every server of the game with its master group, for the channel’s server filter and publishing',
  request: z.object({ applicationId }),
  response: z.object({
    list: z.array(z.object({ serverId: z.string(), serverName: z.string(), masterServerId: z.string() })),
  }),
});

/** 'left': the merchant ended his standing himself (merchant/leave), nothing of his open; he may apply again. */
export const MERCHANT_STATUSES = ['applied', 'approved', 'rejected', 'suspended', 'left'] as const;
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number];
export const merchantStatusLabel: Record<MerchantStatus, string> = {
  applied: '审核中',
  approved: '已开通',
  rejected: '未通过',
  suspended: '已暂停',
  left: '已退出',
};

export const merchantSchema = z.object({
  merchantId: z.string(),
  applicationId: z.string(),
  shopName: z.string(),
  status: z.enum(MERCHANT_STATUSES),
  statusLabel: z.string(),
  /** The operator's note (why rejected or suspended). */
  note: z.string(),
  createTime: z.number().int(),
});
export type Merchant = z.infer<typeof merchantSchema>;

export const merchantApply = defineCall({
  service: 'broker',
  call: 'merchant/apply',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'A user with a bound phone and a verified real name applies to be a merchant of a game (the terms accepted); an operator approves it in the console. A rejected one may apply again',
  request: z.object({
    applicationId,
    shopName: z
      .string({ error: '请输入店铺名称' })
      .trim()
      .min(2, { error: '店铺名称为2到16个字' })
      .max(16, { error: '店铺名称为2到16个字' }),
    agreement: z.literal(true, { error: '请先阅读并同意商人服务协议' }),
  }),
  response: merchantSchema,
});

export const merchantInfo = defineCall({
  service: 'broker',
  call: 'merchant/info',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'My merchant standing in a game, or null before I applied',
  request: z.object({ applicationId }),
  response: z.object({ merchant: merchantSchema.nullable() }),
});

export const merchantLeave = defineCall({
  service: 'broker',
  call: 'merchant/leave',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'An approved merchant ends his standing in a game (退出商户): refused while a listing of his is on sale with stock, a broker order of his is open or its money is not yet settled to him; then he is 已退出 and may apply again',
  request: z.object({ applicationId }),
  response: merchantSchema,
});

export const BrokerListingStatus = { ON_SALE: 0, DELISTED: 1, SOLD_OUT: 2 } as const;
export type BrokerListingStatus = (typeof BrokerListingStatus)[keyof typeof BrokerListingStatus];
export const brokerListingStatusLabel: Record<BrokerListingStatus, string> = { 0: '出售中', 1: '已下架', 2: '已售罄' };

export const brokerListingSchema = z.object({
  commodityId: z.string(),
  applicationId: z.string(),
  merchantId: z.string(),
  shopName: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  masterServerId: z.string(),
  goldType: z.number().int(),
  goldName: z.string(),
  /** Fen per 万 coins. */
  unitPrice: z.number().int(),
  /** Coins left to sell (orders reserve theirs at once). */
  stock: z.number().int(),
  minPerOrder: z.number().int(),
  maxPerOrder: z.number().int(),
  /** The merchant's promise: delivered within so many minutes of payment. */
  deliverMinutes: z.number().int(),
  status: z.number().int(),
  statusLabel: z.string(),
  soldQuantity: z.number().int(),
  updateTime: z.number().int(),
});
export type BrokerListing = z.infer<typeof brokerListingSchema>;

const listingFields = {
  serverId: z.string().min(1, { error: '请选择区服' }).max(64),
  goldType: z.number({ error: '请选择币种' }).int(),
  unitPrice: z
    .number({ error: '请输入单价' })
    .int({ error: '单价须精确到分' })
    .min(1, { error: '单价须大于0' })
    .max(100_000_000, { error: '单价过高' }),
  stock: coins('库存'),
  minPerOrder: coins('单笔最少数量'),
  maxPerOrder: coins('单笔最多数量'),
  deliverMinutes: z
    .number({ error: '请选择发货时效' })
    .int()
    .min(5, { error: '发货时效为5到1440分钟' })
    .max(1440, { error: '发货时效为5到1440分钟' }),
};

export const publishCommodity = defineCall({
  service: 'broker',
  call: 'publishCommodity',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'An approved merchant publishes a coin listing with stock: server, coin type, unit price per 万, stock, bounds per order within the game’s, delivery promise within the game’s window',
  request: z.object({ applicationId, ...listingFields }),
  response: brokerListingSchema,
});

export const updateCommodityStock = defineCall({
  service: 'broker',
  call: 'updateCommodityStock',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'The merchant sets a listing’s stock (coins left to sell; what orders reserved is already out of it): 0 makes it 已售罄, restocking a sold-out one puts it on sale again',
  request: z.object({ commodityId, stock: z.number({ error: '请输入库存' }).int().min(0).max(1_000_000_000_000) }),
  response: brokerListingSchema,
});

const merchantListingCall = (call: string, summary: string) =>
  defineCall({
    service: 'broker',
    call,
    version: 1,
    access: 'df',
    method: 'POST',
    scene: 'app',
    summary,
    request: z.object({ commodityId }),
    response: brokerListingSchema,
  });

export const brokerOnShelf = merchantListingCall(
  'onShelf',
  'The merchant puts a delisted listing with stock back on sale',
);
export const brokerDownShelf = merchantListingCall(
  'downShelf',
  'The merchant takes a listing off sale (已下架); live orders go on',
);
export const delCommodity = merchantListingCall(
  'delCommodity',
  'The merchant deletes a delisted or sold-out listing; it leaves every list (its orders keep their record)',
);

export const getMyCommodityList = defineCall({
  service: 'broker',
  call: 'getMyCommodityList',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'The merchant’s listings, newest first, optionally of one game and status',
  request: z.object({
    applicationId: z.string().max(64).optional(),
    status: z.coerce.number().int().min(0).max(2).optional(),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
  }),
  response: z.object({ list: z.array(brokerListingSchema), hasMore: z.boolean() }),
});

export const brokerCommodityList = defineCall({
  service: 'broker',
  call: 'commodityList',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  operationId: 'broker.commodityList',
  summary: 'The listings on sale of a game, by server (or its master group), coin type; cheapest first or by stock',
  request: z.object({
    applicationId,
    serverId: z.string().max(64).optional(),
    goldType: z.coerce.number().int().optional(),
    sort: z.enum(['price', 'stock']).default('price'),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
  }),
  response: z.object({ list: z.array(brokerListingSchema), total: z.number().int(), hasMore: z.boolean() }),
});

/** brokerCommodityInfo's answer: the listing, and whether the caller (when signed in) collected it. */
export const brokerListingDetailSchema = brokerListingSchema.extend({
  collected: z.boolean(),
  collectCount: z.number().int(),
});
export type BrokerListingDetail = z.infer<typeof brokerListingDetailSchema>;

export const brokerCommodityInfo = defineCall({
  service: 'broker',
  call: 'commodityInfo',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  operationId: 'broker.commodityInfo',
  summary: 'One broker listing (deleted ones are 商品不存在), with whether the signed-in caller collected it',
  request: z.object({ commodityId }),
  response: brokerListingDetailSchema,
});

/**
 * Collections (收藏) of broker listings (docs/decisions/0023-broker.md "Collections"): apart from
 * the consignment listings' (market-collect.ts), as the two kinds of listing never share a table.
 * A collected listing is invalid (已失效) once deleted, 已下架, 已售罄, or its merchant suspended.
 */
export const brokerCollectCardSchema = brokerListingSchema.extend({
  invalid: z.boolean(),
  collectedAt: z.number().int(),
});
export type BrokerCollectCard = z.infer<typeof brokerCollectCardSchema>;

export const brokerMyCollect = defineCall({
  service: 'broker',
  call: 'myCollect',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary:
    "The user's collected broker listings, newest collection first; invalid ones (deleted, delisted, sold out, merchant suspended) flagged",
  request: z.object({
    page: z.coerce.number().int().min(1, { error: '页码有误' }).max(1000, { error: '页码有误' }).default(1),
    pageSize: z.coerce.number().int().min(1, { error: '每页数量有误' }).max(50, { error: '每页数量有误' }).default(20),
  }),
  response: z.object({
    list: z.array(brokerCollectCardSchema),
    hasMore: z.boolean(),
    invalidCount: z.number().int(),
  }),
});

export const brokerCollect = defineCall({
  service: 'broker',
  call: 'commodity/collect',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'Collects (collect=1) or uncollects (collect=0) a broker listing; repeating changes nothing; a deleted listing can only be uncollected',
  request: z.object({
    commodityId,
    collect: z.union([z.literal(0), z.literal(1)], { error: '收藏参数有误' }),
  }),
  response: z.object({ collected: z.boolean(), collectCount: z.number().int() }),
});

export const brokerClearInvalidCollect = defineCall({
  service: 'broker',
  call: 'clearInvalidCollect',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: "Removes the caller's collected broker listings that can no longer be bought",
  request: z.object({}),
  response: z.object({ removed: z.number().int() }),
});
