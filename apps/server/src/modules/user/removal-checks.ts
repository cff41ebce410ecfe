import { formatPriceFen } from '@app/protocol/format';
import type { Db } from '../../platform/db/database';
import type { RemovalCheck } from './user.service';

/**
 * What the other modules answer about a user, each through its own service (this module reads
 * none of their tables): app.ts passes them in.
 */
export interface RemovalFacts {
  /** wallet: the user's ledger account (available and incoming, in fen). */
  balances: (db: Db, userId: number) => Promise<{ available: number; incoming: number }>;
  /** orders: an order as buyer or seller in a status it can still leave. */
  hasOpenOrders: (db: Db, userId: number) => Promise<boolean>;
  /** consignment: a listing that still holds something in the game. */
  hasActiveListings: (db: Db, userId: number) => Promise<boolean>;
  /** bargain: an offer waiting for the seller, as buyer or seller. */
  hasLiveOffers: (db: Db, userId: number) => Promise<boolean>;
  /** withdrawal: a request in review or being paid out. */
  hasPendingWithdrawal: (db: Db, userId: number) => Promise<boolean>;
  /** deposits: a deposit (保证金) unpaid or held, as buyer or seller. */
  hasLiveDeposits: (db: Db, userId: number) => Promise<boolean>;
}

/** The reasons an account cannot close, in the order the user should clear them. */
export function accountRemovalChecks(facts: RemovalFacts): RemovalCheck[] {
  const when =
    (fact: (db: Db, userId: number) => Promise<boolean>, reason: string): RemovalCheck =>
    async (userId, db) =>
      (await fact(db, userId)) ? reason : null;
  return [
    async (userId, db) => {
      const { available } = await facts.balances(db, userId);
      return available > 0 ? `您的账户还有余额 ${formatPriceFen(available)}，请先提现后再注销` : null;
    },
    async (userId, db) => {
      const { incoming } = await facts.balances(db, userId);
      return incoming > 0 ? `您有待入账的金额 ${formatPriceFen(incoming)}，请入账并提现后再注销` : null;
    },
    when(facts.hasOpenOrders, '您有进行中的订单，请完成或取消后再注销'),
    when(facts.hasActiveListings, '您有寄售中的商品，请下架并取回后再注销'),
    when(facts.hasLiveOffers, '您有进行中的还价或出价，请撤回或处理后再注销'),
    when(facts.hasLiveDeposits, '您有冻结中的保证金，请等待还价、出价或竞拍结束后再注销'),
    when(facts.hasPendingWithdrawal, '您有处理中的提现，请等待到账后再注销'),
  ];
}
