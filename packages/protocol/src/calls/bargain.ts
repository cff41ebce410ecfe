import { z } from 'zod';
import { defineCall } from '../contract';
import { ROW_ID } from '../validation';
import { depositSchema } from './deposit';
import { gameTokenFields } from './game';

/**
 * 还价 (a normal listing whose seller allows it, flow 'bargain') and 出价 (a pre-sale, flow
 * 'offer'), business-flows §4 and docs/decisions/0021-deposits.md: the buyer proposes a price below
 * the listed one and pays its deposit (保证金) at the cashier within DEPOSIT_PAY_MINUTES (status 1);
 * the seller then has OFFER_ANSWER_HOURS to agree or refuse (11). Agreeing places the buyer's order
 * at the proposed price less the deposit (21); he pays within OFFER_PAY_MINUTES or forfeits it.
 * Once he agreed the seller is bound (docs/decisions/0036): he cannot withdraw it while the buyer
 * may still pay (sellerBoundText); only the buyer's payment, cancel or lapse ends it. Money in fen.
 */
export const OFFER_ANSWER_HOURS = 24;
export const OFFER_PAY_MINUTES = 120;
/** An offer is at least this share of the listed price. */
export const OFFER_MIN_PERCENT = 50;

/**
 * What a seller who agreed is told when he tries to withdraw (the server's refusal), and what his
 * agreed card says (the web): bound for the payment window, compensated if the buyer lets it lapse.
 */
export const sellerBoundText = (noun: '还价' | '出价') =>
  `您已同意该${noun}，买家付款期限内不能取消；买家超时未付款，订单将自动关闭，保证金部分赔付给您`;

const commodityId = z.string().regex(ROW_ID, { error: '商品不存在' });
const offerId = z.string().regex(ROW_ID, { error: '出价不存在' });

export const offerSchema = z.object({
  offerId: z.string(),
  /** 'bargain' 还价 or 'offer' 出价: the wording of its status (bargainStatusLabel). */
  flow: z.enum(['bargain', 'offer']),
  commodityId: z.string(),
  applicationId: z.string(),
  type: z.number().int(),
  title: z.string(),
  firstImg: z.string(),
  /** The listing's price, and the offered one. */
  listPrice: z.number().int(),
  price: z.number().int(),
  status: z.number().int(),
  /** In the viewer's words (bargainStatusLabel[flow]). */
  statusLabel: z.string(),
  /** The buyer's deposit: to pay at the cashier (status 1), held, returned, applied or forfeited. */
  deposit: depositSchema.nullable(),
  /** 1 the buyer, 2 the seller. */
  viewer: z.union([z.literal(1), z.literal(2)]),
  /** Unix seconds: the buyer pays the deposit before it (1), the seller answers before it (11), the buyer pays before it (21); null after. */
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
    'The buyer proposes a price (还价 on a normal listing that allows it, 出价 on a pre-sale) below the listed one: the same buyer checks as an order (phone, real name, not the seller 40002, the designated buyer, 40050 while locked, where the goods go); one live proposal per buyer and listing; answers it with its deposit to pay at the cashier (status 1)',
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
    'The seller agrees: the buyer’s order is placed at the offered price less the deposit and the listing reserved for them in one transaction (21); the buyer pays within 120 minutes or forfeits the deposit (31/41) and the listing is on sale again',
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
  summary:
    'The seller refuses a proposal that waits for them (53, the deposit back); one they agreed to is refused with sellerBoundText and nothing changes',
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
  summary: 'The buyer withdraws a proposal the seller has not answered (51; a held deposit goes back)',
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

export const h5sdkPreSaleList = defineCall({
  service: 'exchange',
  call: 'preSaleList',
  version: 1,
  access: 'pt',
  method: 'GET',
  scene: 'h5sdk',
  operationId: 'h5sdk.preSaleList',
  summary:
    'The 出价 on pre-sales only (flow offer) that I made (viewer 1) or received (viewer 2), from inside the game',
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

const fenOrNull = z.number().int({ error: '底价金额不正确' }).min(100, { error: '底价不能低于1元' }).nullable();

export const bargainSettingSchema = z.object({
  commodityId: z.string(),
  /** The seller accepts 还价 on this listing. */
  allowBargain: z.boolean(),
  /** Proposals below it are refused at once (54); never shown to buyers. Null: no floor. */
  floorPrice: z.number().int().nullable(),
});

export const bargainSetting = defineCall({
  service: 'exchange',
  call: 'commodity/bargainSetting',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'The seller allows or refuses 还价 on one of his normal listings, with an optional hidden floor below its price; live proposals are not touched',
  request: z.object({ commodityId, allowBargain: z.boolean(), floorPrice: fenOrNull.default(null) }),
  response: bargainSettingSchema,
});

export const bargainSettingDetail = defineCall({
  service: 'exchange',
  call: 'commodity/bargainSetting/detail',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'The 还价 setting of one of the seller’s listings',
  request: z.object({ commodityId }),
  response: bargainSettingSchema,
});
