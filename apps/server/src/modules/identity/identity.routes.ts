import { randomUUID } from 'node:crypto';
import {
  checkAuthentication,
  generateUploadUrl,
  identification,
  identificationByUploadImg,
} from '@app/protocol/calls/identity';
import { feedbackPreSignedUrl } from '@app/protocol/calls/user-help';
import { ErrorCode } from '@app/protocol/errors';
import { ID_BACK_MISSING, ID_FRONT_MISSING } from '@app/protocol/validation';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { IMAGE_TYPES, type ObjectStorage } from '../../platform/storage/object-storage';
import { type IdentityDeps, identityStatus, verifyByNumber } from './identity.service';

export function identityRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  deps: IdentityDeps & { storage: ObjectStorage },
): void {
  /** A photo must be this user's own upload, present, and an image. */
  const ownPhoto = async (url: string, uid: string, missing: string) => {
    const key = deps.storage.keyOfUrl(url);
    const stat = key?.startsWith(`private/id/${uid}/`) ? await deps.storage.stat(key) : null;
    if (!key || !stat?.contentType.startsWith('image/')) throw new AppError(ErrorCode.BAD_PARAMS, missing);
    return key;
  };
  registerCall(app, platform, identificationByUploadImg, async (input, ctx) => {
    const frontImage = await ownPhoto(input.idCardFrontImgUrl, ctx.user.uid, ID_FRONT_MISSING);
    const backImage = await ownPhoto(input.idCardBehindImgUrl, ctx.user.uid, ID_BACK_MISSING);
    return verifyByNumber(deps, ctx.user.userId, {
      realName: input.realName,
      idCard: input.idCard,
      frontImage,
      backImage,
    });
  });
  registerCall(app, platform, identification, (input, ctx) => verifyByNumber(deps, ctx.user.userId, input));
  registerCall(app, platform, checkAuthentication, (_i, ctx) => identityStatus(deps, ctx.user.userId));
}

export function uploadRoutes(app: FastifyInstance, platform: CallPlatform, storage: ObjectStorage): void {
  registerCall(app, platform, feedbackPreSignedUrl, (input, ctx) => {
    const key = `public/feedback/${ctx.user.uid}/${randomUUID()}.${input.typeName}`;
    return storage.presignPut(key, IMAGE_TYPES[input.typeName]).url;
  });
  registerCall(app, platform, generateUploadUrl, (input, ctx) => {
    const key = `private/id/${ctx.user.uid}/${randomUUID()}.${input.typeName}`;
    return storage.presignPut(key, IMAGE_TYPES[input.typeName]).url;
  });
}
