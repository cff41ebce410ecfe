import { randomInt } from 'node:crypto';
import { SECURITY_HOLD_HOURS } from '@app/protocol/calls/pay-password';
import {
  DEFAULT_WITHDRAWAL_CONFIG,
  type Withdrawal,
  type WithdrawalAccountType,
  type WithdrawalConfig,
  withdrawalFee,
  withdrawalStatusLabel,
} from '@app/protocol/calls/withdrawal';
import { ErrorCode } from '@app/protocol/errors';
import { formatDateTime, formatPriceFen } from '@app/protocol/format';
import type { Selectable } from 'kysely';
import type { PiiCipher } from '../../platform/crypto/pii';
import { maskName } from '../../platform/crypto/pii';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { hasAny } from '../../platform/db/has-any';
import { lockKey } from '../../platform/db/locks';
import { AppError } from '../../platform/errors';
import { Accounts, LedgerError, resolvePending, transfer } from '../ledger/ledger';
import { holdOpenAccount } from '../user/user.service';
import type { PayoutChannels } from './payout-channel';
import type { PayoutProvider } from './payout-provider';
import { type WithdrawalsTable, withdrawalDb } from './withdrawal.tables';
import { HELD_BY_STAFF, withdrawalHoldOf } from './withdrawal-holds';
import { canTransition, OPEN_STATUSES } from './withdrawal-status';

export interface WithdrawalDeps {
  db: Db;
  pii: PiiCipher;
  /** The payout channel of each account type (payout-channel.ts). */
  payouts: PayoutChannels;
  /** The user module's answer: the openid of the user's bound WeChat under the payout app, or null. */
  wechatPayeeOf?: (userId: number) => Promise<string | null>;
  /** The identity module's check: is this the user's verified real name? */
  realNameIs: (userId: number, name: string) => Promise<boolean>;
  hasAuthentication: (userId: number) => Promise<boolean>;
  /** How long a request waits for review before it is paid out (the embedded default reviews itself). */
  reviewSeconds: number;

  config?: WithdrawalConfig;
  /** A user's first payout waits for staff (the composition's rule; money simulations leave it off). */
  reviewFirst?: boolean;
  now?: () => number;
  /**
   * The payment password and the security hold (the pay-password module's, handed in at
   * composition; the money simulations leave it off): every request asks the pin, none goes while
   * a security change holds withdrawals, and one to another account than the last paid one is a
   * payout account change (recorded; that request waits out the hold before it is paid).
   */
  security?: WithdrawalSecurity;
  /** Tells the user a payout was made or failed (the notices module's, handed in at composition). */
  notify?: (userId: number, kind: 'withdrawalPaid' | 'withdrawalRefused', amountFen: number) => Promise<void>;
}

export interface WithdrawalSecurity {
  requirePayPassword: (userId: number, pin: string | undefined) => Promise<void>;
  withdrawalHeldUntil: (userId: number) => Promise<Date | null>;
  recordSecurityChange: (trx: DbHandle, userId: number, kind: 'payoutAccountChanged') => Promise<void>;
}

type Row = Selectable<WithdrawalsTable>;

/** 安全设置变更后24小时内不能提现，请于X后再试 (X in Beijing time). */
export const heldMessage = (until: Date) =>
  `安全设置变更后${SECURITY_HOLD_HOURS}小时内不能提现，请于${formatDateTime(until.getTime())}后再试`;
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const maskAccount = (no: string) =>
  no.includes('@') ? `${no.slice(0, 2)}***${no.slice(no.indexOf('@'))}` : `${no.slice(0, 3)}****${no.slice(-4)}`;

