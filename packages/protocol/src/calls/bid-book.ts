import { z } from 'zod';
import { defineCall } from '../contract';
import { ROW_ID } from '../validation';

/**
 * The buy order book of coins (求购, docs/decisions/0025-bid-book.md), under the broker channel: a
 * buyer posts a bid (a game's coin type on a server's master group, a price per 万 in fen, a
 * quantity in whole 万, an expiry, the role that receives) and its money is reserved on his
 * balance; merchants (from a broker listing's stock) and players (from a role of theirs) sell into
 * the best bids, price then time first, each fill a paid broker order delivered to the bid's role.
 */
const applicationId = z.string().min(1, { error: 'AppId异常' }).max(64);
const bidId = z.string().regex(ROW_ID, { error: '求购单不存在' });
/** The longest a bid stands. */
export const BID_MAX_DAYS = 30;
/** Price levels shown on each side of the depth. */
export const DEPTH_LEVELS = 10;
/** A bid waiting for its missing money (4 待付款) closes unpaid this long after it was posted. */
export const BID_PAY_MINUTES = 15;

/** What the cashier pays for a bid the balance could not cover: 'Q' and its id. */
export const bidBizNo = (bidId: string | number): string => `Q${bidId}`;
export const bidIdOfBizNo = (bizNo: string): number | null =>
  /^Q\d{1,10}$/.test(bizNo) ? Number(bizNo.slice(1)) : null;
const requestKey = z.string({ error: '请求标识缺失，请刷新后重试' }).min(8).max(64);

const unitPrice = z
  .number({ error: '请输入单价' })
  .int({ error: '单价须精确到分' })
  .min(1, { error: '单价须大于0' })
  .max(100_000_000, { error: '单价过高' });
const wanQuantity = (what: string) =>
  z
    .number({ error: `请输入${what}` })
    .int({ error: `${what}须为整数` })
    .min(1, { error: `${what}须大于0` })
    .max(1_000_000_000_000, { error: `${what}过大` })
    .refine((q) => q % 10_000 === 0, { error: `${what}须为整万` });

export const coinBidSchema = z.object({
  bidId: z.string(),
  applicationId: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  masterServerId: z.string(),
  goldType: z.number().int(),
  goldName: z.string(),
  /** Fen per 万 coins. */
  unitPrice: z.number().int(),
  /** Coins asked for, and of them filled so far. */
  quantity: z.number().int(),
  filledQuantity: z.number().int(),
  /** Money: reserved when posted (unitPrice × quantity / 万), paid out to fills, released when it ends. */
  reservedAmount: z.number().int(),
  filledAmount: z.number().int(),
  releasedAmount: z.number().int(),
  status: z.number().int(),
  statusLabel: z.string(),
  /** The buyer's role the coins go to. */
  deliverTo: z.object({ gameAccountId: z.string(), gameRoleId: z.string(), roleName: z.string() }),
  /** Unix seconds. */
  expireTime: z.number().int(),
  createTime: z.number().int(),
  /**
   * A bid the balance could not cover (4 待付款): the money still to pay at the cashier (bizNo
   * `payBizNo`) before `payBy` (unix seconds); the rest is held on the balance meanwhile. Else null.
   */
  funding: z.object({ payBizNo: z.string(), amount: z.number().int(), payBy: z.number().int() }).nullable(),
  /** The broker orders its fills became (the buyer follows them in 我的订单). */
  fills: z.array(z.object({ orderId: z.string(), quantity: z.number().int(), amount: z.number().int() })),
});
export type CoinBid = z.infer<typeof coinBidSchema>;

export const postBid = defineCall({
  service: 'broker',
  call: 'postBid',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  operationId: 'broker.postBid',
  summary:
    'Posts a bid (求购): bound phone and real name, an open channel, a coin type of it, a price per 万, a quantity in whole 万 within the channel’s bounds, an expiry within 30 days, a role of the buyer in the server’s master group; the money (price × quantity) is reserved on the balance in the same transaction. When the balance falls short it is refused, unless payShortfall: then the bid waits (4 待付款) for the missing money, paid at the cashier (funding.payBizNo) within 15 minutes, what the balance has held meanwhile. The same requestKey answers the same bid',
  request: z.object({
    applicationId,
    serverId: z.string({ error: '请选择区服' }).min(1, { error: '请选择区服' }).max(64),
    goldType: z.number({ error: '请选择币种' }).int(),
    unitPrice,
    quantity: wanQuantity('求购数量'),
    /** Unix seconds. */
    expireTime: z.number({ error: '请选择到期时间' }).int({ error: '请选择到期时间' }),
    gameAccountId: z.string({ error: '请选择收货的游戏账号' }).min(1, { error: '请选择收货的游戏账号' }).max(64),
    gameRoleId: z.string({ error: '请选择收货角色' }).min(1, { error: '请选择收货角色' }).max(64),
    requestKey,
    /** The balance short: pay the missing money at the cashier instead of being refused. */
    payShortfall: z.boolean().optional(),
  }),
  response: coinBidSchema,
});

