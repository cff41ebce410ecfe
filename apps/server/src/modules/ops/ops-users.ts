import { statementLineLabel } from '@app/protocol/calls/wallet';
import { ErrorCode } from '@app/protocol/errors';
import { StaffAction } from '@app/protocol/ops';
import type { OpsUserSummary, Paged, SearchHit, UserSection } from '@app/protocol/ops-users';
import { endUserSessions, userSessions } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { takeDownSellerListings } from '../consignment/banned-seller';
import { userDepositsPage } from '../deposits/deposit-lookup';
import { sellerListingsCounted } from '../exchange/seller-listings';
import type { IdentityStatus } from '../identity/identity.service';
import { userBalances } from '../ledger/ledger';
import { userStatement } from '../ledger/ledger-statement';
import { userOrdersPage } from '../orders/order-lookup';
import { resetSaleLock, saleUnlockedUntil } from '../user/sale-lock.service';
import { banOf, banUser, unbanUser } from '../user/user-ban';
import { userForStaff } from '../user/user-finder';
import {
  holdWithdrawals,
  releaseWithdrawals,
  userWithdrawalsPage,
  withdrawalHoldOf,
} from '../withdrawal/withdrawal-holds';
import type { Finders } from './finders';
import { writeAudit } from './staff-audit';
import type { StaffPrincipal } from './staff-sessions';
import { userAudit, userNotes, writeUserNote } from './user-notes';

/**
 * The console's users (docs/decisions/0061-opsusers-bans.md): 查找 through the finders each module
 * registered, a user's page through the owning modules' functions, and the actions on him, each in
 * one transaction with its audit (who, what, before/after, the reason, from where).
 */
export interface OpsUsersDeps {
  db: Db;
  finders: Finders;
  /** The identity module's status (already masked). */
  identityStatus: (userId: number) => Promise<IdentityStatus>;
  /** Ends the user's chat logins whose session ended, and closes their sockets on every process. */
  endChatLogins: (uid: string) => Promise<void>;
}

export const searchAll = (deps: OpsUsersDeps, text: string): Promise<SearchHit[]> => deps.finders.find(deps.db, text);

async function userOrRefuse(db: Db, userId: number) {
  const user = await userForStaff(db, userId);
  if (!user) throw new AppError(ErrorCode.NOT_FOUND, '用户不存在');
  return user;
}

export async function userSummary(deps: OpsUsersDeps, userId: number): Promise<OpsUserSummary> {
  const user = await userOrRefuse(deps.db, userId);
  const [identity, balance, ban, unlocked, held] = await Promise.all([
    deps.identityStatus(userId),
    userBalances(deps.db, userId),
    banOf(deps.db, userId),
    saleUnlockedUntil(deps.db, userId),
    withdrawalHoldOf(deps.db, userId),
  ]);
  const verified = identity.hasAuthentication === '1';
  return {
    ...user,
    identity: {
      verified,
      realName: verified ? identity.realName : null,
      idNumber: verified ? identity.idCard : null,
    },
    wallet: { available: balance.available, reserved: balance.reserved, incoming: balance.incoming },
    ban,
    saleUnlockedUntil: unlocked?.getTime() ?? null,
    withdrawalsHeld: held,
  };
}

/** One page of one section of a user's page. */
export async function userSection(
  deps: OpsUsersDeps,
  userId: number,
  section: UserSection,
  page: number,
  pageSize: number,
): Promise<Paged<unknown>> {
  await userOrRefuse(deps.db, userId);
  const paged = <T>(answer: { total: number; list: T[] }): Paged<T> => ({ ...answer, page, pageSize });
  switch (section) {
    case 'orders':
      return paged(await userOrdersPage(deps.db, userId, page, pageSize));
    case 'listings':
      return paged(await sellerListingsCounted(deps.db, userId, page, pageSize));
    case 'deposits':
      return paged(await userDepositsPage(deps.db, userId, page, pageSize));
    case 'withdrawals':
      return paged(await userWithdrawalsPage(deps.db, userId, page, pageSize));
    case 'sessions':
      return paged(await userSessions(deps.db, userId, page, pageSize));
    case 'notes':
      return paged(await userNotes(deps.db, userId, page, pageSize));
    case 'audit':
      return paged(await userAudit(deps.db, userId, page, pageSize));
    case 'statement':
      return paged(await statementPage(deps.db, userId, page, pageSize));
  }
}

/** The ledger's statement (newest first) read a page deep: the console pages by number, the ledger by line. */
async function statementPage(db: Db, userId: number, page: number, pageSize: number) {
  const lines = await userStatement(db, userId, { limit: page * pageSize + 1 });
  const list = lines.slice((page - 1) * pageSize, page * pageSize).map((r) => ({
    id: String(r.id),
    label: statementLineLabel(
      r.code,
      ['voided', 'expired', 'void'].includes(r.state) || ['voided', 'expired'].includes(r.reservationState),
    ),
    effect: r.effect,
    balanceAfter: r.balanceAfter,
    orderId: r.orderId === null ? null : String(r.orderId),
    at: r.createdAt.getTime(),
  }));
  // The ledger pages by line, not by count: the total is the lines read so far (one past this page
  // when there are more), so the console offers the next page exactly when there is one.
  return { total: lines.length, list };
}

