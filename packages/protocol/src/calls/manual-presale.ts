import { z } from 'zod';
import { sessionCalls } from '../contract';
import { MAX_ROW_ID } from '../validation';
import { publishAnswerSchema } from './consignment';

/**
 * Manual pre-sale (手动预售): a seller outside the game lists a role a buyer receives within
 * deliverDays. The platform proves the seller owns the role: it gives a verification content that
 * the seller puts in the role's 个性签名 in the game, and reads it back through the partner API.
 * A role with a pre-sale already submitted answers 504.
 */
export const MANUAL_PRESALE_STATUSES = ['draft', 'bound', 'verified', 'published', 'cancelled'] as const;
export type ManualPresaleStatus = (typeof MANUAL_PRESALE_STATUSES)[number];
export const manualPresaleStatusLabel: Record<ManualPresaleStatus, string> = {
  draft: '待绑定账号',
  bound: '待验证',
  verified: '已验证',
  published: '已发布',
  cancelled: '已取消',
};

const recordId = z.coerce
  .number({ error: '预售记录不存在' })
  .int()
  .positive({ error: '预售记录不存在' })
  .max(MAX_ROW_ID, { error: '预售记录不存在' });
const price = z.number({ error: '请输入正确的价格' }).int().positive({ error: '请输入正确的价格' }).max(1e12);

export const manualPresaleSchema = z.object({
  recordId: z.number().int(),
  applicationId: z.string(),
  gameName: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  gameAccount: z.string().nullable(),
  roleId: z.string().nullable(),
  roleName: z.string().nullable(),
  roleLevel: z.number().int().nullable(),
  price: z.number().int(),
  fee: z.number().int(),
  receive: z.number().int(),
  deliverDays: z.number().int(),
  description: z.string(),
  status: z.enum(MANUAL_PRESALE_STATUSES),
  statusLabel: z.string(),
  /** What to put in the role's 个性签名, while it is valid. */
  verification: z.object({ content: z.string(), expireTime: z.number().int() }).nullable(),
  commodityId: z.string().nullable(),
  createdAt: z.number().int(),
});
export type ManualPresale = z.infer<typeof manualPresaleSchema>;

const call = sessionCalls('exchange', 'manualPreSale/');

export const manualPreSaleCreate = call(
  'create',
  'Starts a pre-sale record: game, server, price (whole yuan), delivery days, description',
  z.object({
    applicationId: z.string().min(1).max(64),
    serverId: z.string().min(1, { error: '请选择区服' }).max(64),
    price,
    deliverDays: z.number().int().min(1).max(30),
    description: z.string().trim().max(200, { error: '描述最多200字' }).optional(),
  }),
  manualPresaleSchema,
);

export const manualPreSaleBindGameAccount = call(
  'bindGameAccount',
  "Names the game account and the role to sell (checked with the game); 504 when that role's pre-sale was already submitted",
  z.object({
    recordId,
    gameAccount: z.string().trim().min(1, { error: '请输入游戏账号' }).max(64),
    /** The role's name as the game shows it (players know names, not ids). */
    roleName: z.string().trim().min(1, { error: '请输入角色名' }).max(64),
  }),
  manualPresaleSchema,
);

export const manualPreSaleGetVerificationContent = call(
  'getVerificationContent',
  "The content to put in the role's 个性签名 (valid 30 minutes; the same one until it expires)",
  z.object({ recordId }),
  z.object({ content: z.string(), expireTime: z.number().int() }),
);

export const manualPreSaleRefreshVerificationContent = call(
  'refreshVerificationContent',
  'A new verification content (the old one stops counting)',
  z.object({ recordId }),
  z.object({ content: z.string(), expireTime: z.number().int() }),
);

export const manualPreSaleCheckVerificationContent = call(
  'checkVerificationContent',
  "Reads the role's 个性签名 from the game: passed when it holds the content",
  z.object({ recordId }),
  z.object({ passed: z.boolean(), message: z.string() }),
);

export const manualPreSalePublish = call(
  'publish',
  'Submits the verified pre-sale: the role is frozen in the game and listed as 预售 (504 if already submitted)',
  z.object({ recordId }),
  publishAnswerSchema,
);

export const manualPreSaleDetail = call(
  'detail',
  'One pre-sale record of the seller',
  z.object({ recordId }),
  manualPresaleSchema,
);

export const manualPreSaleGetLastRecord = call(
  'getLastRecord',
  "The seller's latest unfinished pre-sale record (to resume), or null",
  z.object({}),
  manualPresaleSchema.nullable(),
);

export const manualPreSaleGetSnapLoginToken = call(
  'getSnapLoginToken',
  "A verified seller's one-time login link to the game (10 minutes): it opens the game logged in with the role selected, to take and upload its screenshots",
  z.object({ recordId }),
  z.object({ snapLoginToken: z.string(), loginUrl: z.string(), expireTime: z.number().int() }),
);
