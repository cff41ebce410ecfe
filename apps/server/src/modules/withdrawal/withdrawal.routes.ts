import {
  DEFAULT_WITHDRAWAL_CONFIG,
  extractCancel,
  extractConfig,
  extractDetail,
  extractPage,
  extractSave,
  extractUserInfo,
} from '@app/protocol/calls/withdrawal';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { Accounts, balanceOf } from '../ledger/ledger';
import * as withdrawal from './withdrawal.service';
import { withdrawalDb } from './withdrawal.tables';

/** The withdrawal calls (extractApply.*) of the h5 and app cash-withdrawal pages. */
export function withdrawalRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  deps: withdrawal.WithdrawalDeps & { maskedRealName: (userId: number) => Promise<string> },
): void {
  const { db } = platform;
  const shown = (row: Parameters<typeof withdrawal.toWithdrawal>[0]) =>
    withdrawal.toWithdrawal(row, deps.payouts.byName(row.provider)?.confirmWith);
  registerCall(app, platform, extractUserInfo, async (_i, ctx) => {
    const balance = await balanceOf(db, Accounts.userAvailable(ctx.user.userId));
    return {
      hasAuthentication: await deps.hasAuthentication(ctx.user.userId),
      realName: await deps.maskedRealName(ctx.user.userId),
      available: balance.available,
      frozen: balance.reserved,
      pending: balance.incoming,
      accountTypes: await withdrawal.accountTypesOf(deps, ctx.user.userId),
    };
  });
  registerCall(app, platform, extractConfig, () => deps.config ?? DEFAULT_WITHDRAWAL_CONFIG);
  registerCall(app, platform, extractSave, async (input, ctx) =>
    shown(await withdrawal.requestWithdrawal(deps, ctx.user.userId, input)),
  );
  registerCall(app, platform, extractDetail, async (input, ctx) =>
    shown(await withdrawal.withdrawalOf(db, ctx.user.userId, input.id)),
  );
  registerCall(app, platform, extractCancel, async (input, ctx) =>
    shown(await withdrawal.cancelWithdrawal(deps, ctx.user.userId, input.id)),
  );
  registerCall(app, platform, extractPage, async (input, ctx) => {
    const rows = await withdrawalDb(db)
      .selectFrom('withdrawals')
      .selectAll()
      .where('user_id', '=', ctx.user.userId)
      .orderBy('id', 'desc')
      .limit(input.pageSize + 1)
      .offset((input.page - 1) * input.pageSize)
      .execute();
    return { list: rows.slice(0, input.pageSize).map(shown), hasMore: rows.length > input.pageSize };
  });
}