interface Acting {
  me: StaffPrincipal;
  userId: number;
  reason: string;
  ip: string;
  /** Written in the action's transaction after it (a risk signal marked 处置 by it): a throw undoes both. */
  alsoIn?: (trx: Db) => Promise<void>;
}

/** The action, the audit and the refusal when it changed nothing: one transaction. */
async function act<T>(
  deps: OpsUsersDeps,
  a: Acting,
  action: StaffAction,
  run: (trx: Db) => Promise<{ before: unknown; after: unknown; answer: T } | string>,
): Promise<T> {
  await userOrRefuse(deps.db, a.userId);
  return deps.db.transaction().execute(async (trx) => {
    const done = await run(trx);
    if (typeof done === 'string') throw new AppError(ErrorCode.BAD_PARAMS, done);
    await writeAudit(trx, {
      staffId: a.me.id,
      action,
      targetUserId: a.userId,
      before: done.before,
      after: { ...(done.after as object), reason: a.reason },
      ip: a.ip,
    });
    await a.alsoIn?.(trx);
    return done.answer;
  });
}

/**
 * 封禁: the ban (once: of two staff at once one wins, the other is told), every session ended (the
 * next call on any process answers 20111 with the reason), the seller's listings on sale taken off
 * it. His open orders go on as they stand (the decision's: the other side is not made to pay for
 * the ban; customer service handles them). His chat sockets close after the commit.
 */
export async function banAsStaff(deps: OpsUsersDeps, a: Acting, until: number | null) {
  const user = await userOrRefuse(deps.db, a.userId);
  const answer = await act(deps, a, StaffAction.USER_BAN, async (trx) => {
    const ban = await banUser(trx, a.userId, { reason: a.reason, until });
    if (!ban) return user.removed ? '该账号已注销' : '该用户已被封禁，如需修改请先解除封禁';
    const sessionsEnded = await endUserSessions(trx, a.userId);
    const listings = await takeDownSellerListings(trx, a.userId);
    const after = { ban: ban.after, sessionsEnded, delisted: listings.delisted, keptOnSale: listings.kept };
    return { before: { ban: ban.before }, after, answer: after };
  });
  await deps.endChatLogins(user.uid);
  return answer;
}

export function unbanAsStaff(deps: OpsUsersDeps, a: Acting) {
  return act(deps, a, StaffAction.USER_UNBAN, async (trx) => {
    const lifted = await unbanUser(trx, a.userId);
    if (!lifted) return '该用户当前未被封禁';
    return { before: { ban: lifted }, after: { ban: null }, answer: { unbanned: true } };
  });
}

/** 下线: every live session ends (the user logs in again; a ban is not implied). */
export async function endSessionsAsStaff(deps: OpsUsersDeps, a: Acting) {
  const user = await userOrRefuse(deps.db, a.userId);
  const answer = await act(deps, a, StaffAction.USER_SESSIONS_END, async (trx) => {
    const ended = await endUserSessions(trx, a.userId);
    if (ended === 0) return '该用户没有有效的登录会话';
    return { before: { liveSessions: ended }, after: { liveSessions: 0 }, answer: { ended } };
  });
  await deps.endChatLogins(user.uid);
  return answer;
}

export function resetSaleLockAsStaff(deps: OpsUsersDeps, a: Acting) {
  return act(deps, a, StaffAction.USER_SALE_LOCK_RESET, async (trx) => {
    const before = await resetSaleLock(trx, a.userId);
    if (!before) return '该用户的出售锁未解锁，无需重置';
    return {
      before: { saleUnlockedUntil: before.getTime() },
      after: { saleUnlockedUntil: null },
      answer: { reset: true },
    };
  });
}

export function holdWithdrawalsAsStaff(deps: OpsUsersDeps, a: Acting) {
  return act(deps, a, StaffAction.USER_WITHDRAWALS_HOLD, async (trx) => {
    if (!(await holdWithdrawals(trx, a.userId, a.reason))) return '该用户的提现已暂停';
    return { before: { withdrawalsHeld: false }, after: { withdrawalsHeld: true }, answer: { held: true } };
  });
}

export function releaseWithdrawalsAsStaff(deps: OpsUsersDeps, a: Acting) {
  return act(deps, a, StaffAction.USER_WITHDRAWALS_RELEASE, async (trx) => {
    const lifted = await releaseWithdrawals(trx, a.userId);
    if (!lifted) return '该用户的提现未被暂停';
    return {
      before: { withdrawalsHeld: true, heldFor: lifted.reason },
      after: { withdrawalsHeld: false },
      answer: { released: true },
    };
  });
}

export async function noteAsStaff(deps: OpsUsersDeps, me: StaffPrincipal, userId: number, note: string, ip: string) {
  await userOrRefuse(deps.db, userId);
  return deps.db.transaction().execute(async (trx) => {
    const written = await writeUserNote(trx, { userId, staffId: me.id, note });
    await writeAudit(trx, { staffId: me.id, action: StaffAction.USER_NOTE, targetUserId: userId, after: { note }, ip });
    return { ...written, by: me.displayName };
  });
}