export function toWithdrawal(r: Row, confirmWith?: PayoutProvider['confirmWith']): Withdrawal {
  const confirm =
    r.status === 'confirming' && r.package_info && confirmWith ? { ...confirmWith, package: r.package_info } : null;
  return {
    id: String(r.id),
    amount: Number(r.amount_fen),
    fee: Number(r.fee_fen),
    arrival: Number(r.amount_fen) - Number(r.fee_fen),
    accountType: r.account_type === 'wechat' ? 'wechat' : 'alipay',
    accountNo: r.account_no_masked,
    accountName: r.account_name_masked,
    status: r.status,
    statusLabel: withdrawalStatusLabel[r.status],
    reason: r.reason,
    createTime: seconds(r.created_at) as number,
    finishTime: seconds(r.finished_at),
    ...(confirm ? { confirm } : {}),
  };
}

const ACCOUNT_TYPE_NAME: Record<WithdrawalAccountType, string> = { alipay: '支付宝', wechat: '微信' };

/** Our number of a transfer at the provider: letters and digits only, at most 32 (WeChat's out_bill_no rule). */
const newOutBizNo = (now: number) => `WD${now}${String(randomInt(1_000_000)).padStart(6, '0')}`;

/** The two reservations of a request: what reaches the account, and the fee. */
const keys = (id: number) => ({ out: `wd:${id}:out`, fee: `wd:${id}:fee` });

/**
 * A withdrawal request: the payout account must be in the verified real name; the amount within
 * the limits (per payout, count and amount per day); the amount (payout part and fee) reserved from
 * the available balance in the same transaction that writes the request. Above the review
 * threshold, and for a user's first payout, it waits in in_review for staff.
 */
