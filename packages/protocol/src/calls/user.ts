import { z } from 'zod';
import { defineCall } from '../contract';

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
