import { PartnerRefusal } from '@app/game-partner/partner-errors';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { agreeOffer, createOffer, endOffer, offerKeeper } from '../src/modules/bargain/offer.service';
import { sweepOffers } from '../src/modules/bargain/offer-moves';
import { DepositKeepers } from '../src/modules/deposits/deposit.service';
import type { GameGateway } from '../src/modules/games/game-gateway';
import { Accounts, balanceOf, transfer } from '../src/modules/ledger/ledger';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { resolveRefusedReceipt } from '../src/modules/orders/customer-service';
import { confirmReceipt, deliverOrder, rejectReceipt, sweepDeliveries } from '../src/modules/orders/delivery.service';
import { cancelOrder, expireUnpaidOrders, placeOrder } from '../src/modules/orders/order.service';
import { payWithBalance, startPayment } from '../src/modules/payments/payment.service';
import { applyNotice } from '../src/modules/payments/payment-notice';
import { checkRefundsInTransit, originRefunds, sweepRefunds } from '../src/modules/payments/refunds';
import { payoutChannels } from '../src/modules/withdrawal/payout-channel';
import { createSandboxPayout } from '../src/modules/withdrawal/payout-provider';
import { cancelWithdrawal, requestWithdrawal } from '../src/modules/withdrawal/withdrawal.service';
import { sweepWithdrawals } from '../src/modules/withdrawal/withdrawal-payout';
import { createPiiCipher } from '../src/platform/crypto/pii';
import { useTestApp } from './helpers';
import { type SimRefundMode, simCoinListing, simPayables, simPayGateway, simRoles, simRuns } from './sim-parts';

/**
 * A model-based simulation of the money (issue 7): random sequences of orders, payments (third
 * party, balance, combined), duplicate, late and wrong-amount notifications, cancellations,
 * timeouts, deliveries (and refused ones), confirmations, settlements, top-ups and withdrawals,
 * 还价 with deposits (paid through the gateway or the balance, late, withdrawn, refused, agreed,
 * withdrawn by the seller, lapsed, defaulted: every status path), refused receipts and customer
 * service's refunds and confirmations (with the game's reclaim done, refused or its answer lost).
 * After every step: the books balance; the escrow holds exactly what paid, unsettled orders hold
 * (with the deposits applied to them), and the deposits held are exactly the pending holds;
 * the third-party gateway let in exactly what was accepted; a listing has at most one live order
 * and is 出售中 exactly while it has one; refunds of gateway money go back to the gateway (done,
 * refused → the balance, or answered unknown → settled by the sweep's query), the money in refund
 * transit is always the open refunds', and in the end the gateway paid back what the books say. A failure prints its seed and path (fast-check).
 * SIM_RUNS sets the number of sequences (40 in the everyday loop and on PGlite, 200 on PostgreSQL in CI).
 */
const RUNS = simRuns({ env: 'SIM_RUNS', everyday: 40, ci: 200 });

const t = useTestApp({ DEMO_GAME: '1' });

type Op =
  | { k: 'place'; buyer: number; listing: number }
  | { k: 'pay'; order: number; combined: boolean }
  | { k: 'notify'; payment: number; wrongAmount: boolean }
  | { k: 'balancePay'; order: number }
  | { k: 'cancel'; order: number }
  | { k: 'tick'; minutes: number }
  | { k: 'deliver'; order: number; refuse: boolean }
  | { k: 'confirm'; order: number }
  | { k: 'topup'; user: number; amount: number }
  | { k: 'withdraw'; user: number; amount: number }
  | { k: 'cancelWithdrawal'; which: number }
  | { k: 'offer'; buyer: number; listing: number; agree: boolean }
  | { k: 'bargain'; buyer: number; listing: number; percent: number }
  | { k: 'payDeposit'; which: number; how: 'gateway' | 'balance' | 'combined' }
  | { k: 'answer'; which: number; how: 'agree' | 'refuse' | 'withdraw' | 'sellerCancel' }
  | { k: 'reject'; order: number }
  | { k: 'dispute'; buyer: number; listing: number }
  | { k: 'resolve'; order: number; refund: boolean; game: 'ok' | 'refused' | 'lost' }
  | { k: 'refundMode'; mode: SimRefundMode }
  | {
      k: 'gatewayPurchase';
      buyer: number;
      listing: number;
      combined: boolean;
      after: 'refused' | 'rejected';
      answer: SimRefundMode;
    };

