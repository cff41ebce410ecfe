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

/**
 * The game's link to the key sale carries the lock id the game holds the role under
 * (prePublishLockId, business-flows §2), not the key: this resolves it to its key for the key's
 * owner. An unknown lock id and another's answer the same 31001 as getJyhKeyInfo; whether the key
 * can still be used is prePublishCheck's to say.
 */
export const prePublishLockKey = defineCall({
  service: 'exchange',
  call: 'prePublishLockKey',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    "The consignment key a game's prePublishLockId stands for, to the key's owner only; an unknown lock id and another's both answer 31001; counted with the key lookups (10005)",
  request: z.object({
    prePublishLockId: z.string().trim().min(1, { error: '寄售码无效' }).max(64, { error: '寄售码无效' }),
  }),
  response: z.object({ key: z.string(), applicationId: z.string() }),
});
