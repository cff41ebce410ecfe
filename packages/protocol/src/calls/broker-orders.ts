import { z } from 'zod';
import { defineCall } from '../contract';
import { refundLineSchema } from '../refunds';
import { ROW_ID } from '../validation';
import { BROKER_DELIVERIES } from './broker';

/**
 * Broker orders (business-flows §4 "Broker order status", docs/decisions/0023-broker.md "Orders"):
 * a buyer orders a quantity of a merchant's coin listing (the stock reserved at once), pays it
 * through the cashier with bizNo `B<orderId>` (every channel of pay.ts), talks with the merchant in
 * the order's chat, the merchant delivers through the game (coins moved from his stock role to the
 * buyer's role, with the game's signed receipt), the buyer confirms (the merchant's share pending
 * until the settlement window ends) or refuses (customer service decides: refund or confirm).
 * Statuses: statuses/broker-order-status.ts. Money in fen, coins counted one by one.
 */
const commodityId = z.string().regex(ROW_ID, { error: '商品不存在' });
const orderId = z.string().regex(ROW_ID, { error: '订单不存在' });

/** What the cashier pays for a broker order: 'B' and its id. */
export const brokerBizNo = (orderId: string | number): string => `B${orderId}`;
export const brokerOrderIdOfBizNo = (bizNo: string): number | null =>
  /^B\d{1,10}$/.test(bizNo) ? Number(bizNo.slice(1)) : null;

/** An unpaid broker order ends (-101 已超时) this long after it was placed; its stock goes back. */
export const BROKER_PAY_MINUTES = 15;
/** After confirmation the merchant's share waits this long (112 待入账) before it is available (111 已到账). */
export const BROKER_SETTLE_HOURS = 24;

/** Whose view: 1 the buyer's (my broker orders), 2 the merchant's (orders of my listings). */
export const BROKER_VIEWS = { BUYER: 1, MERCHANT: 2 } as const;
const viewType = z.coerce
  .number()
  .int()
  .refine((v) => v === 1 || v === 2, { error: '订单类型错误' });

export const brokerReceiptSchema = z.object({
  /** The merchant's role the coins left, the buyer's role they reached (the game's ids). */
  from: z.string(),
  to: z.string(),
  toName: z.string().nullable(),
  /** Unix seconds. */
  at: z.number().int(),
  coinType: z.string().nullable(),
  amount: z.number().nullable(),
  /** The receipt carries the game's own signature. */
  verified: z.boolean(),
});

