import { z } from 'zod';
import { BROKER_DELIVERIES } from './calls/broker';

/**
 * The customer-service console's contract (/ops/v1, plain JSON in the envelope): staff accounts,
 * their roles and what each may do, the audit of their actions. The server validates with these
 * schemas, the web console's forms use the same ones.
 */

/**
 * Staff roles: a closed set. 客服 and 运营 each may do what the one before may; 财务 holds the
 * money (withdrawal review, reconciliation, the ledger) and nothing of the orders or merchants
 * (docs/decisions/0057-money-console.md); 管理员 may do everything.
 */
export const StaffRole = { CS: 'cs', OPERATOR: 'operator', FINANCE: 'finance', ADMIN: 'admin' } as const;
export type StaffRole = (typeof StaffRole)[keyof typeof StaffRole];
export const STAFF_ROLES = [StaffRole.CS, StaffRole.OPERATOR, StaffRole.FINANCE, StaffRole.ADMIN] as const;

export const staffRoleLabel: Record<StaffRole, string> = {
  cs: '客服',
  operator: '运营',
  finance: '财务',
  admin: '管理员',
};

/**
 * What a role may do — the ONE table of the console's permissions: orders (refused receipts,
 * notes, refund/confirm), audit (操作日志), staff (员工), merchants (商人审核, 商人频道), money
 * (提现审核, 对账, 账务), users (查找 and a user's page, his notes), userActions (ban and unban, end
 * his sessions, reset his sale lock, hold and release his withdrawals), stats (数据: the dashboard,
 * A/B, its export), listings (冻结, 解冻 and 下架 of a listing), games (游戏与规则: the maintenance
 * switch, the gray users, each game's sell rules, switches and download links), coupons (优惠券: the
 campaigns, granting them, their usage and cost), risk (风控: the risk signals, dismissed or acted on),
 * content (内容: banners, posters, popups, the splash, ads and notices of the player pages), feedback
 * (意见反馈: the players' feedback and the replies that reach them as notices).
 */
export type StaffPermission =
  | 'orders'
  | 'audit'
  | 'staff'
  | 'merchants'
  | 'money'
  | 'users'
  | 'userActions'
  | 'stats'
  | 'listings'
  | 'games'
  | 'coupons'
  | 'risk'
  | 'content'
  | 'feedback';
const permissions: Record<StaffRole, readonly StaffPermission[]> = {
  cs: ['orders', 'users', 'feedback'],
  operator: [
    'orders',
    'audit',
    'merchants',
    'users',
    'userActions',
    'stats',
    'listings',
    'games',
    'coupons',
    'risk',
    'content',
    'feedback',
  ],
  finance: ['audit', 'money'],
  admin: [
    'orders',
    'audit',
    'staff',
    'merchants',
    'money',
    'users',
    'userActions',
    'stats',
    'listings',
    'games',
    'coupons',
    'risk',
    'content',
    'feedback',
  ],
};
export const staffCan = (role: StaffRole, permission: StaffPermission): boolean =>
  permissions[role].includes(permission);

