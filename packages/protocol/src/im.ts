import { z } from 'zod';
import type { Notice } from './notices';

/**
 * The order chat's socket protocol (docs/protocol.md, "The chat socket"): JSON text frames over one
 * WebSocket at IM_SOCKET_PATH. The client logs in with the `{account, token}` of tencentUserSig,
 * then sends, pages history and marks read; the server pushes each new message of the member's
 * groups. Every message carries `seq`, increasing by one per group and assigned by the server, so a
 * client that reconnects asks for `after: lastSeq` and misses nothing nor gets anything twice.
 */
export const IM_SOCKET_PATH = '/im/v1/socket';

/** Who speaks in a group; the UI labels each (官方 for the system voice, 客服 for customer service). */
export const IM_ROLES = ['buyer', 'seller', 'system', 'cs'] as const;
export type ImRole = (typeof IM_ROLES)[number];
export const imRoleLabel: Record<ImRole, string> = { buyer: '买家', seller: '卖家', system: '官方', cs: '客服' };

export const IM_KINDS = ['text', 'image', 'order', 'event'] as const;
export type ImKind = (typeof IM_KINDS)[number];

export const IM_LIMITS = {
  /** Characters of one text message. */
  textChars: 500,
  /** Bytes of one frame the server accepts; a larger one closes the socket. */
  frameBytes: 16 * 1024,
  /** Messages one account may send per window, over all its sockets and groups. */
  messagesPerWindow: 20,
  windowSeconds: 10,
  /** Messages one history page holds at most. */
  historyPage: 50,
  /** A group stays writable this many days after its order ends (decision 0018), readable after. */
  writableDaysAfterEnd: 7,
  /** Seconds a chat token is valid; the client fetches a new one with tencentUserSig. */
  tokenSeconds: 7 * 86_400,
} as const;

/** Codes of the chat login (platform-shell §4): 2024 log in again (new token), 3003 another instance took the token. */
export const IM_CODES = { RELOGIN: '2024', KICKED: '3003' } as const;

/** The client's retry rules of platform-shell §4. */
export const IM_CLIENT = { loginRetries: 5, listenAfterMs: 1000, reloginAfterMs: 1500 } as const;

export const IM_MESSAGES = {
  relogin: '聊天登录已失效，请重新登录',
  kicked: '您已在其他页面打开聊天',
  closed: '此会话已结束或订单已关闭',
  readOnly: '订单已结束，此会话仅可查看',
  notMember: '您不是此会话的成员',
  tooLong: `消息不能超过${IM_LIMITS.textChars}个字`,
  empty: '不能发送空消息',
  tooFrequent: '发送过于频繁，请稍后再试',
  badFrame: '消息格式错误',
  badImage: '图片无效或已过期，请重新上传',
} as const;

export const imMessageSchema = z.object({
  /** Global id (increasing); `seq` orders the group. */
  id: z.string(),
  groupId: z.string(),
  seq: z.number().int(),
  /** The sender's chat account ('system' for the system voice). */
  sender: z.string(),
  role: z.enum(IM_ROLES),
  kind: z.enum(IM_KINDS),
  /** text: the text; image: the image URL; order: the order id; event: the event's words. */
  body: z.string(),
  /** Unix milliseconds. */
  at: z.number().int(),
});
export type ImMessage = z.infer<typeof imMessageSchema>;

const groupId = z.string().regex(/^g[1-9][0-9]{0,17}$/, { error: '会话不存在' });
const ref = z.string().max(64);

/** Frames the client sends. */
export const imClientFrame = z.discriminatedUnion('t', [
  z.object({ t: z.literal('login'), account: z.string().max(64), token: z.string().max(512) }),
  z.object({
    t: z.literal('send'),
    ref,
    groupId,
    kind: z.enum(['text', 'image', 'order']),
    body: z.string().max(4096),
  }),
  z.object({
    t: z.literal('history'),
    ref,
    groupId,
    /** Messages after this seq, oldest first (resume), or … */
    after: z.number().int().min(0).optional(),
    /** … before this seq, newest page (scrolling back); neither: the newest page. */
    before: z.number().int().min(1).optional(),
    limit: z.number().int().min(1).max(IM_LIMITS.historyPage).optional(),
  }),
  z.object({ t: z.literal('read'), groupId, seq: z.number().int().min(0) }),
  z.object({ t: z.literal('presence'), ref, groupId }),
  z.object({ t: z.literal('ping') }),
]);
export type ImClientFrame = z.infer<typeof imClientFrame>;

/** Frames the server sends. */
export type ImServerFrame =
  | { t: 'login'; account: string }
  | { t: 'error'; code: string; msg: string }
  | { t: 'ack'; ref: string; message: ImMessage }
  | { t: 'nack'; ref: string; msg: string }
  | { t: 'msg'; message: ImMessage }
  | { t: 'history'; ref: string; groupId: string; messages: ImMessage[]; more: boolean; readOnly: boolean }
  | { t: 'read'; groupId: string; account: string; seq: number }
  | { t: 'presence'; ref: string; groupId: string; online: string[] }
  /** A new notification of the message centre (only while the user's push switch is on). */
  | { t: 'notice'; notice: Notice }
  | { t: 'pong' };
