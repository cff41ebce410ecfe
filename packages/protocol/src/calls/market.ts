import { z } from 'zod';
import { defineCall } from '../contract';
import { smsCodeSchema } from '../validation';

/** The consignment safety lock (business-flows §4/§6): opened by an SMS code for SALE_UNLOCK_MINUTES. */
export const SALE_UNLOCK_MINUTES = 30;

export const appConsignmentSMSVerifyCode = defineCall({
  service: 'market',
  call: 'appConsignmentSMSVerifyCode',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: `Opens the sale lock with the code sent to the bound phone (smsType verifyCode) for ${SALE_UNLOCK_MINUTES} minutes`,
  request: z.object({ code: smsCodeSchema }),
  response: z.boolean(),
});

export const h5sdkVerifyCode = defineCall({
  service: 'exchange',
  call: 'verifyCode',
  version: 1,
  access: 'pt',
  method: 'POST',
  scene: 'h5sdk',
  operationId: 'h5sdk.verifyCode',
  summary: `The SDK variant of the sale unlock: code, gameId, serverId, gameToken; true opens the lock for ${SALE_UNLOCK_MINUTES} minutes`,
  request: z.object({
    code: smsCodeSchema,
    gameId: z.string().min(1).max(64),
    gameToken: z.string().min(1).max(512),
    serverId: z.string().min(1).max(64),
  }),
  response: z.boolean(),
});
