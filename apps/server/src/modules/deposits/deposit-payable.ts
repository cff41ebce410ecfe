import { ErrorCode } from '@app/protocol/errors';
import { AppError } from '../../platform/errors';
import type { Payable } from '../payments/payable';
import { type DepositKeepers, depositById, depositIdOfBizNo, holdPaidDeposit, lockDeposit } from './deposit.service';

/**
 * A deposit (保证金, docs/decisions/0021-deposits.md) as the payments module pays it (purpose
 * 'deposit', bizNo 'D<id>', trade numbers 'D…'; docs/decisions/0043-payable-purpose.md): the money
 * lands on the buyer's balance and is held there if the deposit still waits and its purpose's keeper
 * keeps it; otherwise it stays on the balance (a late payment is never lost).
 */
export function depositPayable(keepers: DepositKeepers): Payable {
  return {
    purpose: 'deposit',
    tradePrefix: 'D',
    landing: { to: 'balance', code: 'deposit_payment', lateNote: '保证金无需支付或已退回，款项已在余额中' },
    refOf: depositIdOfBizNo,
    async owed(db, userId, ref, now) {
      const row = await depositById(db, ref);
      if (!row || row.user_id !== userId) throw new AppError(ErrorCode.BAD_PARAMS, '保证金不存在');
      if (row.status !== 'unpaid') throw new AppError(ErrorCode.BAD_PARAMS, '保证金已支付或已关闭');
      if (row.pay_by.getTime() <= now) throw new AppError(ErrorCode.BAD_PARAMS, '保证金支付已超时，请重新发起');
      return { ref: row.id, total: Number(row.amount_fen), title: `保证金-${row.title}` };
    },
    async lock(trx, owed) {
      if ((await lockDeposit(trx, owed.ref)).status !== 'unpaid')
        throw new AppError(ErrorCode.BAD_PARAMS, '保证金已支付或已关闭');
    },
    async paid(trx, ref, at) {
      const held = await holdPaidDeposit(trx, keepers, ref, at.now);
      return held.afterCommit ? { paid: held.held, afterCommit: held.afterCommit } : { paid: held.held };
    },
  };
}
