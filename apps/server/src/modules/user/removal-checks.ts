import { formatPriceFen } from '@app/protocol/format';
import type { Db } from '../../platform/db/database';
import { userBalances } from '../ledger/ledger';

/**
 * Why the user cannot close the account now, in words (null when nothing of this kind stands in
 * the way). It reads through the handle it is given: the removal asks again inside its
 * transaction, under the lock of the user's row.
 */
export type RemovalReason = (db: Db, userId: number) => Promise<string | null>;

export interface RemovalCheck {
  /** The module that holds what the check looks at (its folder under modules/). */
  module: string;
  reason: RemovalReason;
}

/**
 * The account-removal port: every module that can hold a user's money or goods registers its own
 * check here at composition (its entry, `<module>Module`), the way the deposit keepers register.
 * An account closes only when no check answers a reason. The reasons come in the order the
 * modules were composed.
 */
/**
 * What a module ends of a closing account once no check refused, in the removal's transaction
 * (the user's row locked for update): a payment still open at a gateway is closed, so what lands
 * for it later is owed back through its channel.
 */
export type RemovalCloser = (trx: Db, userId: number) => Promise<void>;

export class RemovalChecks {
  private readonly checks: RemovalCheck[] = [];
  private readonly closers: Array<{ module: string; close: RemovalCloser }> = [];

  register(module: string, reason: RemovalReason): void {
    this.checks.push({ module, reason });
  }

  /** A module's part of the closing itself (runs after every check passed). */
  onClose(module: string, close: RemovalCloser): void {
    this.closers.push({ module, close });
  }

  /** Runs every module's closer, in their order, in the removal's transaction. */
  async close(trx: Db, userId: number): Promise<void> {
    for (const closer of this.closers) await closer.close(trx, userId);
  }

  /** The modules that registered a check (each once). */
  modules(): string[] {
    return [...new Set(this.checks.map((c) => c.module))];
  }

  /** Every reason the checks give, in their order. */
  async reasons(db: Db, userId: number): Promise<string[]> {
    const reasons: string[] = [];
    for (const check of this.checks) {
      const reason = await check.reason(db, userId);
      if (reason) reasons.push(reason);
    }
    return reasons;
  }
}

/**
 * The wallet's check, the ledger's money (available and incoming): the user module registers it for
 * the ledger, which has no entry of its own (and the user module shows the wallet).
 */
export function registerWalletChecks(checks: RemovalChecks): void {
  checks.register('ledger', async (db, userId) => {
    const { available } = await userBalances(db, userId);
    return available > 0 ? `您的账户还有余额 ${formatPriceFen(available)}，请先提现后再注销` : null;
  });
  checks.register('ledger', async (db, userId) => {
    const { incoming } = await userBalances(db, userId);
    return incoming > 0 ? `您有待入账的金额 ${formatPriceFen(incoming)}，请入账并提现后再注销` : null;
  });
}

/** A check of one fact: while it holds, `reason` refuses. */
export const refuseWhile =
  (fact: (db: Db, userId: number) => Promise<boolean>, reason: string): RemovalReason =>
  async (db, userId) =>
    (await fact(db, userId)) ? reason : null;
