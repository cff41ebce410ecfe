import { type Deposit, depositDetail, depositStateLabel } from '@app/protocol/calls/deposit';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { type RemovalChecks, refuseWhile } from '../user/removal-checks';
import {
  type DepositRow,
  depositBizNo,
  depositById,
  depositIdOfBizNo,
  hasLiveDeposits,
  sellerCompensation,
} from './deposit.service';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function toDeposit(row: DepositRow, compensation = 0): Deposit {
  return {
    bizNo: depositBizNo(row.id),
    amount: Number(row.amount_fen),
    title: row.title,
    purpose: row.purpose,
    refId: String(row.ref_id),
    commodityId: String(row.commodity_id),
    status: row.status,
    statusLabel: depositStateLabel[row.status],
    payBy: seconds(row.pay_by),
    compensation,
    createTime: seconds(row.created_at),
  };
}

/** Deposits (保证金): what the cashier reads of one; the bargain and auction modules make and resolve them. */
export function depositsModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    /** A deposit held (paid, not resolved) keeps the account open (registered here). */
    removal: RemovalChecks;
  },
): void {
  const { platform } = deps;
  deps.removal.register(
    'deposits',
    refuseWhile(hasLiveDeposits, '您有冻结中的保证金，请等待还价、出价或竞拍结束后再注销'),
  );
  registerCall(app, platform, depositDetail, async (input, ctx) => {
    const id = depositIdOfBizNo(input.bizNo);
    const row = id === null ? undefined : await depositById(platform.db, id);
    if (!row || row.user_id !== ctx.user.userId) throw new AppError(ErrorCode.BAD_PARAMS, '保证金不存在');
    return toDeposit(row, await sellerCompensation(platform.db, row));
  });
}
