import { z } from 'zod';
import { jyhKeySchema } from '../consignment-key';
import { defineCall } from '../contract';
import { publishAnswerSchema } from './consignment';

/**
 * Listing with a consignment key (寄售码) outside the game: the game issues the key and holds the
 * role under its prePublishLockId for 30 minutes; the web page checks the key, binds it to the
 * seller and finishes the listing (business-flows §4, pre-publish key check result). A key is the
 * seller's alone: only the user linked to the game account the key was issued for may check, bind
 * or use it (31009 for anyone else).
 */
export const keyRoleSchema = z.object({
  applicationId: z.string(),
  gameName: z.string(),
  prePublishLockId: z.string(),
  serverName: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  jobName: z.string(),
  level: z.number().int(),
  roleAtt: z.number().int(),
  screenshots: z.array(z.object({ kind: z.string(), url: z.string() })),
  /** Unix seconds. */
  expireTime: z.number().int(),
  /** Bound to this user already (bindUserPrePublishKey). */
  bound: z.boolean(),
});

export const prePublishCheck = defineCall({
  service: 'exchange',
  call: 'prePublishCheck',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'Checks a consignment key: 31001 unknown, 31009 issued to a game account not linked to this user, 31003 bound to another flow, 31006 expired, 31008 used; otherwise the role it holds',
  request: z.object({ key: jyhKeySchema }),
  response: keyRoleSchema,
});

export const bindUserPrePublishKey = defineCall({
  service: 'exchange',
  call: 'bindUserPrePublishKey',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'Binds a valid key to the seller, who must be linked to its game account (31009); no one else can use it from then on',
  request: z.object({ key: jyhKeySchema, applicationId: z.string().min(1).max(64) }),
  response: keyRoleSchema,
});

export const finishPrePublish = defineCall({
  service: 'exchange',
  call: 'finishPrePublish',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'Lists the role the key holds at the price: frozen in the game under the key lock, the key used up',
  request: z.object({
    key: jyhKeySchema,
    price: z.number().int().positive({ error: '请输入正确的价格' }).max(1e12),
    designatedTradeId: z
      .string()
      .trim()
      .regex(/^\d{6,20}$/, { error: '请输入正确的买家唯一码' })
      .optional(),
    description: z.string().trim().max(200, { error: '描述最多200字' }).optional(),
  }),
  response: publishAnswerSchema,
});
