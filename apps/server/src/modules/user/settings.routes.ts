import { getPushSwitch, individualizedRecommendSwitch, isGrayEnv, pushSwitch } from '@app/protocol/calls/user-help';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { getSwitches, isGrayUser, setSwitch } from './settings.service';

export function settingsRoutes(app: FastifyInstance, platform: CallPlatform): void {
  const { db } = platform;
  registerCall(app, platform, isGrayEnv, async (_i, ctx) => ({ isGrayEnv: await isGrayUser(db, ctx.user.userId) }));
  registerCall(app, platform, getPushSwitch, (_i, ctx) => getSwitches(db, ctx.user.userId));
  registerCall(app, platform, pushSwitch, (input, ctx) => setSwitch(db, ctx.user.userId, 'push', input.status));
  registerCall(app, platform, individualizedRecommendSwitch, (input, ctx) =>
    setSwitch(db, ctx.user.userId, 'individualized_recommend', input.status),
  );
}
