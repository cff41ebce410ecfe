import type { PayableView } from '@app/protocol/calls/pay';
import { ErrorCode } from '@app/protocol/errors';
import { AppError } from '../../platform/errors';
import type { Payable } from '../payments/payable';
import {
  type DepositKeepers,
  type DepositPurpose,
  depositBizNo,
  depositById,
  depositIdOfBizNo,
  holdPaidDeposit,
  lockDeposit,
} from './deposit.service';

/**
 * A deposit (保证金, docs/decisions/0021-deposits.md) as the payments module pays it (purpose
 * 'deposit', bizNo 'D<id>', trade numbers 'D…'; docs/decisions/0043-payable-purpose.md): the money
 * lands on the buyer's balance and is held there if the deposit still waits and its purpose's keeper
 * keeps it; otherwise it stays on the balance (a late payment is never lost).
 */
/** What the deposit is for, in the cashier's words. */
const purposeLabel: Record<DepositPurpose, string> = {
  bargain: '还价保证金',
  offer: '出价保证金',
  auction: '竞拍保证金',
};

const SELLER_DECIDES =
  '卖家拒绝、超时未处理或您撤回时，保证金原路退还；卖家同意后付款时抵扣货款；同意后未按时付款或取消订单将扣除保证金，其中部分赔付卖家。';

/** What becomes of the deposit, one line per purpose. */
const ruleLine: Record<DepositPurpose, string> = {
  bargain: SELLER_DECIDES,
  offer: SELLER_DECIDES,
  auction: '未中标时保证金原路退还；中标后付款时抵扣货款；中标后未按时付款将扣除保证金，其中部分赔付卖家。',
};

export function depositPayable(keepers: DepositKeepers): Payable {
  return {
    purpose: 'deposit',
    tradePrefix: 'D',
    landing: { to: 'balance', code: 'deposit_payment', lateNote: '保证金无需支付或已退回，款项已在余额中' },
    refOf: depositIdOfBizNo,
    async describe(db, userId, ref): Promise<PayableView> {
      const row = await depositById(db, ref);
      if (!row || row.user_id !== userId) throw new AppError(ErrorCode.BAD_PARAMS, '保证金不存在');
      const label = purposeLabel[row.purpose];
      return {
        bizNo: depositBizNo(row.id),
        purpose: 'deposit',
        open: row.status === 'unpaid',
        title: '支付保证金',
        heading: label,
        amount: Number(row.amount_fen),
        payBy: Math.floor(row.pay_by.getTime() / 1000),
        deadlineNote: '超时未支付将自动关闭',
        expiredNote: '支付已超时，请重新发起',
        goods: { title: row.title, subtitle: label, image: null },
        lines: [],
        totalLabel: '保证金',
        note: ruleLine[row.purpose],
        // The auction's page for a bid's deposit, the proposals made for 还价 / 出价.
        next:
          row.purpose === 'auction' ? { page: 'auction', id: String(row.commodity_id) } : { page: 'offers', id: '' },
        paidToast: '保证金支付成功',
        coupon: null,
      };
    },
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
