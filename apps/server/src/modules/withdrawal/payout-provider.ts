import { randomBytes } from 'node:crypto';

/** What a provider says of one transfer. `unknown`: no trustworthy answer (timeout, garbage, system error). */
export type PayoutOutcome =
  | { state: 'paid'; ref: string }
  | { state: 'refused'; code: string; reason: string }
  | { state: 'pending'; ref: string | null }
  | { state: 'confirming'; ref: string; packageInfo: string }
  | { state: 'unknown'; reason: string };

/** A query's answer: the transfer's outcome, or `absent` when the provider has no record of the number. */
export type PayoutQuery = PayoutOutcome | { state: 'absent' };

export interface PayoutRequest {
  /** Our number of the transfer: the same on every retry, so the provider never pays it twice. */
  outBizNo: string;
  accountNo: string;
  /** The payee's full real name: the provider checks it against the account. */
  accountName: string;
  amountFen: number;
  remark: string;
}

/** One transfer of the provider's records (reconciliation). */
export interface ProviderRecord {
  outBizNo: string;
  amountFen: number;
  state: 'paid' | 'refused' | 'pending';
}

/** Pays money out to a user's account (a real provider's SDK or API behind the same interface). */
export interface PayoutProvider {
  readonly name: string;
  /** false: no payout channel exists, so no request is taken (the money would wait for nothing). */
  readonly available?: boolean;
  /** What WeChat's 确认收款 needs on the client, for a provider that asks the payee. */
  readonly confirmWith?: { mchId: string; appId: string };
  pay(input: PayoutRequest): Promise<PayoutOutcome>;
  query(outBizNo: string): Promise<PayoutQuery>;
}

/**
 * The sandbox payout provider of the embedded default: pays every account except numbers ending
 * in 0000, which it refuses as a real provider refuses an unknown account, and leaves numbers
 * ending in 9999 unknown until asked (then paid). Repeats answer the same.
 */
export function createSandboxPayout(): PayoutProvider & { records(): ProviderRecord[] } {
  const done = new Map<string, { outcome: PayoutOutcome; amountFen: number }>();
  return {
    name: 'sandbox',
    async pay(input) {
      const known = done.get(input.outBizNo);
      if (known) return known.outcome;
      const ref = `PAYOUT${Date.now()}${randomBytes(3).toString('hex')}`;
      const outcome: PayoutOutcome = /0000$/.test(input.accountNo)
        ? { state: 'refused', code: 'PAYEE_NOT_EXIST', reason: '收款账户不存在或已冻结' }
        : { state: 'paid', ref };
      done.set(input.outBizNo, { outcome, amountFen: input.amountFen });
      return /9999$/.test(input.accountNo) ? { state: 'unknown', reason: 'sandbox: no answer' } : outcome;
    },
    async query(outBizNo) {
      return done.get(outBizNo)?.outcome ?? { state: 'absent' };
    },
    records: () =>
      [...done].map(([outBizNo, { outcome, amountFen }]) => ({
        outBizNo,
        amountFen,
        state: outcome.state === 'paid' ? 'paid' : outcome.state === 'refused' ? 'refused' : 'pending',
      })),
  };
}

/**
 * Production without a payout channel configured: the sandbox never pays real money, so it never
 * runs there, and withdrawal requests are refused with a clear message instead of being reserved
 * for a payout that cannot happen. Balances stay spendable and intact.
 */
export function createUnavailablePayout(): PayoutProvider {
  return {
    name: 'unavailable',
    available: false,
    async pay() {
      return { state: 'refused', code: 'UNAVAILABLE', reason: '提现通道暂未开通' };
    },
    async query() {
      return { state: 'absent' };
    },
  };
}
