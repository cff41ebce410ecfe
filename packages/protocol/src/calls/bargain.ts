import { z } from 'zod';
import { defineCall } from '../contract';
import { ROW_ID } from '../validation';
import { gameTokenFields } from './game';

/**
 * Offers (出价, business-flows §4 bargain/offer status, flow 'offer'): a buyer offers a price
 * below the listed one; the seller has OFFER_ANSWER_HOURS to agree or refuse. Agreeing places the
 * buyer's order at the offered price (the listing is reserved for them, as any order does) and
 * the buyer pays it within OFFER_PAY_MINUTES through the usual cashier. Nothing is paid to make
 * an offer, so there is no deposit to keep or return. Money in fen.
 */
export const OFFER_ANSWER_HOURS = 24;
export const OFFER_PAY_MINUTES = 120;
/** An offer is at least this share of the listed price. */
export const OFFER_MIN_PERCENT = 50;

const commodityId = z.string().regex(ROW_ID, { error: '商品不存在' });
const offerId = z.string().regex(ROW_ID, { error: '出价不存在' });

export const offerSchema = z.object({
  offerId: z.string(),
  commodityId: z.string(),
  applicationId: z.string(),
  type: z.number().int(),
  title: z.string(),
  firstImg: z.string(),
  /** The listing's price, and the offered one. */
  listPrice: z.number().int(),
  price: z.number().int(),
  status: z.number().int(),
  /** In the viewer's words (bargainStatusLabel.offer). */
  statusLabel: z.string(),
  /** 1 the buyer, 2 the seller. */
  viewer: z.union([z.literal(1), z.literal(2)]),
  /** Unix seconds: the seller answers before it (11), the buyer pays before it (21); null after. */
  deadline: z.number().int().nullable(),
  /** The order placed when the seller agreed. */
  orderId: z.string().nullable(),
  createTime: z.number().int(),
  note: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

const createFields = {
  commodityId,
  /** The offered price in fen, below the listed price and at least OFFER_MIN_PERCENT of it. */
  price: z.number({ error: '请输入出价' }).int({ error: '出价金额不正确' }).min(100, { error: '出价不能低于1元' }),
  /** The client's idempotency key: the same key answers the same offer. */
  requestKey: z.string().min(8).max(64),
  agreement: z.literal(true, { error: '请先阅读并同意交易规则' }),
  /** App/H5: the buyer's linked game account (roles) or role (coins, props) to deliver to. */
  gameAccountId: z.string().max(64).optional(),
  gameRoleId: z.string().max(64).optional(),
};

export const createOfferOrder = defineCall({
  service: 'exchange',
  call: 'createOfferOrder',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'The buyer offers a price (出价) below the listed one: the same buyer checks as an order (phone, real name, not the seller 40002, the designated buyer, 40050 while locked, where the goods go); one live offer per buyer and listing; the seller answers within 24 h',
  request: z.object(createFields),
  response: offerSchema,
});

export const h5sdkCreateOfferOrder = defineCall({
  service: 'exchange',
  call: 'createOfferOrder',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.createOfferOrder',
  summary: "createOfferOrder from inside the game: the goods go to the token's account (roles) or role (coins, props)",
  request: z.object({ ...gameTokenFields, ...createFields }),
  response: offerSchema,
});

export const offerDetail = defineCall({
  service: 'exchange',
  call: 'preSaleOffer/detail',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'One offer, for its buyer or the seller, in the viewer’s words',
  request: z.object({ offerId }),
  response: offerSchema,
});

const listRequest = z.object({
  /** 1: the offers I made; 2: the offers on my listings. */
  viewer: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
const listResponse = z.object({ list: z.array(offerSchema), hasMore: z.boolean() });

export const offerList = defineCall({
  service: 'exchange',
  call: 'bargain/list',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'The offers I made (viewer 1) or received on my listings (viewer 2), newest first',
  request: listRequest,
  response: listResponse,
});

export const offerAgree = defineCall({
  service: 'exchange',
  call: 'preSaleOffer/agree',
  version: 2,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'The seller agrees: the buyer’s order is placed at the offered price and the listing reserved for them in one transaction (21); the buyer pays within 120 minutes or the offer lapses and the listing is on sale again',
  request: z.object({ offerId }),
  response: offerSchema,
});

export const offerRefuse = defineCall({
  service: 'exchange',
  call: 'preSaleOffer/refuse',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'The seller refuses an offer that waits for them (53)',
  request: z.object({ offerId, reason: z.string().max(100).optional() }),
  response: offerSchema,
});

export const offerBuyerCancel = defineCall({
  service: 'exchange',
  call: 'bargain/buyerCancel',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'The buyer withdraws an offer the seller has not answered (51)',
  request: z.object({ offerId }),
  response: offerSchema,
});

export const h5sdkBargainList = defineCall({
  service: 'exchange',
  call: 'bargainList',
  version: 1,
  access: 'pt',
  method: 'GET',
  scene: 'h5sdk',
  operationId: 'h5sdk.bargainList',
  summary: 'bargain/list from inside the game',
  request: listRequest.extend(gameTokenFields),
  response: listResponse,
});

export const h5sdkPreSaleAgree = defineCall({
  service: 'exchange',
  call: 'preSaleAgree',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.preSaleAgree',
  summary: 'preSaleOffer/agree from inside the game',
  request: z.object({ ...gameTokenFields, offerId }),
  response: offerSchema,
});

export const h5sdkPreSaleRefuse = defineCall({
  service: 'exchange',
  call: 'preSaleRefuse',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.preSaleRefuse',
  summary: 'preSaleOffer/refuse from inside the game',
  request: z.object({ ...gameTokenFields, offerId, reason: z.string().max(100).optional() }),
  response: offerSchema,
});

export const h5sdkBuyerCancel = defineCall({
  service: 'exchange',
  call: 'buyerCancel',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.buyerCancel',
  summary: 'bargain/buyerCancel from inside the game',
  request: z.object({ ...gameTokenFields, offerId }),
  response: offerSchema,
});
