import { z } from 'zod';

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const phoneSchema = z
  .string({ error: '请填写手机号' })
  .min(1, { error: '请填写手机号' })
  .regex(PHONE_PATTERN, { error: '请正确填写您的手机号码' });