export const brokerOrderSchema = z.object({
  orderId: z.string(),
  /** Shown to people; the cashier's bizNo is `bizNo`. */
  orderNo: z.string(),
  bizNo: z.string(),
  commodityId: z.string(),
  applicationId: z.string(),
  gameName: z.string(),
  merchantId: z.string(),
  shopName: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  goldType: z.number().int(),
  goldName: z.string(),
  /** Coins ordered. */
  quantity: z.number().int(),
  /** Fen per 万 coins, as ordered. */
  unitPrice: z.number().int(),
  /** What the buyer pays: brokerTotalFen(quantity, unitPrice). */
  totalAmount: z.number().int(),
  /** The merchant's view: the channel's fee and what he receives (0 in the buyer's view). */
  fee: z.number().int(),
  merchantReceive: z.number().int(),
  /** Whose view this is. */
  role: z.enum(['buyer', 'merchant']),
  status: z.number().int(),
  statusLabel: z.string(),
  /** Where the coins go: the buyer's role (in the listing's server's master group). */
  deliverTo: z.object({ gameAccountId: z.string(), gameRoleId: z.string(), roleName: z.string() }),
  /** The merchant's stock role the coins come from (set when delivery starts) and its server. */
  deliverFrom: z.object({ gameRoleId: z.string(), roleName: z.string(), serverName: z.string() }).nullable(),
  /** How it is delivered: the game's, or once delivery started the order's own (BROKER_DELIVERIES). */
  delivery: z.enum(BROKER_DELIVERIES),
  /** The game's receipt ('api'). */
  receipt: brokerReceiptSchema.nullable(),
  /** The merchant's report of the in-game trade ('trade', 107 onwards): his note and screenshots. */
  tradeReport: z.object({ note: z.string(), images: z.array(z.string()), at: z.number().int() }).nullable(),
  /** Unix seconds: pay before it (101). */
  expireTime: z.number().int().nullable(),
  payChannel: z.number().int().nullable(),
  payTime: z.number().int().nullable(),
  /** Unix seconds: the merchant's promise (paid + the listing's deliverMinutes). */
  deliverBefore: z.number().int().nullable(),
  /** The promise in minutes (the listing's deliverMinutes when paid); null before payment. */
  deliverMinutes: z.number().int().nullable(),
  /**
   * The promise passed without the delivery started (102/104): the buyer may cancel with the whole
   * amount back to his balance (cancelOrder → -121 已退回).
   */
  deliveryLate: z.boolean(),
  /**
   * An in-game trade started (106, 'trade'): Unix seconds after which, still not reported, the
   * buyer may ask customer service (the later of the promise and the game's window after the start).
   */
  tradeDueTime: z.number().int().nullable(),
  /** That time passed, the trade still not reported and the buyer has not asked yet: tradeCustomerService is allowed. */
  tradeOverdue: z.boolean(),
  /** Unix seconds: when the buyer asked customer service about a trade never reported; null: not asked. */
  tradeCsTime: z.number().int().nullable(),
  /** Customer service decided it in the console: each side may rate that service once (rateCustomerService). */
  csDecided: z.boolean(),
  deliverTime: z.number().int().nullable(),
  /** Unix seconds: the buyer's confirmation happens by itself then (107). */
  autoConfirmTime: z.number().int().nullable(),
  /** Unix seconds: the merchant's share becomes available then (112). */
  settleTime: z.number().int().nullable(),
  /** Why it was refused (-105), why the delivery failed (-104), customer service's decision. */
  note: z.string(),
  createTime: z.number().int(),
});
export type BrokerOrder = z.infer<typeof brokerOrderSchema>;

export const brokerOrderPlace = defineCall({
  service: 'broker',
  call: 'orderPlace',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  operationId: 'broker.orderPlace',
  summary:
    'Orders a quantity of a broker listing (101 待付款, pay within 15 minutes; the stock reserved in the same transaction): bound phone and real name, not one’s own listing, the quantity within the listing’s and the game’s bounds and the stock, a role of the buyer in the listing’s server’s master group. The same requestKey answers the same order',
  request: z.object({
    commodityId,
    quantity: z
      .number({ error: '请输入购买数量' })
      .int({ error: '购买数量须为整数' })
      .min(1, { error: '购买数量须大于0' })
      .max(1_000_000_000_000, { error: '购买数量过大' }),
    /** The buyer's linked game account and its role that receives the coins. */
    gameAccountId: z.string({ error: '请选择收货的游戏账号' }).min(1, { error: '请选择收货的游戏账号' }).max(64),
    gameRoleId: z.string({ error: '请选择收货角色' }).min(1, { error: '请选择收货角色' }).max(64),
    requestKey: z.string().min(8).max(64),
    agreement: z.literal(true, { error: '请先阅读并同意交易规则' }),
  }),
  response: brokerOrderSchema,
});

export const brokerOrderInfo = defineCall({
  service: 'broker',
  call: 'orderInfo',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  operationId: 'broker.orderInfo',
  summary:
    'One broker order, in the buyer’s (type 1) or the merchant’s (type 2) view, with its chat group (teamInfo.groupId; null: none). Anyone else: 订单不存在',
  request: z.object({ orderId, type: viewType.optional() }),
  response: brokerOrderSchema.extend({
    teamInfo: z.object({ groupId: z.string().nullable() }),
    /** A refunded order's money, line by line (the buyer's view; empty for the merchant's). */
    refunds: z.array(refundLineSchema),
  }),
});

