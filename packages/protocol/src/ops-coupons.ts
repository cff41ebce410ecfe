import { z } from 'zod';

/**
 * The console's coupons part (/ops/v1, permission `coupons`; docs/decisions/0070-coupon-campaigns.md):
 * campaigns (a coupon event: its coupon templates, validity, a budget, whether players may claim it
 * themselves), granting a campaign to a user or a segment under a grant number (idempotent), and each
 * campaign's usage and cost. Money in fen.
 */

const page = z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').default(1);
const pageSize = z.coerce.number({ error: '每页条数不正确' }).int().min(1).max(100, '每页最多100条').default(20);
const reason = z.string({ error: '请填写原因' }).trim().min(2, '请填写原因（至少2个字）').max(200, '原因不超过200个字');

export const CAMPAIGN_STATUSES = ['live', 'paused', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const campaignStatusLabel: Record<CampaignStatus, string> = {
  live: '进行中',
  paused: '已暂停',
  ended: '已结束',
};

export const campaignListQuery = z.object({
  page,
  pageSize,
  q: z.string().trim().max(40, '搜索内容不超过40个字').default(''),
});

const fen = (what: string) =>
  z
    .number({ error: `请填写${what}` })
    .int(`${what}须精确到分`)
    .min(0, `${what}不能为负`)
    .max(100_000_000, `${what}过大`);

export const couponTemplate = z
  .object({
    name: z
      .string({ error: '请填写优惠券名称' })
      .trim()
      .min(2, '优惠券名称至少2个字')
      .max(20, '优惠券名称不超过20个字'),
    amount: fen('优惠金额').refine((v) => v > 0, '优惠金额须大于0'),
    /** 0: no threshold (无门槛). */
    threshold: fen('使用门槛'),
    validDays: z
      .number({ error: '请填写有效天数' })
      .int('有效天数须为整数')
      .min(1, '有效天数至少1天')
      .max(365, '有效天数不超过365天'),
    applicationIds: z.array(z.string().trim().min(1).max(40)).max(20, '最多选择20个游戏').default([]),
    types: z
      .array(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '商品类型不正确' }))
      .max(3)
      .default([]),
  })
  .refine((t) => t.threshold === 0 || t.amount < t.threshold, {
    message: '优惠金额须小于使用门槛',
    path: ['amount'],
  });
export type CouponTemplate = z.output<typeof couponTemplate>;

export const campaignPayload = z
  .object({
    title: z.string({ error: '请填写活动名称' }).trim().min(2, '活动名称至少2个字').max(30, '活动名称不超过30个字'),
    description: z.string().trim().max(200, '活动说明不超过200个字').default(''),
    /** ms */
    startsAt: z.number({ error: '请选择开始时间' }).int(),
    endsAt: z.number({ error: '请选择结束时间' }).int(),
    coupons: z.array(couponTemplate).min(1, '至少添加一张优惠券').max(5, '一个活动最多5张优惠券'),
    /** Coupons granted at most (null: no cap). */
    budgetCount: z.number().int('预算张数须为整数').min(1, '预算张数至少1张').max(10_000_000).nullable().default(null),
    /** Face value granted at most, in fen (null: no cap). */
    budgetFen: z
      .number()
      .int('预算金额须精确到分')
      .min(1, '预算金额须大于0')
      .max(10_000_000_000)
      .nullable()
      .default(null),
    /** Players may claim it themselves (领取); otherwise only staff grant it. */
    claimable: z.boolean().default(false),
  })
  .refine((v) => v.endsAt > v.startsAt, { message: '结束时间须晚于开始时间', path: ['endsAt'] })
  .refine((v) => v.endsAt > Date.now(), { message: '结束时间须晚于现在', path: ['endsAt'] })
  .refine((v) => v.endsAt - v.startsAt <= 3 * 366 * 86_400_000, { message: '活动最长3年', path: ['endsAt'] })
  .refine((v) => new Set(v.coupons.map((c) => c.name)).size === v.coupons.length, {
    message: '同一活动内优惠券名称不能重复',
    path: ['coupons'],
  });
export type CampaignPayload = z.input<typeof campaignPayload>;

export const campaignParams = z.object({
  eventId: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,40}$/, '活动不存在'),
});

export const campaignStatusPayload = z.object({
  status: z.enum(CAMPAIGN_STATUSES, { message: '请选择活动状态' }),
  reason,
});

/** Who a grant reaches: one user (UID or bound phone), the users registered in the last N days, or the buyers of a game in the last N days. */
export const grantTarget = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('user'),
      who: z
        .string({ error: '请输入用户UID或手机号' })
        .trim()
        .regex(/^(\d{8}|1\d{10})$/, '请输入8位用户UID或11位手机号'),
    }),
    z.object({
      kind: z.literal('newUsers'),
      days: z.number({ error: '请填写天数' }).int('天数须为整数').min(1, '天数至少1天').max(90, '天数不超过90天'),
    }),
    z.object({
      kind: z.literal('gameBuyers'),
      applicationId: z.string({ error: '请选择游戏' }).trim().min(1, '请选择游戏').max(40),
      days: z.number({ error: '请填写天数' }).int('天数须为整数').min(1, '天数至少1天').max(365, '天数不超过365天'),
    }),
  ],
  { error: '请选择发放对象' },
);
export type GrantTarget = z.output<typeof grantTarget>;

export const grantPayload = z.object({
  /** The grant's own number: sent again (a retry, a double click), it grants nobody twice. */
  grantId: z
    .string({ error: '发放单号不正确' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '发放单号不正确'),
  target: grantTarget,
  reason,
});
export type GrantPayload = z.input<typeof grantPayload>;

/** A segment reaches at most this many users in one grant (a bigger one is split by its days). */
export const GRANT_MAX_USERS = 5_000;

export interface OpsCampaign {
  eventId: string;
  title: string;
  description: string;
  startsAt: number;
  endsAt: number;
  status: CampaignStatus;
  claimable: boolean;
  coupons: CouponTemplate[];
  budgetCount: number | null;
  budgetFen: number | null;
  usage: {
    /** Coupons granted, and their face value. */
    granted: number;
    grantedFen: number;
    users: number;
    used: number;
    /** What the used coupons cost the platform: their face value. */
    costFen: number;
    locked: number;
    expired: number;
    /** Price of the orders the used coupons paid part of. */
    gmvFen: number;
  };
}

export interface OpsGrantResult {
  grantId: string;
  /** Users the target named, and those who got coupons (the others had them already). */
  targeted: number;
  users: number;
  coupons: number;
  fen: number;
  /** The grant was made before under this number: its first answer. */
  repeated: boolean;
}
