import { z } from 'zod';
import type { Notice } from './notices';
import { CONTROL_CHARS_REFUSAL, MAX_ROW_ID } from './validation';

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

const MESSAGES_PER_WINDOW = 20;

export const IM_LIMITS = {
  /** Characters of one text message. */
  textChars: 500,
  /** Bytes of one frame the server accepts; a larger one is refused (10002) and closes the socket (1008). */
  frameBytes: 16 * 1024,
  /** Bytes past which the socket layer itself cuts the connection (1009) without reading the frame. */
  frameCutBytes: 256 * 1024,
  /** Messages one account may send per window, over all its sockets and groups. */
  messagesPerWindow: MESSAGES_PER_WINDOW,
  windowSeconds: 10,
  /**
   * Frames of each kind one socket, and one account over all its sockets, may send per window
   * (`send` is the messages above). A frame beyond either is refused and not handled; a socket
   * that sends more than twice its own limit of a kind in one window is closed (a flood).
   */
  frames: {
    send: { socket: MESSAGES_PER_WINDOW, account: MESSAGES_PER_WINDOW },
    history: { socket: 30, account: 60 },
    presence: { socket: 10, account: 20 },
    read: { socket: 30, account: 60 },
    ping: { socket: 10, account: 30 },
  },
  /** Messages one history page holds at most. */
  historyPage: 50,
  /** A group stays writable this many days after its order ends (decision 0018), readable after. */
  writableDaysAfterEnd: 7,
  /** Seconds a chat token is valid; the client fetches a new one with tencentUserSig. */
  tokenSeconds: 7 * 86_400,
} as const;

/**
 * Codes of the chat login (platform-shell §4): 2024 log in again (new token), 3003 another instance
 * took the token; 10002 a frame that is not the protocol; 10005 a frame beyond the rate limits.
 */
export const IM_CODES = { RELOGIN: '2024', KICKED: '3003', BAD_FRAME: '10002', TOO_FREQUENT: '10005' } as const;

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
  framesTooFrequent: '操作过于频繁，请稍后再试',
  badFrame: '消息格式错误',
  badChars: CONTROL_CHARS_REFUSAL,
  refReused: '消息编号已用于另一条消息，请刷新页面后重试',
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

/** A group key: `g` and the group's id, at most 15 digits (ids stay exact as JS numbers). */
export const imGroupId = z.string().regex(/^g[1-9][0-9]{0,14}$/, { error: '会话不存在' });
/** A message's seq: 0 … 2147483647, the database's integer (larger ones would fail there). */
export const imSeq = z.number().int().min(0).max(MAX_ROW_ID);
const groupId = imGroupId;
/** The client's name of a request; for `send`, of the message: a resend with the same ref is the same message. */
const ref = z.string().min(1).max(64);

/** Frames the client sends. */
export const imClientFrame = z.discriminatedUnion('t', [
  z.object({ t: z.literal('login'), account: z.string().max(64), token: z.string().max(512) }),
  z.object({
    t: z.literal('send'),
    ref,
    groupId,
    kind: z.enum(['text', 'image', 'order']),
    /** Bounded by the frame's bytes; a text over IM_LIMITS.textChars is refused with a nack. */
    body: z.string(),
  }),
  z.object({
    t: z.literal('history'),
    ref,
    groupId,
    /** Messages after this seq, oldest first (resume), or … */
    after: imSeq.optional(),
    /** … before this seq, newest page (scrolling back); neither: the newest page. */
    before: imSeq.min(1).optional(),
    limit: z.number().int().min(1).max(IM_LIMITS.historyPage).optional(),
  }),
  z.object({ t: z.literal('read'), groupId, seq: imSeq }),
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