export const bidInfo = defineCall({
  service: 'broker',
  call: 'bidInfo',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'One bid of the viewer (the cashier of a bid waiting for its money reads it)',
  request: z.object({ bidId }),
  response: coinBidSchema,
});

export const cancelBid = defineCall({
  service: 'broker',
  call: 'cancelBid',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'The buyer withdraws his open bid (已撤销): what is not filled is released to his balance',
  request: z.object({ bidId }),
  response: coinBidSchema,
});

export const myBids = defineCall({
  service: 'broker',
  call: 'myBids',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'The viewer’s bids, newest first, optionally of one game and status',
  request: z.object({
    applicationId: z.string().max(64).optional(),
    status: z.coerce.number().int().min(0).max(5).optional(),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
  }),
  response: z.object({ list: z.array(coinBidSchema), hasMore: z.boolean() }),
});

export const depthLevelSchema = z.object({
  /** Fen per 万. */
  unitPrice: z.number().int(),
  /** Coins at this price, and how many bids or listings make it. */
  quantity: z.number().int(),
  count: z.number().int(),
});
export type DepthLevel = z.infer<typeof depthLevelSchema>;

export const bidDepth = defineCall({
  service: 'broker',
  call: 'bidDepth',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  operationId: 'broker.bidDepth',
  summary:
    'The book of a coin type on a server’s master group: the open bids’ price levels (best, the highest, first) and the broker listings’ (best, the cheapest, first), 10 levels a side',
  request: z.object({
    applicationId,
    serverId: z.string().min(1, { error: '请选择区服' }).max(64),
    goldType: z.coerce.number({ error: '请选择币种' }).int(),
  }),
  response: z.object({
    masterServerId: z.string(),
    bids: z.array(depthLevelSchema),
    asks: z.array(depthLevelSchema),
  }),
});

export const sellToBid = defineCall({
  service: 'broker',
  call: 'sellToBid',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  operationId: 'broker.sellToBid',
  summary:
    'Sells coins into the bids (卖给求购): a merchant from his broker listing’s stock (commodityId; he delivers from the workbench), or a player from his role (gameAccountId, gameRoleId; the coins move at once). Best bid first (highest price, then the oldest), each fill min(offered, left), down to minPrice; bidId sells to that bid only. Each fill is a paid broker order to the bid’s role. The same requestKey answers the first sale’s fills and sells nothing more, also when sent twice at once',
  request: z
    .object({
      applicationId,
      serverId: z.string({ error: '请选择区服' }).min(1, { error: '请选择区服' }).max(64),
      goldType: z.number({ error: '请选择币种' }).int(),
      quantity: wanQuantity('出售数量'),
      /** The lowest price per 万 the seller takes. */
      minPrice: unitPrice,
      bidId: bidId.optional(),
      commodityId: z.string().regex(ROW_ID, { error: '商品不存在' }).optional(),
      gameAccountId: z.string().min(1).max(64).optional(),
      gameRoleId: z.string().min(1).max(64).optional(),
      /** Drawn by the client once per sale. */
      requestKey,
    })
    .refine((v) => v.commodityId !== undefined || (v.gameAccountId !== undefined && v.gameRoleId !== undefined), {
      error: '请选择出售的商品或游戏角色',
    }),
  response: z.object({
    /** Coins sold, and the broker orders they became (best price first). */
    sold: z.number().int(),
    amount: z.number().int(),
    fills: z.array(
      z.object({
        bidId: z.string(),
        orderId: z.string(),
        quantity: z.number().int(),
        unitPrice: z.number().int(),
        amount: z.number().int(),
        status: z.number().int(),
      }),
    ),
  }),
});
