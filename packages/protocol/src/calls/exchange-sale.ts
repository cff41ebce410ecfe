import { z } from 'zod';
import { defineCall } from '../contract';
import { gameTokenFields } from './game';

/** The steps a seller must pass, in the order of business-flows §4. */
export const saleStepSchema = z.enum(['bindPhone', 'authentication', 'saleLock', 'roleOnline', 'ready']);
export type SaleStep = z.infer<typeof saleStepSchema>;

export const salePreCheck = defineCall({
  service: 'exchange',
  call: 'salePreCheck',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'Which selling prerequisite is missing: bound phone, real name, the sale lock (30315), the role online',
  request: z.object({}),
  response: z.object({ step: saleStepSchema, unlockedUntil: z.number().int().nullable() }),
});

export const h5sdkSalePreCheck = defineCall({
  service: 'exchange',
  call: 'salePreCheck',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.salePreCheck',
  summary: 'In the game: bound phone, real name, the sale lock (30315), then the role online ("角色已掉线…")',
  request: z.object(gameTokenFields),
  response: z.object({ step: saleStepSchema, unlockedUntil: z.number().int().nullable() }),
});
