import { z } from 'zod';
import { defineCall } from '../contract';
import { ROW_ID } from '../validation';

/**
 * 预购码 (docs/decisions/0021-deposits.md): a pre-sale's seller who has agreed with a buyer outside
 * the list hands him a key instead of asking his 唯一码; the buyer binds himself with it as the
 * listing's designated buyer, and from then on only he can buy it or make an 出价 on it. A key is
 * for one listing, one use, PRE_BUY_KEY_HOURS long.
 */
export const PRE_BUY_KEY_HOURS = 24;
export const preBuyKeySchema = z
  .string({ error: '请输入预购码' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{8}$/, { error: '预购码为8位字母或数字' });

export const createPreBuyKey = defineCall({
  service: 'exchange',
  call: 'preBuyKey/create',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'The seller of a pre-sale on sale, not yet designated to a buyer, makes a pre-buy key for it (a new key ends the previous unused one)',
  request: z.object({ commodityId: z.string().regex(ROW_ID, { error: '商品不存在' }) }),
  response: z.object({ preBuyKey: z.string(), commodityId: z.string(), expireTime: z.number().int() }),
});

export const bindUserByPreBuyKey = defineCall({
  service: 'exchange',
  call: 'bindUserByPreBuyKey',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'The buyer binds himself with a pre-buy key as the designated buyer of its pre-sale; answers the listing to open. Unknown, used and expired keys are refused in zh-CN',
  request: z.object({ preBuyKey: preBuyKeySchema }),
  response: z.object({ commodityId: z.string(), applicationId: z.string(), title: z.string() }),
});
