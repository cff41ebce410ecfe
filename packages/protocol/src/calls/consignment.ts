import { z } from 'zod';
import { defineCall } from '../contract';
import { sellRulesSchema } from '../sell-rules';
import { ROW_ID } from '../validation';
import { gameTokenFields } from './game';

/** Listing from inside the game (h5sdk, game token) and the rules the seller lists under. */

const priceFen = z
  .number({ error: '请输入正确的价格' })
  .int({ error: '请输入正确的价格' })
  .positive({ error: '请输入正确的价格' })
  .max(1e12, { error: '价格过高' });
/** 指定买家: the buyer's 唯一码 (getTradeId), digits. */
const designatedTradeId = z
  .string()
  .trim()
  .regex(/^\d{6,20}$/, { error: '请输入正确的买家唯一码' })
  .optional();
const description = z.string().trim().max(200, { error: '描述最多200字' }).optional();

/** What every publish answers: the listing and what the seller will receive. */
export const publishAnswerSchema = z.object({
  commodityId: z.string(),
  status: z.number().int(),
  price: z.number().int(),
  fee: z.number().int(),
  receive: z.number().int(),
  /** Unix seconds when it is delisted if unsold. */
  expireTime: z.number().int(),
});
export type PublishAnswer = z.infer<typeof publishAnswerSchema>;

const sellGameSchema = z.object({
  applicationId: z.string(),
  gameName: z.string(),
  consignmentOpen: z.boolean(),
  itemExchangeOpen: z.boolean(),
  rules: sellRulesSchema,
});

export const sellConfig = defineCall({
  service: 'exchange',
  call: 'sellConfig',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  requiresAppId: true,
  summary:
    'The selling rules of the game in X-AppId: fee percent and cap, price bounds, coin lots, expiry, relist wait',
  request: z.object({}),
  response: sellGameSchema,
});

/** What the seller does first when the role's coins or props still hold it (the sell page leads there). */
export const ROLE_REFUSAL_FIXES = ['downShelf', 'takeBack', 'wait'] as const;
export type RoleRefusalFix = (typeof ROLE_REFUSAL_FIXES)[number];

export const h5sdkSellConfig = defineCall({
  service: 'exchange',
  call: 'sellConfig',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.sellConfig',
  summary: "The game's selling rules and the token's role as a seller sees it: level, recharge, whether it may be sold",
  request: z.object(gameTokenFields),
  response: sellGameSchema.extend({
    role: z.object({
      roleId: z.string(),
      name: z.string(),
      jobName: z.string(),
      level: z.number().int(),
      roleAtt: z.number().int(),
      serverId: z.string(),
      serverName: z.string(),
      recharge: z.number().int(),
      online: z.boolean(),
      safeZone: z.boolean(),
      /** Frozen by a listing or held by a consignment key. */
      locked: z.boolean(),
    }),
    /**
     * Why the role itself cannot be sold now (conditions, coins on sale, relist wait), or null;
     * `fix` when its coins or props hold it: the step to take first on the shelf (下架, 取回) or wait.
     */
    roleRefusal: z.object({ code: z.string(), msg: z.string(), fix: z.enum(ROLE_REFUSAL_FIXES).optional() }).nullable(),
    screenshots: z.array(z.object({ kind: z.string(), url: z.string() })),
  }),
});

export const preSellConfig = defineCall({
  service: 'exchange',
  call: 'preSellConfig',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.preSellConfig',
  summary: 'Pre-sale rules: the delivery delays a seller may promise and the least price',
  request: z.object(gameTokenFields),
  response: z.object({
    open: z.boolean(),
    deliverDays: z.array(z.number().int()),
    minPrice: z.number().int(),
    servicePercent: z.number(),
    maxServiceCharge: z.number().int(),
  }),
});

export const checkConsignmentSwitch = defineCall({
  service: 'market',
  call: 'checkConsignmentSwitch',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  requiresAppId: true,
  summary: 'Whether the game in X-AppId takes consignments now, per kind',
  request: z.object({}),
  response: z.object({ open: z.boolean(), roleOpen: z.boolean(), coinOpen: z.boolean(), itemOpen: z.boolean() }),
});

export const publishAccountCheck = defineCall({
  service: 'exchange',
  call: 'publishAccountCheck',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'Before a role is listed outside the game: the first missing seller step (30315 for the lock) and, with a key, whether the role meets the conditions (30307)',
  request: z.object({ jyhKey: z.string().trim().min(4).max(32).optional() }),
  response: z.object({ step: z.enum(['bindPhone', 'authentication', 'saleLock', 'roleOnline', 'ready']) }),
});

const publishBase = { ...gameTokenFields, price: priceFen, designatedTradeId, description };

export const publishAccount = defineCall({
  service: 'exchange',
  call: 'publishAccount',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.publishAccount',
  summary:
    "Lists the token's role: freezes it in the game, then puts it on sale (上架中 → 在售, 上架失败 if the game refuses)",
  request: z.object(publishBase),
  response: publishAnswerSchema,
});

