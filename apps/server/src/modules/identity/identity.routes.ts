import { checkAuthentication, identification } from '@app/protocol/calls/identity';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { type IdentityDeps, identityStatus, verifyByNumber } from './identity.service';

export function identityRoutes(app: FastifyInstance, platform: CallPlatform, deps: IdentityDeps): void {
  registerCall(app, platform, identification, (input, ctx) => verifyByNumber(deps, ctx.user.userId, input));
  registerCall(app, platform, checkAuthentication, (_i, ctx) => identityStatus(deps, ctx.user.userId));
}
