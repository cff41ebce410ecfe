import { z } from 'zod';
import { defineCall } from '../contract';
import { imGroupId, imMessageSchema, imSeq } from '../im';
import { ROW_ID } from '../validation';
import { imageSuffixSchema } from './identity';

/**
 * The chat's calls beside its socket (packages/protocol/src/im.ts): the chat login (named
 * tencentUserSig for the clients' sake, though the chat is our own), the group of an order, and
 * the viewer's conversations for the message centre.
 */
export const tencentUserSig = defineCall({
  service: 'user',
  call: 'tencentUserSig',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: "The chat login: the viewer's chat account and a token the chat socket accepts (valid 7 days)",
  request: z.object({}),
  response: z.object({ account: z.string(), token: z.string() }),
});

export const imGroup = defineCall({
  service: 'exchange',
  call: 'imGroup',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    "The order's chat group, for its buyer and seller: null when the order has none (the client says 此会话已结束或订单已关闭)",
  request: z.object({ orderId: z.string().regex(ROW_ID, { error: '订单不存在' }) }),
  response: z.object({
    groupId: z.string().nullable(),
    /** The order ended long enough ago: the chat can be read, not written. */
    readOnly: z.boolean(),
    /** 客服 is in the chat (joined at a side's request): the page is titled for all who talk in it. */
    withService: z.boolean(),
  }),
});

export const conversationSchema = z.object({
  groupId: z.string(),
  /** The order the chat is about (an exchange order's or a broker order's id, by orderType); null for an offer's. */
  orderId: z.string().nullable(),
  orderType: z.enum(['order', 'broker']).nullable(),
  title: z.string(),
  /** The viewer's side in it. */
  role: z.enum(['buyer', 'seller', 'cs']),
  last: imMessageSchema.nullable(),
  unread: z.number().int(),
  readOnly: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationList = defineCall({
  service: 'user',
  call: 'conversationList',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: "The viewer's chats, the latest message first, with unread counts",
  request: z.object({}),
  response: z.object({ list: z.array(conversationSchema), unread: z.number().int() }),
});

export const generateIMAssertSignedUrl = defineCall({
  service: 'user',
  call: 'generateIMAssertSignedUrl',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'A presigned PUT URL for one chat image (10 minutes; PNG/JPEG/WebP/GIF up to 5 MB, content checked); the URL without its query is what the image message carries',
  request: z.object({ typeName: imageSuffixSchema }),
  response: z.string(),
});

export const generateIMAssertToken = defineCall({
  service: 'user',
  call: 'generateIMAssertToken',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'A short-lived URL to show one image message of a group the viewer is a member of',
  request: z.object({
    groupId: imGroupId,
    seq: imSeq.min(1),
  }),
  response: z.object({ url: z.string(), expireTime: z.number().int() }),
});
