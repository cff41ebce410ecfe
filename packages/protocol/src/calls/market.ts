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