/** Every action the audit records. */
export const StaffAction = {
  BOOTSTRAP: 'staff.bootstrap',
  LOGIN: 'session.login',
  LOGOUT: 'session.logout',
  ORDER_NOTE: 'order.note',
  ORDER_REFUND: 'order.refund',
  ORDER_CONFIRM: 'order.confirm',
  SUPPORT_JOIN: 'support.join',
  SUPPORT_CLOSE: 'support.close',
  STAFF_CREATE: 'staff.create',
  STAFF_ROLE: 'staff.role',
  STAFF_DISABLE: 'staff.disable',
  STAFF_ENABLE: 'staff.enable',
  STAFF_PASSWORD_RESET: 'staff.password_reset',
  OWN_PASSWORD: 'self.password',
  OWN_TOTP_ENABLE: 'self.totp_enable',
  OWN_TOTP_DISABLE: 'self.totp_disable',
  MERCHANT_DECIDE: 'merchant.decide',
  BROKER_ORDER_DECIDE: 'brokerOrder.decide',
  BROKER_ORDER_JOIN: 'brokerOrder.join',
  BROKER_CONFIG: 'brokerConfig.set',
  WITHDRAWAL_APPROVE: 'withdrawal.approve',
  WITHDRAWAL_REFUSE: 'withdrawal.refuse',
  RECONCILE_RUN: 'reconcile.run',
  USER_BAN: 'user.ban',
  USER_UNBAN: 'user.unban',
  USER_SESSIONS_END: 'user.sessions_end',
  USER_SALE_LOCK_RESET: 'user.sale_lock_reset',
  USER_WITHDRAWALS_HOLD: 'user.withdrawals_hold',
  USER_WITHDRAWALS_RELEASE: 'user.withdrawals_release',
  USER_NOTE: 'user.note',
  STATS_EXPORT: 'stats.export',
  LISTING_FREEZE: 'listing.freeze',
  LISTING_UNFREEZE: 'listing.unfreeze',
  LISTING_TAKE_DOWN: 'listing.take_down',
  MAINTENANCE_SET: 'system.maintenance',
  GRAY_ADD: 'user.gray_add',
  GRAY_REMOVE: 'user.gray_remove',
  GAME_SETTINGS: 'game.settings',
  APP_VERSION_SET: 'system.app_version',
  COUPON_CAMPAIGN_CREATE: 'coupon.campaign_create',
  COUPON_CAMPAIGN_STATUS: 'coupon.campaign_status',
  COUPON_GRANT: 'coupon.grant',
  RISK_DISMISS: 'risk.dismiss',
  RISK_ACT: 'risk.act',
  CONTENT_CREATE: 'content.create',
  CONTENT_UPDATE: 'content.update',
  CONTENT_END: 'content.end',
  FEEDBACK_REPLY: 'feedback.reply',
  FAQ_CREATE: 'help.faq_create',
  FAQ_UPDATE: 'help.faq_update',
  FAQ_DELETE: 'help.faq_delete',
  FEEDBACK_TYPE_SAVE: 'help.feedback_type',
  AGREEMENT_PUBLISH: 'help.agreement_publish',
} as const;
export type StaffAction = (typeof StaffAction)[keyof typeof StaffAction];

export const staffActionLabel: Record<StaffAction, string> = {
  'staff.bootstrap': '初始化管理员',
  'session.login': '登录',
  'session.logout': '退出登录',
  'order.note': '添加备注',
  'order.refund': '收回物品并退款',
  'order.confirm': '确认交付无误',
  'support.join': '接入客服工单',
  'support.close': '结束客服工单',
  'staff.create': '创建员工',
  'staff.role': '修改角色',
  'staff.disable': '停用员工',
  'staff.enable': '启用员工',
  'staff.password_reset': '重置密码',
  'self.password': '修改本人密码',
  'self.totp_enable': '开启两步验证',
  'self.totp_disable': '关闭两步验证',
  'merchant.decide': '审核商人',
  'brokerConfig.set': '设置商人频道',
  'brokerOrder.decide': '处理商人订单拒收',
  'brokerOrder.join': '进入商人订单会话',
  'withdrawal.approve': '提现审核通过',
  'withdrawal.refuse': '提现审核不通过',
  'reconcile.run': '运行对账',
  'user.ban': '封禁用户',
  'user.unban': '解除封禁',
  'user.sessions_end': '下线用户',
  'user.sale_lock_reset': '重置出售锁',
  'user.withdrawals_hold': '暂停用户提现',
  'user.withdrawals_release': '恢复用户提现',
  'user.note': '添加用户备注',
  'stats.export': '导出统计数据',
  'listing.freeze': '冻结商品',
  'listing.unfreeze': '解冻商品',
  'listing.take_down': '下架商品',
  'system.maintenance': '设置维护开关',
  'user.gray_add': '加入灰度用户',
  'user.gray_remove': '移出灰度用户',
  'game.settings': '修改游戏规则',
  'system.app_version': '设置应用最低版本',
  'coupon.campaign_create': '创建优惠券活动',
  'coupon.campaign_status': '修改优惠券活动状态',
  'coupon.grant': '发放优惠券',
  'risk.dismiss': '忽略风险信号',
  'risk.act': '处置风险信号',
  'content.create': '发布内容',
  'content.update': '修改内容',
  'content.end': '下线内容',
  'feedback.reply': '回复用户反馈',
  'help.faq_create': '新增常见问题',
  'help.faq_update': '修改常见问题',
  'help.faq_delete': '删除常见问题',
  'help.feedback_type': '保存反馈类型',
  'help.agreement_publish': '发布协议新版本',
};