export const brokerOrderStatus = defineCall({
  service: 'broker',
  call: 'orderStatus',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  operationId: 'broker.orderStatus',
  summary: 'The status of one of the viewer’s broker orders (to poll after paying)',
  request: z.object({ orderId }),
  response: z.object({
    orderId: z.string(),
    status: z.number().int(),
    statusLabel: z.string(),
    expireTime: z.number().int().nullable(),
  }),
});

const listQuery = {
  type: viewType.default(1),
  applicationId: z.string().max(64).optional(),
  /** One status only (getOrderStatusList gives the tabs). */
  status: z.coerce.number().int().optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
};

export const brokerOrderList = defineCall({
  service: 'broker',
  call: 'getFinishBuyOrderList',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  operationId: 'broker.getFinishBuyOrderList',
  summary:
    'The viewer’s broker orders, newest first: as buyer (type 1, 我的订单) or as merchant (type 2, the workbench), optionally of one game and status',
  request: z.object(listQuery),
  response: z.object({ list: z.array(brokerOrderSchema), hasMore: z.boolean() }),
});

export const getOrderStatusList = defineCall({
  service: 'broker',
  call: 'getOrderStatusList',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary:
    'The broker order statuses with the viewer’s count of each (buyer type 1 or merchant type 2), for the list’s tabs; every status, also those at 0',
  request: z.object({ type: viewType.default(1), applicationId: z.string().max(64).optional() }),
  response: z.object({
    list: z.array(z.object({ status: z.number().int(), statusLabel: z.string(), count: z.number().int() })),
  }),
});

// biome-ignore lint/complexity/noBannedTypes: no extra fields by default
const orderCall = <E extends z.ZodRawShape = {}>(call: string, summary: string, extra?: E) =>
  defineCall({
    service: 'broker',
    call,
    version: 1,
    access: 'df',
    method: 'POST',
    scene: 'app',
    operationId: `broker.${call}`,
    summary,
    request: z.object({ orderId, ...(extra ?? ({} as E)) }),
    response: brokerOrderSchema,
  });

export const brokerCancelOrder = orderCall(
  'cancelOrder',
  'The buyer cancels an unpaid broker order (101 → -102 已取消), or a paid one the merchant did not start delivering within his promise (102/104 → -121 已退回, the whole amount back to the buyer’s balance); either way its stock goes back to the listing',
);

export const orderEngaged = orderCall(
  'orderEngaged',
  'The merchant marks a paid order as talked through with the buyer (102 → 104 已沟通过)',
);

export const startOrderDelivery = orderCall(
  'startOrderDelivery',
  "The merchant delivers (102/104 → 106 发货中) from his stock role (a role of his linked game account in the order’s master group). Through the partner API (the game’s delivery 'api'): the game moves the coins to the buyer’s role and signs a receipt (→ 107 发货完成); the game refusing (not enough coins, …) ends it as -104 发货失败 with the money back to the buyer’s balance and the stock back to the listing; an outcome not known yet stays 106 and is retried. By an in-game trade ('trade'): the game is not asked to move anything; both sides meet in the game and the merchant reports the trade (deliveredOrder)",
  {
    gameAccountId: z.string({ error: '请选择发货的游戏账号' }).min(1, { error: '请选择发货的游戏账号' }).max(64),
    gameRoleId: z.string({ error: '请选择发货角色' }).min(1, { error: '请选择发货角色' }).max(64),
  },
);

