import { getTradeId, userInfo } from '@app/protocol/calls/user';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { getUserProfile } from './user.service';

export function userRoutes(app: FastifyInstance, platform: CallPlatform): void {
  registerCall(app, platform, userInfo, (_input, ctx) => getUserProfile(platform.db, ctx.user.userId));
  registerCall(app, platform, getTradeId, async (_input, ctx) => {
    const games = await platform.db
      .selectFrom('user_identities')
      .select(['provider', 'last_role_name', 'last_login_at', 'created_at'])
      .where('user_id', '=', ctx.user.userId)
      .where('provider', 'like', 'game:%')
      .orderBy('last_login_at', 'desc')
      .execute();
    return {
      tradeId: ctx.user.uid,
      accounts: games.map((g) => ({
        tradeId: ctx.user.uid,
        gameId: g.provider.slice('game:'.length),
        lastLoginRoleName: g.last_role_name ?? '',
        lastLoginTime: Math.floor((g.last_login_at ?? g.created_at).getTime() / 1000),
      })),
    };
  });
}
