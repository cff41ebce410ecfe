import { z } from 'zod';
import { defineCall } from '../contract';
import { refundLineSchema } from '../refunds';
import { ROW_ID } from '../validation';
import { gameTokenFields } from './game';

/**
 * Orders (business-flows §4 exchange order status). Placing one reserves the listing in the same
 * transaction; a pending order is resumed, not duplicated (the client's idempotency key, and
 * checkIsMyOrder). Money in fen.
 */
const commodityId = z.string().regex(ROW_ID, { error: '商品不存在' });
const orderId = z.string().regex(ROW_ID, { error: '订单不存在' });

export const orderSchema = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  commodityId: z.string(),
  applicationId: z.string(),
  gameName: z.string(),
  type: z.number().int(),
  title: z.string(),
  firstImg: z.string(),
  serverName: z.string(),
  status: z.number().int(),
  /** For the viewer: buyer or seller wording (orderStatusLabel). */
  statusLabel: z.string(),
  role: z.enum(['buyer', 'seller']),
  price: z.number().int(),
  buyerFee: z.number().int(),
  couponAmount: z.number().int(),
  /** The deposit (保证金) of the 还价 / 出价 / auction that placed it, taken off what is left to pay. */
  depositAmount: z.number().int(),
  /** The name of the coupon the order holds or used ('' without one). */
  couponName: z.string(),
  /** What the buyer pays. */
  totalAmount: z.number().int(),
  /** The seller's fee and what they receive (seller's view; 0 for the buyer). */
  sellerFee: z.number().int(),
  sellerReceive: z.number().int(),
  /** Unix seconds: pay before it (status 1). */
  expireTime: z.number().int().nullable(),
  /** Unpaid, but a payment was started: its amount is fixed, the coupon can no longer change. */
  payStarted: z.boolean(),
  payChannel: z.number().int().nullable(),
  createTime: z.number().int(),
  payTime: z.number().int().nullable(),
  /** Where the goods go: the buyer's game account (roles) or role (coins, props). */
  deliverTo: z.object({ gameAccountId: z.string(), gameRoleId: z.string().nullable() }),
  /** The game's receipt of the delivery (what moved, to whom, when) and whether its signature holds. */
  receipt: z
    .object({
      kind: z.string(),
      to: z.string(),
      /** The receiving role's name (the receipt's `to` is the game's id): null for a role bought. */
      toName: z.string().nullable(),
      /** Unix seconds. */
      at: z.number().int(),
      coinType: z.string().nullable(),
      amount: z.number().nullable(),
      itemIds: z.array(z.string()).nullable(),
      verified: z.boolean(),
    })
    .nullable(),
  /** Unix seconds: the buyer's receipt is confirmed by itself then (status 51). */
  autoConfirmTime: z.number().int().nullable(),
  /** Unix seconds: the seller's money becomes available then (status 32). */
  settleTime: z.number().int().nullable(),
  note: z.string(),
});

/** After delivery the buyer has this long to confirm or refuse; silence confirms. */
export const AUTO_CONFIRM_HOURS = 72;
/** After confirmation the seller's money waits this long (待入账) before it is available. */
export const SETTLE_PROTECTION_HOURS = 24;
export type Order = z.infer<typeof orderSchema>;

const placeFields = {
  commodityId,
  /** The client's idempotency key: the same key answers the same order. */
  requestKey: z.string().min(8).max(64),
  /** 已阅读并同意《虚拟物品交易规则》. */
  agreement: z.literal(true, { error: '请先阅读并同意交易规则' }),
  /** App/H5: the buyer's linked game account (roles) — or their role (coins, props) — to deliver to. */
  gameAccountId: z.string().max(64).optional(),
  gameRoleId: z.string().max(64).optional(),
  /** A coupon of the buyer's (useCouponList): held by the order, used when it is paid. */
  couponId: z.string().regex(ROW_ID).optional(),
};

export const orderPlace = defineCall({
  service: 'exchange',
  call: 'orderPlace',
  version: 2,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'Places an order and reserves the listing (在售 → 出售中) in one transaction: bound phone, real name, agreement, not the seller (40002), the designated buyer only, 40050 while locked, 30060 without a free role slot, 40010 when another buyer was first',
  request: z.object(placeFields),
  response: orderSchema,
});

