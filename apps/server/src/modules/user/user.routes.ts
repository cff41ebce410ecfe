import { getTradeId, userAccountDetail, userInfo } from '@app/protocol/calls/user';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { Accounts, balanceOf } from '../ledger/ledger';
import { saleUnlockedUntil } from './sale-lock.service';
import { getUserProfile } from './user.service';
import { userDb } from './user.tables';

/** identityStatus comes from the identity module's service (it owns the sealed personal data). */
export function userRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  identityStatus: (userId: number) => Promise<{ hasAuthentication: '0' | '1'; realName: string }>,
): void {
  registerCall(app, platform, userInfo, (_input, ctx) => getUserProfile(platform.db, ctx.user.userId));
  registerCall(app, platform, userAccountDetail, async (_input, ctx) => {
    const profile = await getUserProfile(platform.db, ctx.user.userId);
    const identity = await identityStatus(ctx.user.userId);
    const until = await saleUnlockedUntil(platform.db, ctx.user.userId);
    const balance = await balanceOf(platform.db, Accounts.userAvailable(ctx.user.userId));
    const linked = await userDb(platform.db)
      .selectFrom('user_identities')
      .select(['provider', 'created_at'])
      .where('user_id', '=', ctx.user.userId)
      .orderBy('created_at')
      .execute();
    return {
      uid: profile.uid,
      mobile: profile.mobile,
      hasAuthentication: identity.hasAuthentication,
      realName: identity.realName,
      registeredAt: profile.registeredAt,
      saleUnlockedUntil: until ? Math.floor(until.getTime() / 1000) : null,
      linkedAccounts: linked.map((l) => ({
        provider: l.provider,
        linkedAt: Math.floor(l.created_at.getTime() / 1000),
      })),
      balance: { available: balance.available, frozen: balance.reserved, pending: balance.incoming },
    };
  });
  registerCall(app, platform, getTradeId, async (_input, ctx) => {
    const games = await userDb(platform.db)
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