const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ k: fc.constant('place' as const), buyer: fc.nat(2), listing: fc.nat(3) }), weight: 4 },
  { arbitrary: fc.record({ k: fc.constant('pay' as const), order: fc.nat(), combined: fc.boolean() }), weight: 3 },
  {
    arbitrary: fc.record({ k: fc.constant('notify' as const), payment: fc.nat(), wrongAmount: fc.boolean() }),
    weight: 4,
  },
  { arbitrary: fc.record({ k: fc.constant('balancePay' as const), order: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('cancel' as const), order: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('tick' as const), minutes: fc.constantFrom(5, 20, 60 * 30) }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('deliver' as const), order: fc.nat(), refuse: fc.boolean() }), weight: 3 },
  { arbitrary: fc.record({ k: fc.constant('confirm' as const), order: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      k: fc.constant('topup' as const),
      user: fc.nat(3),
      amount: fc.integer({ min: 100, max: 30_000 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      k: fc.constant('withdraw' as const),
      user: fc.nat(3),
      amount: fc.integer({ min: 1_000, max: 20_000 }),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ k: fc.constant('cancelWithdrawal' as const), which: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({
      k: fc.constant('offer' as const),
      buyer: fc.nat(2),
      listing: fc.nat(3),
      agree: fc.boolean(),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      k: fc.constant('bargain' as const),
      buyer: fc.nat(2),
      listing: fc.nat(3),
      percent: fc.constantFrom(60, 80, 95),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      k: fc.constant('payDeposit' as const),
      which: fc.nat(),
      how: fc.constantFrom('gateway' as const, 'balance' as const, 'combined' as const),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      k: fc.constant('answer' as const),
      which: fc.nat(),
      how: fc.constantFrom('agree' as const, 'refuse' as const, 'withdraw' as const, 'sellerCancel' as const),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ k: fc.constant('reject' as const), order: fc.nat() }), weight: 1 },
  // How the gateway answers the refunds from now on: done, refused (→ the balance), or its answer lost (→ the sweep's query).
  {
    arbitrary: fc.record({
      k: fc.constant('refundMode' as const),
      mode: fc.constantFrom('succeed' as const, 'refuse' as const, 'unknown' as const),
    }),
    weight: 2,
  },
  // A whole purchase paid through the gateway (all of it, or with a balance part), then refused by
  // the game (its money refunded at once) or refused by the buyer (customer service decides later).
  {
    arbitrary: fc.record({
      k: fc.constant('gatewayPurchase' as const),
      buyer: fc.nat(2),
      listing: fc.nat(3),
      combined: fc.boolean(),
      after: fc.constantFrom('refused' as const, 'rejected' as const),
      answer: fc.constantFrom('succeed' as const, 'refuse' as const, 'unknown' as const),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ k: fc.constant('dispute' as const), buyer: fc.nat(2), listing: fc.nat(3) }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      k: fc.constant('resolve' as const),
      order: fc.nat(),
      refund: fc.boolean(),
      game: fc.constantFrom('ok' as const, 'refused' as const, 'lost' as const),
    }),
    weight: 2,
  },
);

describe('the money, simulated', () => {
  it('keeps every invariant over random sequences of orders, payments, notifications, deliveries and withdrawals', async () => {
    const db = t.db;
    const clock = { now: Date.now() };
    const now = () => clock.now;
    // The game side, as the exchange sees it: a buyer role in the listings' group; transfers answer a receipt.
    let refuseNext = false;
    let reclaimAs: 'ok' | 'refused' | 'lost' = 'ok';
    const game: GameGateway = {
      ...t.app.gateway,
      ...simRoles(),
      transfer: async (_g: string, input: { listingId: string; buyerRoleId?: string }) => {
        if (refuseNext) throw new PartnerRefusal('SERVER_MISMATCH', '买家角色不在同一主服，无法交付');
        return {
          listingId: input.listingId,
          kind: 'coins',
          to: input.buyerRoleId ?? '',
          at: clock.now,
          repeated: false,
          signature: 'sim',
        };
      },
      // Customer service's reclaim: done, refused (nothing moved) or done with the answer lost.
      reclaim: async (_g: string, input: { listingId: string }) => {
        if (reclaimAs === 'refused') throw new PartnerRefusal('RECLAIM_IMPOSSIBLE', '买家已使用了物品，无法退回');
        if (reclaimAs === 'lost') throw new Error('connection reset');
        return { listingId: input.listingId, kind: 'coins', to: 'seller-role', at: clock.now, repeated: false };
      },
    } as GameGateway;
    const third = simPayGateway('sim');
    // 原路退回 through the simulated gateway: refunds of orders and late payments go back to it.
    const refundDeps = { db, gatewayOf: (name: string) => (name === 'sim' ? third : undefined), now };
    const refunds = originRefunds(refundDeps);
    const orderDeps = { db, gateway: game, now, refunds };
    const keepers = new DepositKeepers();
    keepers.register('bargain', offerKeeper(orderDeps));
    keepers.register('offer', offerKeeper(orderDeps));
    const payDeps = {
      db,
      gateways: { alipay: third, wechat: third },
      now,
      payables: simPayables(keepers),
      sendRefunds: refunds.send,
    };
    const wdDeps = {
      db,
      pii: createPiiCipher('11'.repeat(32)),
      payouts: payoutChannels({ alipay: createSandboxPayout() }),
      realNameIs: async () => true,
      hasAuthentication: async () => true,
      reviewSeconds: 60,
      now,
    };

    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        run++;
        // Fresh people and listings each run; the books are checked over everything so far.
        const users = await db
          .insertInto('users')
          .values(
            Array.from({ length: 4 }, (_, i) => ({
              uid: `9${String(run).padStart(5, '0')}${i}`,
              mobile: `158${String(run).padStart(6, '0')}${i}0`.slice(0, 11),
              nickname: `模拟${run}-${i}`,
              avatar: '',
              has_authentication: true,
            })),
          )
          .returning(['id', 'uid'])
          .execute();
        const seller = users[3]!;
        const listings = await db
          .insertInto('commodities')
          .values(
            [3_000, 8_000, 15_000, 40_000].map((price, i) => ({
              ...simCoinListing(`模拟金币${run}-${i}`, price, seller.id),
              bargain_allowed: true,
              // The dearest one refuses proposals below 90 % at once (54).
              bargain_floor_fen: i === 3 ? Math.round(price * 0.9) : null,
            })),
          )
          .returning(['id', 'price_fen as price'])
          .execute();
        const orders: number[] = [];
        const proposals: Array<{ id: number; buyer: number; bizNo: string; amount: number }> = [];
        const payments: Array<{ tradeNo: string; third: number }> = [];
        const withdrawals: Array<{ user: number; id: number }> = [];
        const accepted = new Set<string>();
        const done: Op[] = [];
        for (const o of ops) {
          done.push(o);
          const quiet = (p: Promise<unknown>) => p.catch((e: unknown) => e);
          /** Starts paying an order on `channel`, with as much balance as leaves 1 fen for it when `combined` (channel 5 then). */
          const startPaying = async (
            userId: number,
            orderId: number,
            total: number,
            channel: 1 | 4,
            combined: boolean,
          ) => {
            const balance = (await balanceOf(db, Accounts.userAvailable(userId))).available;
            const part = combined ? Math.min(balance, total - 1) : 0;
            const started = await quiet(
              startPayment(payDeps, {
                userId,
                orderId: String(orderId),
                channel: part > 0 ? 5 : channel,
                totalAmount: total,
                balancePart: part,
                thirdPart: total - part,
                returnUrl: '',
                kind: 'wap',
              }),
            );
            const tradeNo =
              started && typeof started === 'object' && 'tradeNo' in started
                ? (started as { tradeNo: string }).tradeNo
                : null;
            return { part, tradeNo };
          };
          const order = (i: number) => (orders.length ? orders[i % orders.length] : undefined);
          // One of this run's orders in a given status (the i-th, round), so rarer steps still meet one.
          const orderIn = async (status: number, i: number) => {
            if (!orders.length) return undefined;
            const rows = await db
              .selectFrom('orders')
              .select('id')
              .where('id', 'in', orders)
              .where('status', '=', status)
              .orderBy('id')
              .execute();
            return rows.length ? rows[i % rows.length]!.id : undefined;
          };
          if (o.k === 'place') {
            const b = users[o.buyer]!;
            const placed = await quiet(
              placeOrder(orderDeps, {
                buyer: { userId: b.id, uid: b.uid },
                commodityId: String(listings[o.listing]!.id),
                requestKey: `sim-${run}-${orders.length}`,
                player: { accountId: `acct-${b.uid}`, roleId: `role-acct-${b.uid}` },
              }),
            );
            if (
              placed &&
              typeof placed === 'object' &&
              'id' in placed &&
              !orders.includes((placed as { id: number }).id)
            )
              orders.push((placed as { id: number }).id);
          } else if (o.k === 'pay' && order(o.order)) {
            const row = await db
              .selectFrom('orders')
              .selectAll()
              .where('id', '=', order(o.order)!)
              .executeTakeFirstOrThrow();
            const total = Number(row.total_fen);
            const { part, tradeNo } = await startPaying(row.buyer_user_id, row.id, total, 1, o.combined);
            // The same request again answers the same trade: one payment, listed once.
            if (tradeNo && !payments.some((p) => p.tradeNo === tradeNo))
              payments.push({ tradeNo, third: total - part });
          } else if (o.k === 'notify' && payments.length) {
            const p = payments[o.payment % payments.length]!;
            const amount = o.wrongAmount ? p.third + 1 : p.third;
            const outcome = await applyNotice(payDeps, 'sim', {
              tradeNo: p.tradeNo,
              amountFen: amount,
              providerTradeNo: `X${p.tradeNo}`,
              outcome: 'paid',
            });
            if (o.wrongAmount) expect(outcome).toBe('refused');
            else if (accepted.has(p.tradeNo)) expect(outcome).toBe('repeat');
            else {
              expect(['paid', 'late-refunded']).toContain(outcome);
              accepted.add(p.tradeNo);
            }
          } else if (o.k === 'balancePay' && order(o.order)) {
            const row = await db
              .selectFrom('orders')
              .selectAll()
              .where('id', '=', order(o.order)!)
              .executeTakeFirstOrThrow();
            await quiet(
              payWithBalance(payDeps, {
                userId: row.buyer_user_id,
                orderId: String(row.id),
                totalAmount: Number(row.total_fen),
                balancePrice: Number(row.total_fen),
              }),
            );
          } else if (o.k === 'cancel' && order(o.order)) {
            const row = await db
              .selectFrom('orders')
              .select(['id', 'buyer_user_id'])
              .where('id', '=', order(o.order)!)
              .executeTakeFirstOrThrow();
            await quiet(cancelOrder(orderDeps, row.buyer_user_id, String(row.id)));
          } else if (o.k === 'tick') {
            clock.now += o.minutes * 60_000;
            await expireUnpaidOrders(orderDeps, clock.now);
            await sweepOffers(orderDeps, clock.now);
            await sweepDeliveries({ ...orderDeps, gateway: { ...game } as GameGateway }, clock.now);
            await sweepWithdrawals(wdDeps, clock.now);
            await sweepRefunds(refundDeps, clock.now);
          } else if (o.k === 'refundMode') {
            third.mode = o.mode;
          } else if (o.k === 'gatewayPurchase') {
            // How the gateway answers refunds from here on (this purchase's, and later ones).
            third.mode = o.answer;
            const b = users[o.buyer]!;
            const placed = await quiet(
              placeOrder(orderDeps, {
                buyer: { userId: b.id, uid: b.uid },
                commodityId: String(listings[o.listing]!.id),
                requestKey: `sim-gw-${run}-${done.length}`,
                player: { accountId: `acct-${b.uid}`, roleId: `role-acct-${b.uid}` },
              }),
            );
            if (placed && typeof placed === 'object' && 'id' in placed && 'total_fen' in placed) {
              const row = placed as { id: number; total_fen: number; status: number };
              if (!orders.includes(row.id)) orders.push(row.id);
              if (row.status === OrderStatus.AWAITING_PAYMENT) {
                const total = Number(row.total_fen);
                const { part, tradeNo } = await startPaying(b.id, row.id, total, 4, o.combined);
                if (tradeNo) {
                  if (!payments.some((p) => p.tradeNo === tradeNo)) payments.push({ tradeNo, third: total - part });
                  const outcome = await applyNotice(payDeps, 'sim', {
                    tradeNo,
                    amountFen: total - part,
                    providerTradeNo: `X${tradeNo}`,
                    outcome: 'paid',
                  });
                  if (outcome === 'paid' || outcome === 'late-refunded') accepted.add(tradeNo);
                  refuseNext = o.after === 'refused';
                  await deliverOrder(orderDeps, row.id);
                  refuseNext = false;
                  if (o.after === 'rejected') await quiet(rejectReceipt(orderDeps, b.id, String(row.id), '模拟拒收'));
                }
              }
            }
          } else if (o.k === 'deliver' && order(o.order)) {
            refuseNext = o.refuse;
            await deliverOrder(orderDeps, order(o.order)!);
            refuseNext = false;
          } else if (o.k === 'confirm' && order(o.order)) {
            const row = await db
              .selectFrom('orders')
              .select(['id', 'buyer_user_id'])
              .where('id', '=', order(o.order)!)
              .executeTakeFirstOrThrow();
            await quiet(confirmReceipt(orderDeps, row.buyer_user_id, String(row.id)));
          } else if (o.k === 'topup') {
            await transfer(db, {
              key: `sim-topup-${run}-${o.user}-${clock.now}-${o.amount}`,
              debit: Accounts.gateway('sim-topup'),
              credit: Accounts.userAvailable(users[o.user]!.id),
              amount: o.amount,
              code: 'topup',
            });
          } else if (o.k === 'withdraw') {
            const w = await quiet(
              requestWithdrawal(wdDeps, users[o.user]!.id, {
                amount: o.amount,
                accountNo: '13800138000',
                accountName: '模拟',
              }),
            );
            if (w && typeof w === 'object' && 'id' in w)
              withdrawals.push({ user: users[o.user]!.id, id: (w as { id: number }).id });
          } else if (o.k === 'offer') {
            const b = users[o.buyer]!;
            const l = listings[o.listing]!;
            const made = await quiet(
              createOffer(orderDeps, {
                buyer: { userId: b.id, uid: b.uid },
                commodityId: String(l.id),
                price: Math.round(Number(l.price) * 0.8),
                requestKey: `sim-offer-${run}-${done.length}`,
                player: { accountId: `acct-${b.uid}`, roleId: `role-acct-${b.uid}` },
              }),
            );
            if (o.agree && made && typeof made === 'object' && 'id' in made) {
              const agreed = await quiet(agreeOffer(orderDeps, seller.id, String((made as { id: number }).id)));
              const orderId = agreed && typeof agreed === 'object' && 'order_id' in agreed ? agreed.order_id : null;
              if (typeof orderId === 'number' && !orders.includes(orderId)) orders.push(orderId);
            }
          } else if (o.k === 'bargain') {
            const b = users[o.buyer]!;
            const l = listings[o.listing]!;
            const made = await quiet(
              createOffer(orderDeps, {
                buyer: { userId: b.id, uid: b.uid },
                commodityId: String(l.id),
                price: Math.round((Number(l.price) * o.percent) / 100),
                requestKey: `sim-bargain-${run}-${done.length}`,
                player: { accountId: `acct-${b.uid}`, roleId: `role-acct-${b.uid}` },
              }),
            );
            if (made && typeof made === 'object' && 'id' in made) {
              const row = made as { id: number; deposit_fen: number };
              const deposit = await db
                .selectFrom('deposits')
                .select('id')
                .where('purpose', '=', 'bargain')
                .where('ref_id', '=', row.id)
                .executeTakeFirstOrThrow();
              if (!proposals.some((p) => p.id === row.id))
                proposals.push({ id: row.id, buyer: b.id, bizNo: `D${deposit.id}`, amount: Number(row.deposit_fen) });
            }
          } else if (o.k === 'payDeposit' && proposals.length) {
            const p = proposals[o.which % proposals.length]!;
            if (o.how === 'balance') {
              await transfer(db, {
                key: `sim-topup-deposit-${run}-${done.length}`,
                debit: Accounts.gateway('sim-topup'),
                credit: Accounts.userAvailable(p.buyer),
                amount: p.amount,
                code: 'topup',
              });
              await quiet(
                payWithBalance(payDeps, {
                  userId: p.buyer,
                  orderId: p.bizNo,
                  totalAmount: p.amount,
                  balancePrice: p.amount,
                }),
              );
            } else {
              const balance = (await balanceOf(db, Accounts.userAvailable(p.buyer))).available;
              const part = o.how === 'combined' ? Math.min(balance, p.amount - 1) : 0;
              const started = await quiet(
                startPayment(payDeps, {
                  userId: p.buyer,
                  orderId: p.bizNo,
                  channel: part > 0 ? 5 : 1,
                  totalAmount: p.amount,
                  balancePart: part,
                  thirdPart: p.amount - part,
                  returnUrl: '',
                  kind: 'wap',
                }),
              );
              const tradeNo =
                started && typeof started === 'object' && 'tradeNo' in started
                  ? (started as { tradeNo: string }).tradeNo
                  : null;
              if (tradeNo && !payments.some((x) => x.tradeNo === tradeNo))
                payments.push({ tradeNo, third: p.amount - part });
            }
          } else if (o.k === 'answer' && proposals.length) {
            const p = proposals[o.which % proposals.length]!;
            const id = String(p.id);
            if (o.how === 'agree') {
              const agreed = await quiet(agreeOffer(orderDeps, seller.id, id));
              const orderId = agreed && typeof agreed === 'object' && 'order_id' in agreed ? agreed.order_id : null;
              if (typeof orderId === 'number' && !orders.includes(orderId)) orders.push(orderId);
            } else if (o.how === 'withdraw') await quiet(endOffer(orderDeps, p.buyer, id, 'buyer'));
            // The seller's refusal: of a proposal waiting for him (53); of his agreement it is refused (bound, 0036).
            else await quiet(endOffer(orderDeps, seller.id, id, 'seller', '模拟'));
          } else if (o.k === 'dispute') {
            // A whole purchase up to a refused receipt: placed, paid from a topped-up balance, delivered, refused.
            const b = users[o.buyer]!;
            const placed = await quiet(
              placeOrder(orderDeps, {
                buyer: { userId: b.id, uid: b.uid },
                commodityId: String(listings[o.listing]!.id),
                requestKey: `sim-dispute-${run}-${done.length}`,
                player: { accountId: `acct-${b.uid}`, roleId: `role-acct-${b.uid}` },
              }),
            );
            if (placed && typeof placed === 'object' && 'id' in placed && 'total_fen' in placed) {
              const row = placed as { id: number; total_fen: number; status: number };
              if (!orders.includes(row.id)) orders.push(row.id);
              if (row.status === OrderStatus.AWAITING_PAYMENT) {
                await transfer(db, {
                  key: `sim-topup-dispute-${run}-${row.id}`,
                  debit: Accounts.gateway('sim-topup'),
                  credit: Accounts.userAvailable(b.id),
                  amount: Number(row.total_fen),
                  code: 'topup',
                });
                await quiet(
                  payWithBalance(payDeps, {
                    userId: b.id,
                    orderId: String(row.id),
                    totalAmount: Number(row.total_fen),
                    balancePrice: Number(row.total_fen),
                  }),
                );
                await deliverOrder(orderDeps, row.id);
                await quiet(rejectReceipt(orderDeps, b.id, String(row.id), '模拟拒收'));
              }
            }
          } else if (o.k === 'reject' && (await orderIn(OrderStatus.AWAITING_RECEIPT, o.order))) {
            const row = await db
              .selectFrom('orders')
              .select(['id', 'buyer_user_id'])
              .where('id', '=', (await orderIn(OrderStatus.AWAITING_RECEIPT, o.order))!)
              .executeTakeFirstOrThrow();
            await quiet(rejectReceipt(orderDeps, row.buyer_user_id, String(row.id), '模拟拒收'));
          } else if (o.k === 'resolve' && (await orderIn(OrderStatus.RECEIPT_REFUSED, o.order))) {
            reclaimAs = o.game;
            await quiet(
              resolveRefusedReceipt(
                orderDeps,
                (await orderIn(OrderStatus.RECEIPT_REFUSED, o.order))!,
                o.refund ? 'refund' : 'confirm',
                '模拟客服',
                '模拟处理',
              ),
            );
            reclaimAs = 'ok';
          } else if (o.k === 'cancelWithdrawal' && withdrawals.length) {
            const w = withdrawals[o.which % withdrawals.length]!;
            await quiet(cancelWithdrawal(wdDeps, w.user, String(w.id)));
          }

          // The invariants, after every step.
          expect(await checkLedger(db)).toEqual([]);
          // Refunds in transit are exactly the open refunds' money.
          expect(await checkRefundsInTransit(db)).toEqual([]);
          const held = await db
            .selectFrom('orders')
            .select(sql<number>`coalesce(sum(total_fen + deposit_fen), 0)`.as('sum'))
            .where('status', 'in', [OrderStatus.PAID, OrderStatus.AWAITING_RECEIPT, OrderStatus.RECEIPT_REFUSED])
            .executeTakeFirstOrThrow();
          // What the escrow holds free: paid, undelivered or unconfirmed orders (a confirmed order's
          // seller share is reserved in it until the protection window ends).
          expect((await balanceOf(db, Accounts.escrow)).available).toBe(Number(held.sum));
          // The deposits held are exactly the pending holds, and only proposals still open or agreed hold one.
          const heldDeposits = await db
            .selectFrom('deposits')
            .select(['id', 'amount_fen', 'ref_id'])
            .where('status', '=', 'held')
            .execute();
          const holds = await db
            .selectFrom('ledger_transfers')
            .select(['key', 'amount'])
            .where('code', '=', 'deposit_hold')
            .where('state', '=', 'pending')
            .execute();
          expect(holds.map((h) => `${h.key}:${Number(h.amount)}`).sort()).toEqual(
            heldDeposits.map((d) => `deposit:${d.id}:${Number(d.amount_fen)}`).sort(),
          );
          if (heldDeposits.length) {
            const open = await db
              .selectFrom('offers')
              .select(['id', 'status'])
              .where(
                'id',
                'in',
                heldDeposits.map((d) => d.ref_id),
              )
              .execute();
            for (const row of open) expect([11, 21]).toContain(row.status);
          }
          const live = await db
            .selectFrom('orders')
            .select(['commodity_id', 'status'])
            .where('status', 'in', [OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID, OrderStatus.AWAITING_RECEIPT])
            .where(
              'commodity_id',
              'in',
              listings.map((l) => l.id),
            )
            .execute();
          const liveIds = live.map((l) => l.commodity_id);
          expect(new Set(liveIds).size).toBe(liveIds.length);
          const states = await db
            .selectFrom('commodities')
            .select(['id', 'status'])
            .where(
              'id',
              'in',
              listings.map((l) => l.id),
            )
            .execute();
          for (const s of states) {
            const o = live.find((l) => l.commodity_id === s.id);
            // 出售中 exactly while an order is unpaid or paid and not yet delivered; sold once delivered.
            if (o?.status === OrderStatus.AWAITING_RECEIPT) expect(s.status).toBe(ListingStatus.INVALID);
            else if (o) expect(s.status).toBe(ListingStatus.SELLING);
            else expect(s.status).not.toBe(ListingStatus.SELLING);
          }
        }
        const inflow = payments.filter((p) => accepted.has(p.tradeNo)).reduce((n, p) => n + p.third, 0);
        const before = Number(
          (
            await db
              .selectFrom('payments')
              .select(sql<number>`coalesce(sum(third_fen), 0)`.as('s'))
              .where('provider', '=', 'sim')
              .where('status', 'in', ['paid', 'refunded'])
              .executeTakeFirstOrThrow()
          ).s,
        );
        // Every refund left unknown is settled by the sweep's query, once: the gateway paid back
        // exactly what the books say went back to it.
        clock.now += 10 * 60_000;
        await sweepRefunds(refundDeps, clock.now);
        third.mode = 'succeed';
        clock.now += 10 * 60_000;
        await sweepRefunds(refundDeps, clock.now);
        const back = Number(
          (
            await db
              .selectFrom('refunds')
              .select(sql<number>`coalesce(sum(amount_fen), 0)`.as('s'))
              .where('provider', '=', 'sim')
              .where('status', '=', 'succeeded')
              .executeTakeFirstOrThrow()
          ).s,
        );
        expect(back).toBe(third.refundedFen());
        expect(await checkRefundsInTransit(db)).toEqual([]);
        expect(0 - (await balanceOf(db, Accounts.gateway('sim'))).posted).toBe(before - back);
        expect(before).toBeGreaterThanOrEqual(inflow);
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
