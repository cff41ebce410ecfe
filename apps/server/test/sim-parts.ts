import { bidPayable } from '../src/modules/bid-book/bid-payable';
import { brokerPayable } from '../src/modules/broker/broker-payable';
import { DepositKeepers } from '../src/modules/deposits/deposit.service';
import { depositPayable } from '../src/modules/deposits/deposit-payable';
import type { GameGateway } from '../src/modules/games/game-gateway';
import { orderPayable } from '../src/modules/orders/order-payable';
import type { PayGateway, RefundInput, RefundOutcome, RefundQuery } from '../src/modules/payments/pay-gateway';
import { Payables } from '../src/modules/payments/payable';
import { testDb } from './helpers';

/** CI=1 (set by .ci/run) or CI=true, as scripts/test.mjs reads it. */
const inCi = process.env.CI === '1' || process.env.CI === 'true';

/**
 * How many random sequences a model-based simulation runs (decision 0018): its everyday size in
 * `npm run test:fast` and in CI's PGlite leg, its CI size in CI on PostgreSQL, where the races are
 * real (PGlite runs one query at a time, so more sequences there find nothing PostgreSQL's would
 * not). The variable `env` names, when set, wins either way: a failing seed replays at any size.
 */
export function simRuns(size: { env: string; everyday: number; ci: number }): number {
  const asked = process.env[size.env];
  if (asked !== undefined && asked !== '') return Number(asked);
  return inCi && testDb === 'postgres' ? size.ci : size.everyday;
}

/**
 * What a simulation's cashier pays: the four purposes as app.ts registers them, telling no one once
 * paid (a simulation never shows a cashier, so the broker's view has no game to check receipts with).
 */
export function simPayables(keepers = new DepositKeepers()): Payables {
  const payables = new Payables();
  payables.register(orderPayable(() => {}));
  payables.register(depositPayable(keepers));
  payables.register(brokerPayable(() => {}, { gateway: {} as GameGateway }));
  payables.register(bidPayable);
  return payables;
}

/** The game side of a simulation: every account has one online role on server s1, named after it. */
export function simRoles(): Pick<GameGateway, 'roles'> {
  return {
    roles: async (_g: string, accountId: string) => ({
      roles: [
        {
          id: `role-${accountId}`,
          accountId,
          serverId: 's1',
          name: '模拟',
          roleClass: '战士',
          jobId: 1,
          level: 50,
          power: 1,
          createdAt: 0,
          recharge: 0,
          online: true,
          locked: false,
        },
      ],
    }),
  } as Pick<GameGateway, 'roles'>;
}

/** How a simulated gateway answers the next refunds: done, refused, or done with the answer lost (unknown until asked). */
export type SimRefundMode = 'succeed' | 'refuse' | 'unknown';

/**
 * A third-party gateway of a simulation: it opens a cashier and never notifies by itself (the
 * simulation does). It refunds one number once, as `mode` says when the number first arrives;
 * `refundedFen` is what it paid back.
 */
export function simPayGateway(name: string): PayGateway & { mode: SimRefundMode; refundedFen: () => number } {
  const refunds = new Map<string, { ok: boolean; amountFen: number }>();
  const outcome = (r: { ok: boolean }): RefundOutcome =>
    r.ok
      ? { state: 'succeeded', providerRefundNo: null }
      : { state: 'refused', code: 'SIM_REFUSED', reason: '模拟网关拒绝退款' };
  const gateway = {
    name,
    mode: 'succeed' as SimRefundMode,
    create: async (i: { tradeNo: string }) => ({ payUrl: `/${name}/${i.tradeNo}`, qrCode: null }),
    verify: async () => null,
    ack: (ok: boolean) => ({ status: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' }),
    async refund(input: RefundInput): Promise<RefundOutcome> {
      const known = refunds.get(input.refundNo);
      if (known) return outcome(known);
      const entry = { ok: gateway.mode !== 'refuse', amountFen: input.amountFen };
      refunds.set(input.refundNo, entry);
      return gateway.mode === 'unknown' ? { state: 'unknown', reason: 'sim: answer lost' } : outcome(entry);
    },
    async queryRefund(input: { refundNo: string }): Promise<RefundQuery> {
      const known = refunds.get(input.refundNo);
      return known ? outcome(known) : { state: 'absent' };
    },
    refundedFen: () => [...refunds.values()].reduce((n, r) => n + (r.ok ? r.amountFen : 0), 0),
  };
  return gateway;
}
