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
