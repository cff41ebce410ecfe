import { z } from 'zod';

/**
 * The console's risk part (/ops/v1, permission `risk`; docs/decisions/0071-risk-signals.md): the
 * signals the risk sweep raised, each with its evidence, users and orders, dismissed or acted on
 * (ban the user, hold his withdrawals) with a note.
 */
export const RISK_KINDS = [
  'washTrade',
  'newSellerHighValue',
  'sharedDevice',
  'sharedIdentity',
  'refusalBurst',
  'priceOutOfBand',
] as const;
export type RiskKind = (typeof RISK_KINDS)[number];
export const riskKindLabel: Record<RiskKind, string> = {
  washTrade: '疑似自买自卖',
  newSellerHighValue: '新账号出售高价角色',
  sharedDevice: '一机多号',
  sharedIdentity: '一证多号',
  refusalBurst: '频繁拒绝收货',
  priceOutOfBand: '成交价偏离行情',
};

export const RISK_STATUSES = ['open', 'dismissed', 'acted'] as const;
export type RiskStatus = (typeof RISK_STATUSES)[number];
export const riskStatusLabel: Record<RiskStatus, string> = { open: '待处理', dismissed: '已忽略', acted: '已处置' };

/** What acting on a signal does to its user: 封禁 (until lifted) or 暂停提现. */
export const RISK_ACTIONS = ['ban', 'holdWithdrawals'] as const;
export type RiskAction = (typeof RISK_ACTIONS)[number];
export const riskActionLabel: Record<RiskAction, string> = { ban: '封禁用户', holdWithdrawals: '暂停提现' };

export const riskListQuery = z.object({
  page: z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').default(1),
  pageSize: z.coerce.number({ error: '每页条数不正确' }).int().min(1).max(100, '每页最多100条').default(20),
  status: z.enum(RISK_STATUSES, { message: '状态不正确' }).default('open'),
  kind: z.enum(RISK_KINDS, { message: '类型不正确' }).optional(),
});

export const riskSignalParams = z.object({ signalId: z.string().regex(/^\d{1,15}$/, '风险信号不存在') });

const note = z
  .string({ error: '请填写处理说明' })
  .trim()
  .min(2, '请填写处理说明（至少2个字）')
  .max(200, '处理说明不超过200个字');

export const riskDecisionPayload = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('dismiss'), note }),
    z.object({
      decision: z.literal('act'),
      action: z.enum(RISK_ACTIONS, { message: '请选择处置方式' }),
      /** The signal's user acted on (one of its users). */
      userId: z.string({ error: '请选择处置的用户' }).regex(/^\d{1,12}$/, '请选择处置的用户'),
      note,
    }),
  ],
  { error: '请选择处理方式' },
);
export type RiskDecisionPayload = z.input<typeof riskDecisionPayload>;

export interface OpsRiskSignal {
  signalId: string;
  kind: RiskKind;
  kindLabel: string;
  evidence: string;
  users: Array<{ userId: string; uid: string }>;
  orders: Array<{ orderId: string; orderNo: string }>;
  status: RiskStatus;
  action: RiskAction | null;
  note: string | null;
  decidedBy: string | null;
  decidedAt: number | null;
  createdAt: number;
}
