import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { bidPayable } from '../src/modules/bid-book/bid-payable';
import { brokerPayable } from '../src/modules/broker/broker-payable';
import { DepositKeepers } from '../src/modules/deposits/deposit.service';
import { depositPayable } from '../src/modules/deposits/deposit-payable';
import type { GameGateway } from '../src/modules/games/game-gateway';
import { orderPayable } from '../src/modules/orders/order-payable';
import type { PayGateway, RefundInput, RefundOutcome, RefundQuery } from '../src/modules/payments/pay-gateway';
import { Payables } from '../src/modules/payments/payable';
import { testDb } from './helpers';

/**
 * A simulation's coin lot of 传奇 (s1, 10 000 金币) on sale by its seller's account seller-sim /
 * seller-role, fee 5 %, a plain sale (sale_type 0): a row for insertInto('commodities'), the
 * simulation spreading what it varies over it.
 */
export const simCoinListing = (title: string, price: number, sellerUserId: number) => ({
  type: 2,
  title,
  application_id: 'demo-legend',
  game_name: '传奇·演示',
  server_id: 's1',
  server_name: '龙腾一区',
  master_server_id: 'm1',
  role_name: null,
  role_class_name: null,
  role_level: null,
  coin_type_name: '金币',
  coin_type: 2,
  coin_num: 10_000,
  first_img: '',
  price_fen: price,
  fee_fen: Math.round(price * 0.05),
  sale_type: 0,
  auction_enable: 0,
  status: ListingStatus.ON_SALE,
  seller_user_id: sellerUserId,
  game_account_id: 'seller-sim',
  game_role_id: 'seller-role',
});

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
