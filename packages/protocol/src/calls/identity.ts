import { z } from 'zod';
import { defineCall } from '../contract';
import { idCardSchema, realNameSchema } from '../validation';

/** What any answer shows of a verified person: masked name and ID number, never whole. */
export const identityStatusSchema = z.object({
  hasAuthentication: z.enum(['0', '1']),
  realName: z.string(),
  idCard: z.string(),
});

export const identification = defineCall({
  service: 'identity',
  call: 'identification',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'Real-name verification by name and ID number (checksum, adults only)',
  request: z.object({ realName: realNameSchema, idCard: idCardSchema }),
  response: identityStatusSchema,
});

export const checkAuthentication = defineCall({
  service: 'identity',
  call: 'checkAuthentication',
  version: 1,
  access: 'df',
  method: 'GET',
  scene: 'app',
  summary: 'The real-name status of the logged-in user (masked)',
  request: z.object({}),
  response: identityStatusSchema,
});