export const h5sdkOrderPlace = defineCall({
  service: 'exchange',
  call: 'orderPlace',
  version: 2,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.orderPlace',
  summary: "orderPlace from inside the game: the goods go to the token's account (roles) or role (coins, props)",
  request: z.object({ ...gameTokenFields, ...placeFields }),
  response: orderSchema,
});

const myOrderAnswer = z.object({ orderId: z.string().nullable(), status: z.number().int().nullable() });

export const commodityIsMyOrder = defineCall({
  service: 'exchange',
  call: 'commodityIsMyOrder',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: "The viewer's unpaid order of this listing, to resume instead of placing another",
  request: z.object({ commodityId }),
  response: myOrderAnswer,
});

export const checkIsMyOrder = defineCall({
  service: 'exchange',
  call: 'checkIsMyOrder',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.checkIsMyOrder',
  summary: 'The SDK name of commodityIsMyOrder',
  request: z.object({ commodityId }),
  response: myOrderAnswer,
});

export const orderStatus = defineCall({
  service: 'exchange',
  call: 'orderStatus',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'The status of one of the viewer’s orders (buyer or seller wording)',
  request: z.object({ orderId }),
  response: z.object({
    orderId: z.string(),
    status: z.number().int(),
    statusLabel: z.string(),
    expireTime: z.number().int().nullable(),
  }),
});

export const orderInfo = defineCall({
  service: 'exchange',
  call: 'orderInfo',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'One order of the viewer, as buyer or seller, with its chat group (teamInfo.groupId; null: none) and, once refunded, where the money goes (refunds: 原路退回 or 余额)',
  request: z.object({ orderId }),
  response: orderSchema.extend({
    teamInfo: z.object({ groupId: z.string().nullable() }),
    /** A refunded order's money, line by line: back through its gateway (and when) or to the balance. */
    refunds: z.array(refundLineSchema),
  }),
});

export const cancelOrder = defineCall({
  service: 'exchange',
  call: 'cancelOrder',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'The buyer cancels an unpaid order (取消订单, -2); the listing is on sale again',
  request: z.object({ orderId }),
  response: orderSchema,
});

export const getFinishBuyOrderList = defineCall({
  service: 'exchange',
  call: 'getFinishBuyOrderList',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: "The buyer's orders, newest first (all, or only finished ones)",
  request: z.object({
    page: z.coerce.number().int().min(1).max(1000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
    finished: z.coerce.number().int().min(0).max(1).default(0),
  }),
  response: z.object({ list: z.array(orderSchema), hasMore: z.boolean() }),
});

export const getSellOrderList = defineCall({
  service: 'exchange',
  call: 'getSellOrderList',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary:
    "The seller's orders (我卖出的), newest first, each in the seller's words with what the seller receives (price less the seller's fee)",
  request: z.object({
    page: z.coerce.number().int().min(1).max(1000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
  }),
  response: z.object({ list: z.array(orderSchema), hasMore: z.boolean() }),
});

export const changeOrderCoupon = defineCall({
  service: 'exchange',
  call: 'changeOrderCoupon',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'The buyer attaches, swaps or removes (couponId null) the coupon of an unpaid order (待支付) in one transaction; the total is recomputed. Refused once a payment was started for the order, so an amount sent to a gateway never changes',
  request: z.object({
    orderId,
    couponId: z.string().regex(ROW_ID, { error: '优惠券不存在' }).nullable(),
  }),
  response: orderSchema,
});

export const itemConfirm = defineCall({
  service: 'exchange',
  call: 'itemConfirm',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'The buyer confirms receipt (待收货 → 待入账 for the seller, 交易成功 for the buyer)',
  request: z.object({ orderId }),
  response: orderSchema,
});

export const itemReject = defineCall({
  service: 'exchange',
  call: 'itemReject',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'The buyer refuses receipt (拒绝收货, -5): customer service takes the order over',
  request: z.object({
    orderId,
    reason: z.string().trim().min(2, { error: '请填写拒绝收货的原因' }).max(200),
    /** Evidence: up to 3 images uploaded through generateIMAssertSignedUrl; they go into the order's chat. */
    images: z.array(z.string().max(500)).max(3, { error: '最多上传3张凭证图片' }).optional(),
  }),
  response: orderSchema,
});

/** The reasons 拒绝收货 offers (the buyer picks one, then may add details). */
export const REFUSAL_REASONS = ['未收到商品', '商品与描述不符', '数量不对', '角色信息不符', '其他'] as const;