const staffUsername = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{2,31}$/, '用户名为3–32位小写字母、数字、点、下划线或短横线');
export const staffPassword = z
  .string()
  .min(8, '密码至少8位')
  .max(72, '密码不超过72位')
  .regex(/[A-Za-z]/, '密码需同时包含字母和数字')
  .regex(/\d/, '密码需同时包含字母和数字');
const staffDisplayName = z.string().trim().min(1, '请填写姓名').max(20, '姓名不超过20个字');
export const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '请输入6位动态验证码');

export const staffLoginPayload = z.object({
  username: z.string().trim().toLowerCase().min(1, '请输入用户名').max(32, '用户名不正确'),
  password: z.string().min(1, '请输入密码').max(72, '密码不正确'),
  totp: totpCode.optional(),
});
export const bootstrapPayload = z.object({
  username: staffUsername,
  password: staffPassword,
  displayName: staffDisplayName,
});
export const createStaffPayload = z.object({
  username: staffUsername,
  displayName: staffDisplayName,
  role: z.enum(STAFF_ROLES, { message: '请选择角色' }),
  password: staffPassword,
});
export const updateStaffPayload = z
  .object({
    role: z.enum(STAFF_ROLES, { message: '请选择角色' }).optional(),
    disabled: z.boolean().optional(),
  })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, '请选择要修改的内容');
export const resetPasswordPayload = z.object({ password: staffPassword, clearTotp: z.boolean().default(false) });
export const changeOwnPasswordPayload = z.object({
  current: z.string().min(1, '请输入当前密码').max(72, '密码不正确'),
  password: staffPassword,
});
export const totpCodePayload = z.object({ code: totpCode });
export const orderNotePayload = z.object({
  note: z.string().trim().min(2, '请填写备注（至少2个字）').max(200, '备注不超过200个字'),
});
export const resolvePayload = z.object({
  decision: z.enum(['refund', 'confirm'], { message: '请选择处理方式' }),
  note: z.string().trim().min(2, '请填写处理说明（至少2个字）').max(200, '处理说明不超过200个字'),
});
/** Closing a customer-service request from the workbench: refund and confirm are the order's decisions (a refused receipt only). */
export const supportClosePayload = z.object({
  outcome: z.enum(['refund', 'confirm', 'close'], { message: '请选择处理结果' }),
  note: z.string().trim().min(2, '请填写处理说明（至少2个字）').max(200, '处理说明不超过200个字'),
});
/** A merchant decided on (docs/decisions/0023-broker.md): approve with the deposit or credit recorded, reject, suspend, restore. */
export const merchantDecisionPayload = z.object({
  decision: z.enum(['approve', 'reject', 'suspend', 'restore'], { message: '请选择审核结果' }),
  creditFen: z.number().int('金额须精确到分').min(0, '金额不能为负').max(100_000_000_00, '金额过大').optional(),
  note: z.string().trim().max(200, '说明不超过200个字').optional(),
});
/**
 * A game's broker channel as an operator sets it (docs/decisions/0023-broker.md): appBrokerConfig
 * with the coin types as their numbers, some of the game's own (the server refuses any other), at
 * least one while the channel is open.
 */
