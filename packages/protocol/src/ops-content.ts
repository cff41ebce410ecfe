import { z } from 'zod';

/**
 * The console's content part (/ops/v1; docs/decisions/0075-ops-content.md): the content slots the
 * player pages show (轮播图, 海报, 弹窗, 闪屏, 广告位, 公告) per place and game with their start and
 * end, written with a version so two staff editing one slot cannot overwrite each other silently
 * (permission `content`); and the feedback inbox, each reply reaching the player as a notice
 * (permission `feedback`). Times in ms.
 */

const page = z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').default(1);
const pageSize = z.coerce.number({ error: '每页条数不正确' }).int().min(1).max(100, '每页最多100条').default(20);
const reason = z.string({ error: '请填写原因' }).trim().min(2, '请填写原因（至少2个字）').max(200, '原因不超过200个字');

export const CONTENT_KINDS = ['banner', 'poster', 'popup', 'splash', 'ad', 'notice'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const contentKindLabel: Record<ContentKind, string> = {
  banner: '轮播图',
  poster: '海报',
  popup: '弹窗',
  splash: '闪屏',
  ad: '广告位',
  notice: '公告（跑马灯）',
};

/** Where the player pages read each kind (the calls' `place`): the phone home of H5 and the app, the PC home, the in-game home, the app's start. */
export const CONTENT_PLACES = ['home', 'pcHome', 'sdkHome', 'app'] as const;
export type ContentPlace = (typeof CONTENT_PLACES)[number];
export const contentPlaceLabel: Record<ContentPlace, string> = {
  home: '手机首页（H5 / App）',
  pcHome: '电脑端首页',
  sdkHome: '游戏内首页（SDK）',
  app: 'App 启动页',
};
export const placesOfKind: Record<ContentKind, readonly ContentPlace[]> = {
  banner: ['home', 'pcHome'],
  poster: ['home', 'pcHome'],
  popup: ['home', 'pcHome', 'sdkHome'],
  splash: ['app'],
  ad: ['sdkHome'],
  notice: ['sdkHome'],
};
/** The kinds shown without a picture (a line of text). */
export const TEXT_ONLY_KINDS: readonly ContentKind[] = ['notice'];

/** business-flows §2: 1 open in the app, 2 the external browser, 3 no jump. */
export const LINK_TYPES = [1, 2, 3] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const linkTypeLabel: Record<LinkType, string> = { 1: '应用内打开', 2: '外部浏览器打开', 3: '不跳转' };

export const CONTENT_STATES = ['live', 'scheduled', 'ended'] as const;
export type ContentState = (typeof CONTENT_STATES)[number];
export const contentStateLabel: Record<ContentState, string> = {
  live: '展示中',
  scheduled: '未开始',
  ended: '已结束',
};

export const contentListQuery = z.object({
  page,
  pageSize,
  kind: z.enum(CONTENT_KINDS, { message: '内容类型不正确' }).optional(),
  state: z.enum(CONTENT_STATES, { message: '状态不正确' }).optional(),
  applicationId: z.string().trim().max(40).optional(),
  q: z.string().trim().max(40, '搜索内容不超过40个字').default(''),
});

/** A same-site path (one `/`, never `//` or `/\`, which browsers read as another host) or an http(s) address. */
const LINK_SHAPE = /^(\/(?![/\\])\S*|https?:\/\/[^\s/?#]+(?:[/?#]\S*)?)$/i;

export const contentSlotPayload = z
  .object({
    kind: z.enum(CONTENT_KINDS, { message: '请选择内容类型' }),
    place: z.enum(CONTENT_PLACES, { message: '请选择展示位置' }),
    title: z.string({ error: '请填写标题' }).trim().min(2, '标题至少2个字').max(60, '标题不超过60个字'),
    imageUrl: z
      .string()
      .trim()
      .max(500, '图片地址不超过500个字符')
      .refine((v) => v === '' || LINK_SHAPE.test(v), '图片地址须为站内路径或 http(s) 地址')
      .default(''),
    linkType: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '请选择跳转方式' }),
    link: z
      .string()
      .trim()
      .max(500, '链接不超过500个字符')
      .refine((v) => v === '' || LINK_SHAPE.test(v), '链接须为站内路径（以 / 开头）或 http(s) 地址')
      .default(''),
    /** null: every game's. */
    applicationId: z.string().trim().min(1).max(40).nullable().default(null),
    sort: z
      .number({ error: '请填写排序' })
      .int('排序须为整数')
      .min(0, '排序不能为负')
      .max(9999, '排序不超过9999')
      .default(0),
    /** A popup shows again this many hours after it was last shown. */
    intervalHours: z
      .number({ error: '请填写弹出间隔' })
      .int('弹出间隔须为整数')
      .min(0, '弹出间隔不能为负')
      .max(720, '弹出间隔不超过720小时')
      .default(24),
    startsAt: z.number({ error: '请选择开始时间' }).int(),
    /** null: until taken down. */
    endsAt: z.number().int().nullable().default(null),
  })
  .refine((v) => placesOfKind[v.kind].includes(v.place), { message: '该位置不展示此类内容', path: ['place'] })
  .refine((v) => TEXT_ONLY_KINDS.includes(v.kind) || v.imageUrl !== '', {
    message: '请填写图片地址',
    path: ['imageUrl'],
  })
  .refine((v) => v.linkType === 3 || v.link !== '', { message: '请填写跳转链接', path: ['link'] })
  .refine((v) => v.linkType !== 3 || v.link === '', { message: '不跳转时无需填写链接', path: ['link'] })
  .refine((v) => v.linkType !== 2 || /^https?:\/\//i.test(v.link), {
    message: '外部浏览器打开须填写 http(s) 地址',
    path: ['link'],
  })
  .refine((v) => v.endsAt === null || v.endsAt > v.startsAt, { message: '结束时间须晚于开始时间', path: ['endsAt'] });
