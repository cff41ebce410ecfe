import { randomUUID } from 'node:crypto';
import {
  checkAuthentication,
  generateUploadUrl,
  h5sdkGenerateUploadUrl,
  h5sdkIdentification,
  h5sdkIdentificationByUploadImg,
  identification,
  identificationByUploadImg,
} from '@app/protocol/calls/identity';
import { feedbackPreSignedUrl } from '@app/protocol/calls/user-help';
import { ErrorCode } from '@app/protocol/errors';
import { ID_BACK_MISSING, ID_FRONT_MISSING } from '@app/protocol/validation';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import type { CallContext } from '../../platform/http/call-context';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { IMAGE_TYPES, type ObjectStorage } from '../../platform/storage/object-storage';
import { type IdentityDeps, identityStatus, verifyByNumber } from './identity.service';

export function identityRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  deps: IdentityDeps & { storage: ObjectStorage; publicBaseUrl?: string | undefined },
): void {
  /** A photo must be this user's own upload, present, and an image. */
  const ownPhoto = async (url: string, uid: string, missing: string) => {
    const key = deps.storage.keyOfUrl(url);
    const stat = key?.startsWith(`private/id/${uid}/`) ? await deps.storage.stat(key) : null;
    if (!key || !stat?.contentType.startsWith('image/')) throw new AppError(ErrorCode.BAD_PARAMS, missing);
    return key;
  };
  const byPhotos = async (
    input: { idCardFrontImgUrl: string; idCardBehindImgUrl: string; realName: string; idCard: string },
    user: { userId: number; uid: string },
    address: string,
  ) => {
    const frontImage = await ownPhoto(input.idCardFrontImgUrl, user.uid, ID_FRONT_MISSING);
    const backImage = await ownPhoto(input.idCardBehindImgUrl, user.uid, ID_BACK_MISSING);
    // The reader fetches the portrait side itself, for a short while (the local driver's URL is relative to our origin).
    const signed = deps.storage.presignGet(frontImage, 300);
    const frontUrl = deps.publicBaseUrl ? new URL(signed, deps.publicBaseUrl).href : signed;
    const photos = { frontImage, backImage, frontUrl };
    return verifyByNumber(deps, user.userId, { realName: input.realName, idCard: input.idCard, address, photos });
  };
  const byNumber = (input: { realName: string; idCard: string }, userId: number, address: string) =>
    verifyByNumber(deps, userId, { realName: input.realName, idCard: input.idCard, address });
  registerCall(app, platform, identificationByUploadImg, (input, ctx) => byPhotos(input, ctx.user, ctx.request.ip));
  registerCall(app, platform, identification, (input, ctx) => byNumber(input, ctx.user.userId, ctx.request.ip));
  // Inside the game view: the same, for the X-Token's user (the game token only proves the scene).
  registerCall(app, platform, h5sdkIdentificationByUploadImg, (input, ctx) =>
    byPhotos(input, inGameUser(ctx), ctx.request.ip),
  );
  registerCall(app, platform, h5sdkIdentification, (input, ctx) =>
    byNumber(input, inGameUser(ctx).userId, ctx.request.ip),
  );
  registerCall(app, platform, checkAuthentication, (_i, ctx) => identityStatus(deps, ctx.user.userId));
}

export function uploadRoutes(app: FastifyInstance, platform: CallPlatform, storage: ObjectStorage): void {
  registerCall(app, platform, feedbackPreSignedUrl, (input, ctx) => {
    const key = `public/feedback/${ctx.user.uid}/${randomUUID()}.${input.typeName}`;
    return storage.presignPut(key, IMAGE_TYPES[input.typeName]).url;
  });
  const idPhotoUrl = (uid: string, typeName: keyof typeof IMAGE_TYPES) =>
    storage.presignPut(`private/id/${uid}/${randomUUID()}.${typeName}`, IMAGE_TYPES[typeName]).url;
  registerCall(app, platform, generateUploadUrl, (input, ctx) => idPhotoUrl(ctx.user.uid, input.typeName));
  registerCall(app, platform, h5sdkGenerateUploadUrl, (input, ctx) => idPhotoUrl(inGameUser(ctx).uid, input.typeName));
}

/** An h5sdk call's user: the X-Token's session (the game token alone says nothing of the exchange account). */
function inGameUser(ctx: CallContext<'pt'>) {
  if (!ctx.user) throw new AppError(ErrorCode.LOGIN_TIMEOUT);
  return ctx.user;
}
