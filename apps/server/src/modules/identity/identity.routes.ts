import { randomUUID } from 'node:crypto';
import { checkAuthentication, generateUploadUrl, identification } from '@app/protocol/calls/identity';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { IMAGE_TYPES, type ObjectStorage } from '../../platform/storage/object-storage';
import { type IdentityDeps, identityStatus, verifyByNumber } from './identity.service';

export function identityRoutes(app: FastifyInstance, platform: CallPlatform, deps: IdentityDeps): void {
  registerCall(app, platform, identification, (input, ctx) => verifyByNumber(deps, ctx.user.userId, input));
  registerCall(app, platform, checkAuthentication, (_i, ctx) => identityStatus(deps, ctx.user.userId));
}

export function uploadRoutes(app: FastifyInstance, platform: CallPlatform, storage: ObjectStorage): void {
  registerCall(app, platform, generateUploadUrl, (input, ctx) => {
    const key = `private/id/${ctx.user.uid}/${randomUUID()}.${input.typeName}`;
    return storage.presignPut(key, IMAGE_TYPES[input.typeName]).url;
  });
}
