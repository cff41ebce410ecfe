import { userInfo } from '@app/protocol/calls/user';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { getUserProfile } from './user.service';

export function userRoutes(app: FastifyInstance, platform: CallPlatform): void {
  registerCall(app, platform, userInfo, (_input, ctx) => getUserProfile(platform.db, ctx.user.userId));
}