export type ContentSlotPayload = z.input<typeof contentSlotPayload>;
export type ContentSlotInput = z.output<typeof contentSlotPayload>;

export const contentSlotParams = z.object({
  slotId: z.coerce
    .number({ error: '内容不存在' })
    .int('内容不存在')
    .min(1, '内容不存在')
    .max(2_147_483_647, '内容不存在'),
});

/** A new slot with the note the audit keeps. */
export const contentSlotCreate = z.object({
  slot: contentSlotPayload,
  reason: z
    .string({ error: '请填写发布说明' })
    .trim()
    .min(2, '请填写发布说明（至少2个字）')
    .max(200, '说明不超过200个字'),
});

/** An edit names the version it was made on: another staff's save in between refuses it. */
export const contentSlotEdit = z.object({
  version: z.number({ error: '版本不正确' }).int().min(1),
  slot: contentSlotPayload,
  reason,
});

export const contentSlotEnd = z.object({ version: z.number({ error: '版本不正确' }).int().min(1), reason });

export interface OpsContentSlot {
  slotId: string;
  kind: ContentKind;
  place: ContentPlace;
  title: string;
  imageUrl: string;
  linkType: LinkType;
  link: string;
  applicationId: string | null;
  sort: number;
  intervalHours: number;
  startsAt: number;
  endsAt: number | null;
  state: ContentState;
  version: number;
  updatedAt: number;
}

export const FEEDBACK_STATES = ['open', 'replied'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];
export const feedbackStateLabel: Record<FeedbackState, string> = { open: '待回复', replied: '已回复' };

export const feedbackListQuery = z.object({
  page,
  pageSize,
  state: z.enum(FEEDBACK_STATES, { message: '状态不正确' }).default('open'),
  typeId: z.coerce.number().int().min(1).max(999).optional(),
});

export const feedbackParams = z.object({
  feedbackId: z.coerce
    .number({ error: '反馈不存在' })
    .int('反馈不存在')
    .min(1, '反馈不存在')
    .max(2_147_483_647, '反馈不存在'),
});

export const feedbackReplyPayload = z.object({
  reply: z.string({ error: '请填写回复内容' }).trim().min(2, '回复至少2个字').max(500, '回复不超过500个字'),
});

export interface OpsFeedback {
  feedbackId: string;
  userId: string;
  uid: string;
  typeName: string;
  content: string;
  /** Masked: the player's phone or other contact, as he left it. */
  contact: string;
  images: string[];
  createdAt: number;
  state: FeedbackState;
  reply: string | null;
  repliedAt: number | null;
  repliedBy: string | null;
}

/** 帮助与协议 (permission `content`): the FAQ, the feedback types and the six agreements, each agreement kept by version. */
export const faqPayload = z.object({
  category: z.string({ error: '请填写分类' }).trim().min(1, '请填写分类').max(10, '分类不超过10个字'),
  question: z.string({ error: '请填写问题' }).trim().min(4, '问题至少4个字').max(60, '问题不超过60个字'),
  answer: z.string({ error: '请填写回答' }).trim().min(4, '回答至少4个字').max(1000, '回答不超过1000个字'),
  sort: z
    .number({ error: '请填写排序' })
    .int('排序须为整数')
    .min(0, '排序不能为负')
    .max(9999, '排序不超过9999')
    .default(0),
});

export const faqParams = z.object({
  faqId: z.coerce
    .number({ error: '问题不存在' })
    .int('问题不存在')
    .min(1, '问题不存在')
    .max(2_147_483_647, '问题不存在'),
});

export const faqDelete = z.object({ reason });

/** A help item (an FAQ, a feedback type) written with the reason the audit keeps. */
export const helpWrite = <T extends z.ZodType>(item: T) => z.object({ item, reason });

export const feedbackTypePayload = z.object({
  name: z.string({ error: '请填写类型名称' }).trim().min(2, '类型名称至少2个字').max(10, '类型名称不超过10个字'),
  sort: z
    .number({ error: '请填写排序' })
    .int('排序须为整数')
    .min(0, '排序不能为负')
    .max(9999, '排序不超过9999')
    .default(0),
});

export const feedbackTypeParams = z.object({
  typeId: z.coerce
    .number({ error: '反馈类型不存在' })
    .int('反馈类型不存在')
    .min(1, '反馈类型不存在')
    .max(999, '反馈类型不存在'),
});

export const agreementParams = z.object({
  key: z.string().regex(/^[A-Za-z]{2,40}$/, '协议不存在'),
});

/** A new version of an agreement: the earlier ones stay readable at /agreements/{key}?version=…. */
export const agreementPublish = z.object({
  title: z.string({ error: '请填写标题' }).trim().min(2, '标题至少2个字').max(30, '标题不超过30个字'),
  body: z.string({ error: '请填写正文' }).trim().min(20, '正文至少20个字').max(20_000, '正文不超过20000个字'),
  version: z
    .string({ error: '请填写版本号' })
    .trim()
    .regex(/^[0-9A-Za-z.-]{1,20}$/, '版本号为1–20位字母、数字、点或短横线（例如 2026-12-01）'),
  reason,
});

export interface OpsFaq {
  faqId: string;
  category: string;
  question: string;
  answer: string;
  sort: number;
}

export interface OpsFeedbackType {
  typeId: string;
  name: string;
  sort: number;
  /** Feedback sent under it (a used type is renamed, never deleted). */
  used: number;
}

export interface OpsAgreement {
  key: string;
  title: string;
  version: string;
  body: string;
  updatedAt: number;
  /** Every version published, newest first. */
  versions: Array<{ version: string; title: string; publishedAt: number }>;
}
