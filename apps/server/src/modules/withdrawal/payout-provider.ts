import { randomBytes } from 'node:crypto';

/** Pays money out to a user's account (a real provider's SDK behind the same interface). */
export interface PayoutProvider {
  readonly name: string;
  /** false: no payout channel exists, so no request is taken (the money would wait for nothing). */
  readonly available?: boolean;
  pay(input: {
    requestId: string;
    accountNo: string;
    accountName: string;
    amountFen: number;
  }): Promise<{ ok: true; ref: string } | { ok: false; reason: string }>;
}

/**
 * The sandbox payout provider of the embedded default: pays every account except numbers ending
 * in 0000, which it refuses as a real provider refuses an unknown account. Repeats answer the same.
 */
export function createSandboxPayout(): PayoutProvider {
  const done = new Map<string, { ok: true; ref: string } | { ok: false; reason: string }>();
  return {
    name: 'sandbox',
    async pay(input) {
      const known = done.get(input.requestId);
      if (known) return known;
      const result = /0000$/.test(input.accountNo)
        ? ({ ok: false, reason: '收款账户不存在或已冻结' } as const)
        : ({ ok: true, ref: `PAYOUT${Date.now()}${randomBytes(3).toString('hex')}` } as const);
      done.set(input.requestId, result);
      return result;
    },
  };
}

/**
 * Production until a real payout channel is integrated: the sandbox never pays real money, so it
 * never runs there, and withdrawal requests are refused with a clear message instead of being
 * reserved for a payout that cannot happen. Balances stay spendable and intact.
 */
export function createUnavailablePayout(): PayoutProvider {
  return {
    name: 'unavailable',
    available: false,
    async pay() {
      return { ok: false, reason: '提现通道暂未开通' };
    },
  };
}
