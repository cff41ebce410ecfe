import { z } from 'zod';
import type { SellRules } from './sell-rules';

/**
 * The console's games part (/ops/v1, permission `games`; docs/decisions/0066-gamerules-console.md):
 * the maintenance switch (updating=1 with a message and an expected end), the gray users (the
 * 灰度 list, user_settings.gray) and, per game, its sell rules, switches, cross-server display and
 * download links. Money in fen, shares in percent.
 */

const page = z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').default(1);
const pageSize = z.coerce.number({ error: '每页条数不正确' }).int().min(1).max(100, '每页最多100条').default(20);
const reason = z.string({ error: '请填写原因' }).trim().min(2, '请填写原因（至少2个字）').max(200, '原因不超过200个字');

/** Turning maintenance on asks a message the players read and when it is expected to end. */
export const maintenancePayload = z
  .object({
    updating: z.boolean({ error: '请选择开启或关闭维护' }),
    message: z.string({ error: '请填写维护公告' }).trim().max(100, '维护公告不超过100个字').default(''),
    /** ms; null: no expected end announced. */
    endsAt: z.number({ error: '预计结束时间不正确' }).int('预计结束时间不正确').nullable().default(null),
    reason,
  })
  .refine((v) => !v.updating || v.message.length >= 2, {
    message: '开启维护须填写维护公告（至少2个字）',
    path: ['message'],
  })
  .refine((v) => !v.updating || v.endsAt === null || v.endsAt > Date.now(), {
    message: '预计结束时间须晚于现在',
    path: ['endsAt'],
  })
  .refine((v) => v.endsAt === null || v.endsAt < Date.now() + 30 * 86_400_000, {
    message: '预计结束时间不能超过30天后',
    path: ['endsAt'],
  });
export type MaintenancePayload = z.input<typeof maintenancePayload>;

export interface OpsMaintenance {
  updating: boolean;
  message: string;
  endsAt: number | null;
}

/** The redownload gate: the least Android app version allowed on the pre environment (gray users). */
export const appVersionPayload = z.object({
  minPreAppVersion: z
    .string({ error: '请输入版本号' })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,3}){0,3}$/, '版本号格式为 3.0.0'),
  reason,
});

export const grayUserPayload = z.object({
  uid: z
    .string({ error: '请输入用户UID' })
    .trim()
    .regex(/^\d{4,12}$/, '用户UID为4–12位数字'),
  reason,
});
export const grayRemovePayload = z.object({ reason });
export const grayUserParams = z.object({ userId: z.string().regex(/^\d{1,9}$/, '用户不正确') });
export const grayListQuery = z.object({ page, pageSize });

export interface GrayUser {
  userId: string;
  uid: string;
  /** Masked. */
  mobile: string;
  since: number;
}

export const gameParams = z.object({ gameId: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, '游戏不存在') });

const fen = (label: string, max: number) =>
  z
    .number({ error: `${label}须为数字` })
    .int(`${label}须为整数（分）`)
    .min(0, `${label}不能为负数`)
    .max(max, `${label}不能超过${max / 100}元`);
const percent = (label: string, max: number) =>
  z
    .number({ error: `${label}须为数字` })
    .min(0, `${label}不能为负数`)
    .max(max, `${label}不能超过${max}%`)
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, `${label}最多保留1位小数`);
const link = (label: string) =>
  z
    .string({ error: `${label}不正确` })
    .trim()
    .max(500, `${label}过长`)
    .refine((v) => v === '' || /^(https:\/\/|\/(?!\/))\S+$/.test(v), `${label}须以 https:// 或本站路径 / 开头`);

/** The rules an operator sets per game; the rest of SellRules keeps the game's value. */
export const editableRulesSchema = z
  .object({
    servicePercent: percent('手续费比例', 30),
    maxServiceCharge: fen('手续费上限', 10_000_000),
    roleMinPrice: fen('角色最低价', 100_000_000).refine((v) => v % 100 === 0 && v > 0, '角色最低价须为大于0的整数元'),
    roleMaxPrice: fen('角色最高价', 10_000_000_000).refine((v) => v % 100 === 0, '角色最高价须为整数元'),
    itemMinPrice: fen('道具最低价', 100_000_000).refine((v) => v > 0, '道具最低价须大于0'),
    itemMaxPrice: fen('道具最高价', 10_000_000_000),
    coinMaxPrice: fen('游戏币最高价', 10_000_000_000).refine((v) => v > 0, '游戏币最高价须大于0'),
    depositPercent: percent('保证金比例', 50),
    depositMinFen: fen('保证金下限', 10_000_000),
    depositMaxFen: fen('保证金上限', 10_000_000),
    depositSellerPercent: z
      .number({ error: '卖家补偿比例须为数字' })
      .int('卖家补偿比例须为整数')
      .min(0, '卖家补偿比例不能为负数')
      .max(100, '卖家补偿比例不能超过100%'),
    bargainOpen: z.boolean({ error: '请选择是否开放还价' }),
    auctionOpen: z.boolean({ error: '请选择是否开放拍卖' }),
  })
  .refine((r) => r.roleMinPrice <= r.roleMaxPrice, { message: '角色最低价不能高于最高价', path: ['roleMaxPrice'] })
  .refine((r) => r.itemMinPrice <= r.itemMaxPrice, { message: '道具最低价不能高于最高价', path: ['itemMaxPrice'] })
  .refine((r) => r.depositMinFen <= r.depositMaxFen, { message: '保证金下限不能高于上限', path: ['depositMaxFen'] });
export type EditableRules = z.infer<typeof editableRulesSchema>;

export const EDITABLE_RULE_KEYS = [
  'servicePercent',
  'maxServiceCharge',
  'roleMinPrice',
  'roleMaxPrice',
  'itemMinPrice',
  'itemMaxPrice',
  'coinMaxPrice',
  'depositPercent',
  'depositMinFen',
  'depositMaxFen',
  'depositSellerPercent',
  'bargainOpen',
  'auctionOpen',
] as const satisfies ReadonlyArray<keyof SellRules & keyof EditableRules>;

export const pickEditable = (rules: SellRules): EditableRules =>
  Object.fromEntries(EDITABLE_RULE_KEYS.map((k) => [k, rules[k]])) as EditableRules;

/** A game's settings as the console edits them: the rules, the switches, how it shows, where it downloads. */
export const gameSettingsPayload = z.object({
  rules: editableRulesSchema,
  consignmentOpen: z.boolean({ error: '请选择是否开放寄售' }),
  crossServer: z.boolean({ error: '请选择是否跨服展示' }),
  links: z.object({
    iosUrl: link('iOS下载地址'),
    androidUrl: link('安卓下载地址'),
    h5IosUrl: link('iOS H5地址'),
    h5AndroidUrl: link('安卓H5地址'),
    pcUrl: link('PC地址'),
  }),
  reason,
});
export type GameSettingsPayload = z.input<typeof gameSettingsPayload>;
export type GameSettings = Omit<z.infer<typeof gameSettingsPayload>, 'reason'>;

export interface OpsGame extends GameSettings {
  gameId: string;
  name: string;
  iconUrl: string;
}

export interface OpsPaged<T> {
  list: T[];
  total: number;
}
