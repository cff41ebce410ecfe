import { z } from 'zod';
import { defineCall } from '../contract';
import { ID_BACK_MISSING, ID_FRONT_MISSING, idCardSchema, realNameSchema } from '../validation';
import { gameTokenFields } from './game';

/** What any answer shows of a verified person: masked name and ID number, never whole. */
const identityStatusSchema = z.object({
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

export const imageSuffixSchema = z
  .string({ error: '图片格式错误' })
  .transform((v) => v.trim().toLowerCase().replace(/^\./, ''))
  .pipe(z.enum(['png', 'jpg', 'jpeg', 'webp', 'gif'], { error: '图片格式错误' }));

export const generateUploadUrl = defineCall({
  service: 'identity',
  call: 'generateUploadUrl',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'A presigned PUT URL for one ID photo (10 minutes; PNG/JPEG/WebP/GIF up to 5 MB)',
  request: z.object({ typeName: imageSuffixSchema }),
  response: z.string(),
});

/** Object URLs (without query) of the two ID photos uploaded through generateUploadUrl. */
const photoUrl = (missing: string) => z.string({ error: missing }).min(1, { error: missing }).max(500);

export const identificationByUploadImg = defineCall({
  service: 'identity',
  call: 'identificationByUploadImg',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary:
    'Real-name verification with the two ID photos (front: portrait side, back: national emblem side) and the number',
  request: z.object({
    idCardFrontImgUrl: photoUrl(ID_FRONT_MISSING),
    idCardBehindImgUrl: photoUrl(ID_BACK_MISSING),
    realName: realNameSchema,
    idCard: idCardSchema,
  }),
  response: identityStatusSchema,
});

/**
 * The same three calls inside the game view (h5sdk, pt): the game token rides along as on every
 * h5sdk call and the X-Token says whose identity it is, so verification needs no detour through
 * the app scene.
 */

export const h5sdkIdentification = defineCall({
  ...identification,
  access: 'pt',
  scene: 'h5sdk',
  operationId: 'h5sdk.identification',
  summary: 'Real-name verification by name and ID number, from inside the game (game token and X-Token)',
  request: identification.request.extend(gameTokenFields),
});

export const h5sdkGenerateUploadUrl = defineCall({
  ...generateUploadUrl,
  access: 'pt',
  scene: 'h5sdk',
  operationId: 'h5sdk.generateUploadUrl',
  summary: 'A presigned PUT URL for one ID photo, from inside the game (game token and X-Token)',
  request: generateUploadUrl.request.extend(gameTokenFields),
});

export const h5sdkIdentificationByUploadImg = defineCall({
  ...identificationByUploadImg,
  access: 'pt',
  scene: 'h5sdk',
  operationId: 'h5sdk.identificationByUploadImg',
  summary: 'Real-name verification with the two ID photos and the number, from inside the game',
  request: identificationByUploadImg.request.extend(gameTokenFields),
});
