import { z } from 'zod';
import { defineCall } from '../contract';
import { phoneSchema, smsCodeSchema } from '../validation';

export const userInfo = defineCall({
  service: 'user',
  call: 'userInfo',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'The logged-in user (masked personal data only)',
  request: z.object({}),
  response: z.object({
    uid: z.string(),
    mobile: z.string(),
    nickname: z.string(),
    avatar: z.string(),
    hasAuthentication: z.enum(['0', '1']),
    registeredAt: z.number().int(),
  }),
});

export const smsTypeSchema = z.enum(['phoneLogin', 'verifyCode']);

export const sendSms = defineCall({
  service: 'user',
  call: 'sendSms',
  version: 1,
  access: 'pb',
  method: 'POST',
  scene: 'app',
  summary: 'Sends a 4-digit code by SMS (60 s cooldown per phone, hourly and daily caps)',
  request: z.object({ phone: phoneSchema, smsType: smsTypeSchema }),
  response: z.object({ sent: z.literal(true), cooldownSeconds: z.number().int() }),
});

export const loginResultSchema = z.object({
  token: z.string(),
  mobile: z.string(),
  uid: z.string(),
  isGrayEnv: z.boolean(),
});

export const phoneLogin = defineCall({
  service: 'user',
  call: 'phoneLogin',
  version: 1,
  access: 'pb',
  method: 'POST',
  scene: 'app',
  summary: 'Logs in (or signs up) with a phone and its SMS code',
  request: z.object({
    phone: phoneSchema,
    code: smsCodeSchema,
    package: z.string().max(64).optional(),
  }),
  response: loginResultSchema,
});