export const brokerConfigPayload = z
  .object({
    enabled: z.boolean({ message: '请选择是否开放' }),
    goldTypes: z
      .array(z.number({ error: '币种不正确' }).int('币种不正确'), { error: '请选择币种' })
      .max(50, '币种过多'),
    delivery: z.enum(BROKER_DELIVERIES, { message: '请选择发货方式' }),
    minQuantity: z.number().int('数量须为整数').min(1, '单笔最少数量须大于0').max(1_000_000_000_000, '数量过大'),
    maxQuantity: z.number().int('数量须为整数').min(1, '单笔最多数量须大于0').max(1_000_000_000_000, '数量过大'),
    feePercent: z.number().min(0, '手续费不能为负').max(50, '手续费不超过50%'),
    deliverMinutes: z
      .number()
      .int('发货时效须为整数分钟')
      .min(1, '发货时效至少1分钟')
      .max(24 * 60, '发货时效不超过24小时'),
    confirmHours: z
      .number()
      .int('确认时效须为整数小时')
      .min(1, '确认时效至少1小时')
      .max(24 * 14, '确认时效不超过14天'),
  })
  .refine((c) => c.minQuantity <= c.maxQuantity, { message: '单笔最少数量不能大于最多数量' })
  .refine((c) => !c.enabled || c.goldTypes.length > 0, { message: '开放频道时请至少选择一个币种' });
export const auditQuery = z.object({
  order: z
    .string()
    .trim()
    .max(40, '订单号不正确')
    .regex(/^[\w-]*$/, '订单号不正确')
    .optional(),
  page: z.coerce.number().int().min(1, '页码不正确').default(1),
  pageSize: z.coerce.number().int().min(1).max(100, '每页最多100条').default(20),
});

export interface StaffMember {
  id: string;
  username: string;
  displayName: string;
  role: StaffRole;
  disabled: boolean;
  totpEnabled: boolean;
  createdAt: number;
  lastLoginAt: number | null;
}

export interface StaffLoginAnswer {
  token: string;
  expiresAt: number;
  staff: StaffMember;
}

export interface TotpSetup {
  secret: string;
  uri: string;
}

export interface OrderNote {
  by: string;
  note: string;
  at: number;
}

export interface AuditEntry {
  id: string;
  staff: { id: string; username: string; displayName: string } | null;
  action: StaffAction;
  orderId: string | null;
  orderNo: string | null;
  targetStaff: string | null;
  before: unknown;
  after: unknown;
  ip: string;
  at: number;
}

export interface AuditPage {
  list: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
}

/** One step of an order as the workbench shows it: the order's own moves, the 客服 request's, staff decisions and notes. */
export interface WorkbenchStep {
  at: number;
  label: string;
  detail: string;
  /** Who did it: the system (the order's own moves), a side of the trade, or staff. */
  by: 'system' | 'buyer' | 'seller' | 'staff';
}

/** The game's delivery receipt as the partner API signed it, with whether the signature holds. */
export interface WorkbenchReceipt {
  kind: string;
  to: string;
  at: number;
  coinType: string | null;
  amount: number | null;
  itemIds: string[] | null;
  listingId: string;
  signature: string | null;
  verified: boolean;
}

/** GET /ops/v1/support/:requestId/case: what 客服 sees beside the chat. */
export interface WorkbenchCase {
  request: {
    id: string;
    status: 'open' | 'joined' | 'closed';
    reason: string;
    askedBy: 'buyer' | 'seller';
    staffName: string | null;
    outcome: 'refund' | 'confirm' | 'close' | null;
    createdAt: number;
  };
  order: {
    orderId: string;
    orderNo: string;
    title: string;
    applicationId: string;
    status: number;
    statusLabel: string;
    buyerUid: string;
    sellerUid: string;
    price: number;
    paid: number;
    note: string;
  };
  receipt: WorkbenchReceipt | null;
  timeline: WorkbenchStep[];
}