export async function requestWithdrawal(
  deps: WithdrawalDeps,
  userId: number,
  input: {
    amount: number;
    accountType?: WithdrawalAccountType | undefined;
    /** The 支付宝登录号; a WeChat payout goes to the bound WeChat (its openid), none typed. */
    accountNo?: string | undefined;
    accountName: string;
    payPassword?: string | undefined;
  },
): Promise<Row> {
  const config = deps.config ?? DEFAULT_WITHDRAWAL_CONFIG;
  const now = (deps.now ?? Date.now)();
  const accountType = input.accountType ?? 'alipay';
  const payout = openChannel(deps, accountType);
  if (!payout) {
    const other = accountType === 'wechat' ? 'alipay' : 'wechat';
    throw new AppError(
      ErrorCode.BAD_PARAMS,
      openChannel(deps, other)
        ? `暂不支持提现到${ACCOUNT_TYPE_NAME[accountType]}，请选择${ACCOUNT_TYPE_NAME[other]}`
        : '提现通道暂未开通，余额可继续用于购买，请稍后再试',
    );
  }
  if (!(await deps.hasAuthentication(userId))) throw new AppError(ErrorCode.BAD_PARAMS, '请先完成实名认证');
  const accountNo = accountType === 'wechat' ? await deps.wechatPayeeOf?.(userId) : input.accountNo;
  if (!accountNo)
    throw new AppError(
      ErrorCode.BAD_PARAMS,
      accountType === 'wechat'
        ? '请先绑定微信（用微信登录一次）后再提现到微信'
        : '请输入正确的支付宝账号（手机号或邮箱）',
    );
  if (!(await deps.realNameIs(userId, input.accountName)))
    throw new AppError(ErrorCode.BAD_PARAMS, '收款账户姓名与实名认证姓名不一致，无法发起提现');
  if (input.amount < config.minAmount)
    throw new AppError(ErrorCode.BAD_PARAMS, `单笔提现金额不能低于${formatPriceFen(config.minAmount)}`);
  if (input.amount > config.maxAmount)
    throw new AppError(ErrorCode.BAD_PARAMS, `单笔提现金额不能高于${formatPriceFen(config.maxAmount)}`);
  const fee = withdrawalFee(input.amount, config);
  if (fee >= input.amount) throw new AppError(ErrorCode.BAD_PARAMS, '提现金额不足以支付手续费');
  const today = new Date(now - ((now + 8 * 3_600_000) % 86_400_000));
  // The pin in its own transaction (a wrong try counts even though nothing else happens), then the hold.
  if (deps.security) {
    await deps.security.requirePayPassword(userId, input.payPassword);
    const heldUntil = await deps.security.withdrawalHeldUntil(userId);
    if (heldUntil) throw new AppError(ErrorCode.BAD_PARAMS, heldMessage(heldUntil));
  }
  return deps.db.transaction().execute(async (trx) => {
    // The day's count and the new request under one lock per user: concurrent requests count in turn.
    await lockKey(trx, 'withdrawal:user', userId);
    // The account held open while the request is written (a closing account waits, then sees it).
    await holdOpenAccount(trx, userId);
    if (await withdrawalHoldOf(trx, userId)) throw new AppError(ErrorCode.BAD_PARAMS, HELD_BY_STAFF);
    const sofar = await withdrawalDb(trx)
      .selectFrom('withdrawals')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount_fen').as('fen')])
      .where('user_id', '=', userId)
      .where('created_at', '>=', today)
      .where('status', 'not in', ['cancelled', 'refused'])
      .executeTakeFirstOrThrow();
    if (Number(sofar.n) >= config.dailyCount)
      throw new AppError(ErrorCode.BAD_PARAMS, `每天最多提现${config.dailyCount}次`);
    const dailyAmount = config.dailyAmount ?? Number.POSITIVE_INFINITY;
    if (Number(sofar.fen ?? 0) + input.amount > dailyAmount)
      throw new AppError(
        ErrorCode.BAD_PARAMS,
        `每天最多提现${formatPriceFen(dailyAmount)}，今日还可提现${formatPriceFen(Math.max(0, dailyAmount - Number(sofar.fen ?? 0)))}`,
      );
    const paidBefore = await withdrawalDb(trx)
      .selectFrom('withdrawals')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'paid')
      .limit(1)
      .executeTakeFirst();
    const needsStaff =
      (deps.reviewFirst === true && !paidBefore) || input.amount > (config.reviewAbove ?? Number.POSITIVE_INFINITY);
    // Another account than the last one paid to: the payout account changed (a security change), and
    // this payout waits out the hold, cancellable meanwhile, as every other withdrawal is refused then.
    const lastAccount = deps.security ? await lastPaidAccount(trx, deps.pii, userId) : null;
    const accountChanged = lastAccount !== null && lastAccount !== accountNo;
    if (accountChanged) await deps.security?.recordSecurityChange(trx, userId, 'payoutAccountChanged');
    const reviewAfter = now + (accountChanged ? SECURITY_HOLD_HOURS * 3600 : deps.reviewSeconds) * 1000;
    const row = await withdrawalDb(trx)
      .insertInto('withdrawals')
      .values({
        user_id: userId,
        amount_fen: input.amount,
        fee_fen: fee,
        account_type: accountType,
        account_no_sealed: deps.pii.seal(accountNo),
        account_no_masked: accountType === 'wechat' ? '微信零钱' : maskAccount(accountNo),
        account_name_sealed: deps.pii.seal(input.accountName),
        account_name_masked: maskName(input.accountName),
        status: needsStaff ? 'in_review' : 'reviewing',
        provider: payout.name,
        out_biz_no: newOutBizNo(now),
        review_after: new Date(reviewAfter),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const k = keys(row.id);
    const reserve = (key: string, credit: typeof Accounts.fees, amount: number, code: string) =>
      transfer(trx, { key, debit: Accounts.userAvailable(userId), credit, amount, code, pending: { timeoutAt: null } });
    try {
      await reserve(k.out, Accounts.payout(payout.name), input.amount - fee, 'withdrawal');
      if (fee > 0) await reserve(k.fee, Accounts.fees, fee, 'withdrawal_fee');
    } catch (error) {
      if (error instanceof LedgerError && error.reason === 'INSUFFICIENT_FUNDS')
        throw new AppError(ErrorCode.BAD_PARAMS, '可提现余额不足');
      throw error;
    }
    return row;
  });
}

/** Where the user can withdraw to now: each open channel; WeChat only with a WeChat bound. */
export async function accountTypesOf(deps: WithdrawalDeps, userId: number): Promise<WithdrawalAccountType[]> {
  const types: WithdrawalAccountType[] = [];
  if (openChannel(deps, 'alipay')) types.push('alipay');
  if (openChannel(deps, 'wechat') && (await deps.wechatPayeeOf?.(userId))) types.push('wechat');
  return types;
}

/** The channel of an account type when it takes requests, else null. */
function openChannel(deps: WithdrawalDeps, type: WithdrawalAccountType): PayoutProvider | null {
  const payout = deps.payouts.of(type);
  return payout && payout.available !== false ? payout : null;
}

/** The account the user's last paid withdrawal went to, or null before the first. */
async function lastPaidAccount(db: DbHandle, pii: PiiCipher, userId: number): Promise<string | null> {
  const row = await withdrawalDb(db)
    .selectFrom('withdrawals')
    .select('account_no_sealed')
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? pii.open(row.account_no_sealed) : null;
}

/** Whether the user has a withdrawal not yet at an end (money reserved for it). */
export async function hasPendingWithdrawal(db: Db, userId: number): Promise<boolean> {
  return hasAny(
    withdrawalDb(db)
      .selectFrom('withdrawals')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', OPEN_STATUSES),
  );
}

async function ownRow(db: Db, userId: number, id: string): Promise<Row> {
  const row = await withdrawalDb(db)
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', Number(id))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '提现记录不存在');
  return row;
}

export { ownRow as withdrawalOf };

export type FinalStatus = 'paid' | 'cancelled' | 'failed' | 'refused';

/**
 * Ends a request and resolves its reservations the same way (posted when paid, voided — the money
 * back on the balance — otherwise), in one transaction, once: only the caller that moves the row
 * from `from` resolves them.
 */
export async function finishWithdrawal(
  deps: WithdrawalDeps,
  row: Row,
  from: Row['status'],
  to: FinalStatus,
  extra: {
    reason?: string;
    providerRef?: string;
    reviewedBy?: number;
    /** Written in the same transaction once the row moved (a staff decision's audit). */
    also?: (trx: DbHandle) => Promise<void>;
  } = {},
): Promise<boolean> {
  if (!canTransition(from, to)) return false;
  const done = await deps.db.transaction().execute(async (trx) => {
    const moved = await withdrawalDb(trx)
      .updateTable('withdrawals')
      .set({
        status: to,
        reason: extra.reason ?? '',
        provider_ref: extra.providerRef ?? row.provider_ref,
        finished_at: new Date((deps.now ?? Date.now)()),
        updated_at: new Date(),
        package_info: null,
        ...(extra.reviewedBy ? { reviewed_by: extra.reviewedBy } : {}),
      })
      .where('id', '=', row.id)
      .where('status', '=', from)
      .returning('id')
      .executeTakeFirst();
    if (!moved) return false;
    const k = keys(row.id);
    const action = to === 'paid' ? 'post' : 'void';
    await resolvePending(trx, { key: `${k.out}:${action}`, pendingKey: k.out, action });
    if (Number(row.fee_fen) > 0) await resolvePending(trx, { key: `${k.fee}:${action}`, pendingKey: k.fee, action });
    await extra.also?.(trx);
    return true;
  });
  // The user cancelling needs no telling; a payout made, failed or refused does.
  if (done && to !== 'cancelled')
    await deps.notify?.(row.user_id, to === 'paid' ? 'withdrawalPaid' : 'withdrawalRefused', Number(row.amount_fen));
  return done;
}

export async function cancelWithdrawal(deps: WithdrawalDeps, userId: number, id: string): Promise<Row> {
  const row = await ownRow(deps.db, userId, id);
  const cancellable = row.status === 'reviewing' || row.status === 'in_review';
  if (!cancellable || !(await finishWithdrawal(deps, row, row.status, 'cancelled', { reason: '用户取消' })))
    throw new AppError(ErrorCode.BAD_PARAMS, '提现已进入打款流程，无法取消');
  return ownRow(deps.db, userId, id);
}
