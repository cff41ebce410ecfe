import { z } from 'zod';
import { defineCall } from '../contract';
import { ROW_ID } from '../validation';
import { commodityCardSchema } from './exchange';

/** Collections and the click / exposure lists (business-flows §7 tracking lists). */

const commodityIds = z.array(z.coerce.string().regex(ROW_ID)).min(1).max(200);

export const myCollect = defineCall({
  service: 'market',
  call: 'myCollect',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: "The user's collected listings, newest collection first; invalid ones (sold, delisted) are flagged",
  request: z.object({
    page: z.coerce.number().int().min(1).max(1_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
  }),
  response: z.object({
    list: z.array(commodityCardSchema.extend({ invalid: z.boolean(), collectedAt: z.number().int() })),
    hasMore: z.boolean(),
    invalidCount: z.number().int(),
  }),
});

export const collectCommodity = defineCall({
  service: 'market',
  call: 'commodity/collect',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'Collects (collect=1) or uncollects (collect=0) a listing; repeating changes nothing',
  request: z.object({
    commodityId: z.coerce.string().regex(ROW_ID, '商品不存在'),
    collect: z.union([z.literal(0), z.literal(1)]),
  }),
  response: z.object({ collected: z.boolean(), collectCount: z.number().int() }),
});

export const clearInvalidCollect = defineCall({
  service: 'market',
  call: 'clearInvalidCollect',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'Removes the collected listings that can no longer be bought',
  request: z.object({}),
  response: z.object({ removed: z.number().int() }),
});

export const commodityClick = defineCall({
  service: 'market',
  call: 'commodity/click',
  version: 1,
  access: 'pb',
  method: 'POST',
  scene: 'app',
  summary: 'A batch of clicked listing ids (deduplicated by the client, then cleared)',
  request: z.object({ commodityIds }),
  response: z.object({ accepted: z.number().int() }),
});

export const commodityExposure = defineCall({
  service: 'market',
  call: 'commodity/exposure',
  version: 1,
  access: 'pb',
  method: 'POST',
  scene: 'app',
  summary: 'A batch of listing ids shown on screen (deduplicated by the client, then cleared)',
  request: z.object({ commodityIds }),
  response: z.object({ accepted: z.number().int() }),
});