export const deliveredOrder = orderCall(
  'deliveredOrder',
  'Through the partner API: the merchant asks the game again for a delivery in progress (106); answers the order once the game moved the coins (107 with the receipt) or refused (-104); still 106 while the game is unreachable. By an in-game trade: the merchant reports the trade done (106 → 107 我已交易, with an optional note and up to 3 screenshots uploaded to the chat), which starts the buyer’s confirmation window; a repeat answers the order as it is',
  {
    note: z.string().trim().max(200, { error: '交易说明不超过200个字' }).optional(),
    /** Screenshots of the trade uploaded through generateIMAssertSignedUrl; they go into the order's chat. */
    images: z.array(z.string().max(500)).max(3, { error: '最多上传3张交易截图' }).optional(),
  },
);

export const brokerConfirmOrder = orderCall(
  'confirmOrder',
  'The buyer confirms receipt (107 → 112 交易成功(待入账)): the merchant’s share (total less the fee) is pending on his balance until the settlement window ends (111). Silence confirms after the game’s confirmHours',
);

export const brokerRefuseOrder = orderCall(
  'customerServiceIntervention',
  'The buyer refuses receipt of a delivered order with a reason (107 → -105 拒绝收货): customer service decides (refund → -121 已退回, or confirm → 112)',
  { reason: z.string().trim().min(2, { error: '请说明拒绝收货的原因' }).max(200) },
);

export const brokerTradeCustomerService = orderCall(
  'tradeCustomerService',
  'The buyer asks customer service (申请客服介入) about an in-game trade the merchant started but has not reported (106, tradeOverdue): the order stays 106 and appears among the console’s cases, where an operator refunds it whole (→ -121 已退回) or records it delivered (→ 107, the confirmation window starts); the merchant may still report meanwhile, and of the two only one wins. Before tradeDueTime, twice, or on an order delivered through the game: refused with nothing changed',
  { reason: z.string().trim().min(2, { error: '请说明需要客服处理的情况' }).max(200, { error: '说明不超过200个字' }) },
);

const urgeAnswer = z.object({ nextAt: z.number().int() });

export const brokerUrgeSellerDelivery = defineCall({
  service: 'broker',
  call: 'urgeSellerDelivery',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  operationId: 'broker.urgeSellerDelivery',
  summary:
    'The buyer reminds the merchant to deliver (102/104): a notification and a line in the chat, once per 10 minutes (nextAt: Unix seconds of the next allowed)',
  request: z.object({ orderId }),
  response: urgeAnswer,
});

export const brokerUrgeBuyerReceipt = defineCall({
  service: 'broker',
  call: 'urgeBuyerReceipt',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  operationId: 'broker.urgeBuyerReceipt',
  summary:
    'The merchant reminds the buyer to confirm receipt (107): a notification and a line in the chat, once per 10 minutes',
  request: z.object({ orderId }),
  response: urgeAnswer,
});

const ratingSchema = z.object({ score: z.number().int(), comment: z.string() });

export const brokerRateCustomerService = defineCall({
  service: 'broker',
  call: 'rateCustomerService',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  operationId: 'broker.rateCustomerService',
  summary:
    'The buyer or the merchant rates customer service’s decision on a broker order (a refusal or an undelivered order decided in the console), once each: 1–5 stars and an optional comment',
  request: z.object({
    orderId,
    score: z.number().int().min(1, { error: '请选择评分' }).max(5, { error: '请选择评分' }),
    comment: z.string().trim().max(200, { error: '评价最多200字' }).optional(),
  }),
  response: ratingSchema,
});

export const brokerGetRateCustomerService = defineCall({
  service: 'broker',
  call: 'getRateCustomerService',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  operationId: 'broker.getRateCustomerService',
  summary:
    'The viewer’s rating of customer service’s decision on the broker order (null: not rated yet, or no decision to rate) and whether he may rate it now',
  request: z.object({ orderId }),
  response: z.object({ rating: ratingSchema.nullable(), canRate: z.boolean() }),
});

/** Customer service decides a refused broker order (console): refund it to the buyer or confirm it for the merchant. */
export const BROKER_DECISIONS = ['refund', 'confirm'] as const;
export type BrokerDecision = (typeof BROKER_DECISIONS)[number];
