import { z } from 'zod';
import { defineCall } from '../contract';
import { ROW_ID } from '../validation';
import { commodityCardSchema } from './exchange';
import { gameTokenFields } from './game';

/** The seller's shelf: their listings with what each status allows (listingActions). */

const commodityId = z.string().regex(ROW_ID, { error: '商品不存在' });

export const SHELF_TABS = ['all', 'onSale', 'delisted', 'selling', 'ended'] as const;
export type ShelfTab = (typeof SHELF_TABS)[number];

export const shelfItemSchema = commodityCardSchema.extend({
  status: z.number().int(),
  statusLabel: z.string(),
  actions: z.array(z.enum(['downShelf', 'onShelf', 'takeBack', 'modifyPrice'])),
  fee: z.number().int(),
  receive: z.number().int(),
  /** Unix seconds: when it is delisted if unsold (null once it left the shelf). */
  expireTime: z.number().int().nullable(),
  designatedTradeId: z.string().nullable(),
  /** Pre-sale: days to deliver after payment. */
  deliverDays: z.number().int().nullable(),
  /** Why it failed or ended (上架失败 / 取回失败 reason), or null. */
  note: z.string().nullable(),
  updatedAt: z.number().int(),
});
export type ShelfItem = z.infer<typeof shelfItemSchema>;

const shelfPage = z.object({ list: z.array(shelfItemSchema), hasMore: z.boolean() });
const pageFields = {
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  tab: z.enum(SHELF_TABS).default('all'),
  type: z.coerce.number().int().min(1).max(3).optional(),
};

export const myCommodity = defineCall({
  service: 'exchange',
  call: 'myCommodity',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary:
    "The seller's listings, newest first, by tab (在售, 已下架, 出售中, 已结束) and type, with each one's actions",
  request: z.object({ ...pageFields, applicationId: z.string().max(64).optional() }),
  response: shelfPage,
});

export const h5sdkMyCommodity = defineCall({
  service: 'exchange',
  call: 'myCommodity',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.myCommodity',
  summary: "The seller's listings in this game (the shelf of the SDK view)",
  request: z.object({ ...gameTokenFields, ...pageFields }),
  response: shelfPage,
});

const shelfAction = (call: string, summary: string) =>
  defineCall({
    service: 'exchange',
    call,
    version: 1,
    access: 'df',
    method: 'POST',
    scene: 'app',
    summary,
    request: z.object({ commodityId }),
    response: shelfItemSchema,
  });

export const downShelf = shelfAction(
  'downShelf',
  'Delists a listing on sale (在售 → 已下架); it stays frozen in the game',
);
export const onShelf = shelfAction(
  'onShelf',
  'Relists a delisted listing (已下架 → 在售) for another commodityExpireHour',
);
export const takeBack = shelfAction(
  'takeBack',
  'Takes a delisted listing back (已下架 → 取回中 → released in the game; 取回失败 if the game refuses, which may be retried)',
);

export const modifyPrice = defineCall({
  service: 'exchange',
  call: 'modifyPrice',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'Changes the price of a delisted listing under the same rules as publishing',
  request: z.object({ commodityId, price: z.number().int().positive({ error: '请输入正确的价格' }).max(1e12) }),
  response: shelfItemSchema,
});

const preSaleInfo = {
  commodityId,
  price: z.number().int().positive({ error: '请输入正确的价格' }).max(1e12).optional(),
  deliverDays: z.number().int().min(1).max(30).optional(),
  description: z.string().trim().max(200, { error: '描述最多200字' }).optional(),
};

export const updatePreSaleInfo = defineCall({
  service: 'exchange',
  call: 'updatePreSaleInfo',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'Changes a delisted pre-sale listing: price, delivery days, description',
  request: z.object(preSaleInfo),
  response: shelfItemSchema,
});

export const h5sdkUpdatePreSaleInfo = defineCall({
  service: 'exchange',
  call: 'updatePreSaleInfo',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.updatePreSaleInfo',
  summary: 'The SDK variant of updatePreSaleInfo',
  request: z.object({ ...gameTokenFields, ...preSaleInfo }),
  response: shelfItemSchema,
});
