import { randomBytes } from 'node:crypto';

/** Pays money out to a user's account (a real provider's SDK behind the same interface). */
export interface PayoutProvider {
  readonly name: string;
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