export const publishPreSale = defineCall({
  service: 'exchange',
  call: 'publishPreSale',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.publishPreSale',
  summary: "Lists the token's role for pre-sale: the buyer pays now and receives it within deliverDays",
  request: z.object({ ...publishBase, deliverDays: z.number().int().min(1).max(30) }),
  response: publishAnswerSchema,
});

export const publishCoin = defineCall({
  service: 'exchange',
  call: 'publishCoin',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.publishCoin',
  summary: 'Lists a lot of coins of the role: at least coinMinSellCount, at most what is free; frozen in the game',
  request: z.object({
    ...publishBase,
    coinType: z.number().int().min(1).max(99),
    coinNum: z.number({ error: '请输入正确的出售数量' }).int().positive({ error: '请输入正确的出售数量' }).max(1e15),
  }),
  response: publishAnswerSchema,
});

export const publishItem = defineCall({
  service: 'exchange',
  call: 'publishItem',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.publishItem',
  summary: 'Lists one prop of the role: not blacklisted, not consigned in the last 30 days; frozen in the game',
  request: z.object({ ...publishBase, itemId: z.string().min(1).max(64) }),
  response: publishAnswerSchema,
});

export const preFreezeItem = defineCall({
  service: 'exchange',
  call: 'preFreezeItem',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.preFreezeItem',
  summary:
    'Freezes a prop while the seller sets its price (上架中); released by itself after 30 minutes if not published',
  request: z.object({ ...gameTokenFields, itemId: z.string().min(1).max(64) }),
  response: z.object({ commodityId: z.string(), itemName: z.string(), expireTime: z.number().int() }),
});

export const publishFreezeItem = defineCall({
  service: 'exchange',
  call: 'publishFreezeItem',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.publishFreezeItem',
  summary: 'Puts a pre-frozen prop on sale at its price',
  request: z.object({ ...publishBase, commodityId: z.string().regex(ROW_ID) }),
  response: publishAnswerSchema,
});

export const openItemExchange = defineCall({
  service: 'exchange',
  call: 'openItemExchange',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.openItemExchange',
  summary: 'Whether this game trades props',
  request: z.object(gameTokenFields),
  response: z.object({ open: z.boolean() }),
});

export const onShelfItemNum = defineCall({
  service: 'exchange',
  call: 'onShelfItemNum',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.onShelfItemNum',
  summary: "Props of the token's role on the shelf now, and how many it may have",
  request: z.object(gameTokenFields),
  response: z.object({ count: z.number().int(), limit: z.number().int() }),
});

export const sellableItems = defineCall({
  service: 'exchange',
  call: 'sellableItems',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.sellableItems',
  summary: "The role's props with why each cannot be sold (blacklisted, frozen, consigned in the last 30 days)",
  request: z.object(gameTokenFields),
  response: z.object({
    list: z.array(
      z.object({
        itemId: z.string(),
        name: z.string(),
        subType: z.number().int(),
        place: z.string(),
        /** null when it may be sold. */
        refusal: z.string().nullable(),
      }),
    ),
  }),
});

/**
 * 角色位置: whether the token's role stands in a safe zone, asked before the game issues a
 * consignment key (the game refuses a key outside one); the host bridge's checkSecurityZone
 * answers the same from the game client. `msg` says what to do when the role may not get a key.
 */
export const checkRolePosition = defineCall({
  service: 'market',
  call: 'checkRolePosition',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.checkRolePosition',
  summary: "Whether the token's role is online and in a safe zone (where the game issues consignment keys)",
  request: z.object(gameTokenFields),
  response: z.object({
    roleId: z.string(),
    roleName: z.string(),
    serverName: z.string(),
    online: z.boolean(),
    inSafeZone: z.boolean(),
    /** Frozen by a listing or held by a consignment key already. */
    locked: z.boolean(),
    /** Online, in a safe zone and not held by a listing or another key. */
    canIssueKey: z.boolean(),
    msg: z.string(),
  }),
});

/**
 * 市场参考价 of the sell form: what goods like the token role's sold for, as a band of the
 * finished trades (the 价格参考 chart's history): coins per 10,000 of one coin type in the role's
 * master-server group over 30 days (the whole game when the group has fewer than three), the role
 * by class within ±10 levels, a prop by name (else sub-type) over 90 days. null under three trades.
 */
export const sellPriceReference = defineCall({
  service: 'exchange',
  call: 'sellPriceReference',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.sellPriceReference',
  summary: "The reference band (p25, median, p75 of finished trades) of what the token's role would list",
  request: z.object({
    ...gameTokenFields,
    type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    coinType: z.number().int().min(0).max(99).optional(),
    itemId: z.string().min(1).max(64).optional(),
  }),
  response: z.object({
    /** Fen; per 10,000 coins for coins, per listing otherwise. */
    band: z
      .object({ count: z.number().int(), p25: z.number().int(), median: z.number().int(), p75: z.number().int() })
      .nullable(),
    perWan: z.boolean(),
    days: z.number().int(),
  }),
});
