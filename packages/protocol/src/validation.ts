import { z } from 'zod';

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const phoneSchema = z
  .string({ error: '请填写手机号' })
  .min(1, { error: '请填写手机号' })
  .regex(PHONE_PATTERN, { error: '请正确填写您的手机号码' });

/** The specs fix 4 digits (docs/decisions/0006-sms-code-length.md); change it here only. */
export const SMS_CODE_LENGTH = 4;
export const smsCodeSchema = z
  .string({ error: '请填写4位的正确验证码' })
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), { error: '请填写4位的正确验证码' });

const REAL_NAME_REQUIRED = '请输入实名';
const ID_CARD_REQUIRED = '请输入身份证号';
const ID_CARD_INVALID = '身份证号格式不正确';
export const MINOR_FORBIDDEN = '未成年人禁止参与虚拟物品交易';
export const ID_FRONT_MISSING = '请上传身份证正面（人像面）';
export const ID_BACK_MISSING = '请上传身份证反面（国徽面）';

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK = '10X98765432';

/** The birth date of a valid 18-digit resident ID number (GB 11643-1999), or null. */
export function idCardBirthDate(id: string): { year: number; month: number; day: number } | null {
  const value = id.toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(value)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value[i]) * (ID_WEIGHTS[i] as number);
  if (ID_CHECK[sum % 11] !== value[17]) return null;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

export function validateRealName(value: string | undefined | null): string | null {
  const name = (value ?? '').trim();
  if (!name) return REAL_NAME_REQUIRED;
  return /^[\u4e00-\u9fa5·]{2,20}$/.test(name) ? null : '请输入正确的姓名';
}

export function validateIdCard(value: string | undefined | null): string | null {
  const id = (value ?? '').trim();
  if (!id) return ID_CARD_REQUIRED;
  return idCardBirthDate(id) ? null : ID_CARD_INVALID;
}

/** 18 or older on the given day, counted in China's calendar (UTC+8). */
export function isAdultIdCard(id: string, now: Date): boolean {
  const birth = idCardBirthDate(id);
  if (!birth) return false;
  const local = new Date(now.getTime() + 8 * 3_600_000);
  const [y, m, d] = [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()];
  const age = y - birth.year - (m < birth.month || (m === birth.month && d < birth.day) ? 1 : 0);
  return age >= 18;
}

export const realNameSchema = z.string({ error: REAL_NAME_REQUIRED }).superRefine((v, ctx) => {
  const message = validateRealName(v);
  if (message) ctx.addIssue({ code: 'custom', message });
});

export const idCardSchema = z
  .string({ error: ID_CARD_REQUIRED })
  .transform((v) => v.trim().toUpperCase())
  .superRefine((v, ctx) => {
    const message = validateIdCard(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export function validatePhone(value: string | undefined | null): string | null {
  const parsed = phoneSchema.safeParse(value ?? '');
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '请正确填写您的手机号码');
}

export function validateSmsCode(value: string | undefined | null): string | null {
  return smsCodeSchema.safeParse(value ?? '').success ? null : '请填写4位的正确验证码';
}

/**
 * A row id as clients send it: 1 … 2147483647, the range of the database's integer ids. Longer
 * or larger numbers are refused at the schema with the call's own "not found" message (a lookup
 * could never find them, and the database would refuse them with an error instead).
 */
export const MAX_ROW_ID = 2_147_483_647;
export const ROW_ID =
  /^(?:[1-9]\d{0,8}|1\d{9}|20\d{8}|21[0-3]\d{7}|214[0-6]\d{6}|2147[0-3]\d{5}|21474[0-7]\d{4}|214748[0-2]\d{3}|2147483[0-5]\d{2}|21474836[0-3]\d|214748364[0-7])$/;

/** Text a client may send: no NUL and no other C0 control but tab and line breaks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
export const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
/** What a call or a chat message holding such a character is refused with. */
export const CONTROL_CHARS_REFUSAL = '输入内容含有不支持的字符，请修改后重试';
