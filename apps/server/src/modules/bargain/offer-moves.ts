import { OFFER_ANSWER_HOURS } from '@app/protocol/calls/bargain';
import { ErrorCode } from '@app/protocol/errors';
import { BargainStatus, bargainTransitions } from '@app/protocol/statuses/bargain-status';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { canTransition } from '@app/protocol/statuses/transition';
import type { Selectable, UpdateObject } from 'kysely';
import type { Db } from '../../platform/db/database';
import { guardedMove } from '../../platform/db/guarded-move';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import {
  type DepositRow,
  depositsOf,
  lockDeposit,
  releaseDeposit,
  sellerCompensation,
} from '../deposits/deposit.service';
import { listingsNoLongerBuyable } from '../exchange/listings';
import { orderStates } from '../orders/order.queries';
import type { OriginRefunds } from '../payments/refund-port';
import { type BargainTables, bargainDb, type OffersTable } from './bargain.tables';
import { type OfferDeps, tellOffer } from './offer.service';

export type OfferRow = Selectable<OffersTable>;

/** One guarded move of an offer's status (bargainTransitions); answers whether it happened. */
export async function moveOffer(
  db: DbHandle,
  id: number,
  from: BargainStatus,
  to: BargainStatus,
  set: UpdateObject<BargainTables, 'offers'> = {},
): Promise<boolean> {
  if (!canTransition(bargainTransitions, from, to)) throw new Error(`offer status ${from} → ${to} is not allowed`);
  return guardedMove(bargainDb(db), 'offers', id, from, to, set);
}

export async function offerOf(db: DbHandle, offerId: string | number): Promise<OfferRow> {
  const row = await bargainDb(db).selectFrom('offers').selectAll().where('id', '=', Number(offerId)).executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '出价不存在');
  return row;
}

/** The deposit of a proposal (one per offer: its purpose is the offer's flow). */
export async function depositOfOffer(
  db: DbHandle,
  row: Pick<OfferRow, 'id' | 'flow'>,
): Promise<DepositRow | undefined> {
  const [deposit] = await depositsOf(db, row.flow, [row.id]);
  return deposit;
}

/**
 * Ends a proposal that has not been agreed (from 1 or 11) and its deposit with it, in one
 * transaction: an unpaid deposit lapses (a late payment stays on the balance), a held one goes
 * back. The deposit's row is locked before the offer's, as a deposit's payment does, so the two
 * never wait on each other. Answers whether this call moved it.
 */
export async function endProposal(
  deps: { db: Db; refunds?: OriginRefunds | undefined },
  row: Pick<OfferRow, 'id' | 'flow'>,
  from: BargainStatus,
  to: BargainStatus,
  set: UpdateObject<BargainTables, 'offers'> = {},
): Promise<boolean> {
  const ended = await deps.db.transaction().execute(async (trx) => {
    const deposit = await depositOfOffer(trx, row);
    if (deposit) await lockDeposit(trx, deposit.id);
    if (!(await moveOffer(trx, row.id, from, to, set))) return null;
    if (deposit) await releaseDeposit(trx, deposit.id, new Date(), deps.refunds);
    return { depositId: deposit?.id ?? null };
  });
  // 原路退回 of a deposit a gateway paid: handed to the gateway now (the refunds sweep retries).
  if (ended?.depositId && deps.refunds) await deps.refunds.sendOf('deposit', ended.depositId);
  return ended !== null;
}

/**
 * An agreed proposal follows its order, whose status it is read with: paid → 交易完成 (61); lapsed
 * → 31 (还价) / 41 (出价); cancelled by the buyer → 32 / 42. The deposit moved with the order (the
 * orders module applies or forfeits it in the order's own transaction). Answers the status after
 * it, or null when it stays. Derived from the order's, so a sweeper and a reader agree.
 */
export async function followOrder(
  deps: OfferDeps,
  row: Pick<OfferRow, 'id' | 'status' | 'flow'>,
  orderStatus: number | null,
): Promise<BargainStatus | null> {
  if (row.status !== BargainStatus.AGREED || orderStatus === null || orderStatus === OrderStatus.AWAITING_PAYMENT)
    return null;
  const bargain = row.flow === 'bargain';
  const to =
    orderStatus === OrderStatus.PAYMENT_TIMEOUT
      ? bargain
        ? BargainStatus.BUYER_TIMEOUT
        : BargainStatus.BUYER_TIMEOUT_OFFER
      : orderStatus === OrderStatus.CANCELLED
        ? bargain
          ? BargainStatus.BUYER_DEFAULTED
          : BargainStatus.BUYER_DEFAULTED_OFFER
        : BargainStatus.COMPLETED;
  if (!(await moveOffer(deps.db, row.id, BargainStatus.AGREED, to))) return null;
  // The buyer defaulted: the seller hears of the compensation his balance received.
  if (to !== BargainStatus.COMPLETED) {
    const deposit = await depositOfOffer(deps.db, row);
    if (deposit?.status === 'forfeited')
      await tellOffer(deps, row.id, 'depositCompensated', await sellerCompensation(deps.db, deposit));
  }
  return to;
}

/**
 * The proposals' deadlines, each moved once: a deposit unpaid in time closes the proposal (55); a
 * proposal the seller did not answer within OFFER_ANSWER_HOURS, or whose listing left the market
 * (sold, delisted, taken back), ends with its deposit back (56; 55 when it was never paid); agreed
 * ones follow their orders (a forfeited deposit's compensation is told to the seller).
 */
/**
 * Ends an open proposal (its deposit unpaid: 55; paid and waiting for the seller: 56, the deposit
 * back), the buyer told when he had paid. Answers whether this call ended it.
 */
async function endOpenProposal(deps: OfferDeps, row: Pick<OfferRow, 'id' | 'flow' | 'status'>, note: string) {
  const from = row.status as BargainStatus;
  const to =
    from === BargainStatus.AWAITING_DEPOSIT ? BargainStatus.SYSTEM_CANCELLED : BargainStatus.SYSTEM_CANCELLED_REFUNDED;
  if (!(await endProposal(deps, row, from, to, { note }))) return false;
  if (from === BargainStatus.AWAITING_SELLER) await tellOffer(deps, row.id, 'offerLapsed');
  return true;
}

/**
 * Staff froze or took down the listing (docs/decisions/0064-freeze-listings.md): its open
 * proposals end now, each with its deposit back (原路退回 where a gateway paid it), instead of at
 * the next sweep. Answers how many this call ended.
 */
export async function endListingProposals(deps: OfferDeps, commodityId: number, note: string): Promise<number> {
  const open = await bargainDb(deps.db)
    .selectFrom('offers')
    .select(['id', 'flow', 'status'])
    .where('commodity_id', '=', commodityId)
    .where('status', 'in', [BargainStatus.AWAITING_DEPOSIT, BargainStatus.AWAITING_SELLER])
    .execute();
  let ended = 0;
  for (const row of open) if (await endOpenProposal(deps, row, note)) ended++;
  return ended;
}

export async function sweepOffers(deps: OfferDeps, now = (deps.now ?? Date.now)()) {
  const { db } = deps;
  let lapsed = 0;
  const end = async (row: Pick<OfferRow, 'id' | 'flow' | 'status'>, note: string) => {
    if (await endOpenProposal(deps, row, note)) lapsed++;
  };
  const late = await bargainDb(db)
    .selectFrom('offers')
    .select(['id', 'flow', 'status'])
    .where('status', 'in', [BargainStatus.AWAITING_DEPOSIT, BargainStatus.AWAITING_SELLER])
    .where('answer_by', '<=', new Date(now))
    .limit(200)
    .execute();
  for (const row of late)
    await end(
      row,
      row.status === BargainStatus.AWAITING_DEPOSIT
        ? '保证金未在规定时间内支付'
        : `卖家未在${OFFER_ANSWER_HOURS}小时内回应`,
    );
  // Whose listing left the market: the open proposals in batches by id, their listings asked at once.
  const gone: Array<Pick<OfferRow, 'id' | 'flow' | 'status'>> = [];
  for (let after = 0; gone.length < 200; ) {
    const waiting = await bargainDb(db)
      .selectFrom('offers')
      .select(['id', 'flow', 'status', 'commodity_id'])
      .where('status', 'in', [BargainStatus.AWAITING_DEPOSIT, BargainStatus.AWAITING_SELLER])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    const closed = await listingsNoLongerBuyable(
      db,
      waiting.map((o) => o.commodity_id),
      { bargainable: true },
    );
    gone.push(...waiting.filter((o) => closed.has(o.commodity_id)).slice(0, 200 - gone.length));
    if (waiting.length < 1000) break;
    after = waiting[waiting.length - 1]?.id ?? after;
  }
  for (const row of gone) await end(row, '商品已售出、已下架或已转为拍卖');
  // Only agreed proposals whose order moved on: those still waiting for payment never fill the batch.
  const agreed: Array<Pick<OfferRow, 'id' | 'status' | 'flow'> & { order_status: number }> = [];
  for (let after = 0; agreed.length < 200; ) {
    const batch = await bargainDb(db)
      .selectFrom('offers')
      .select(['id', 'status', 'flow', 'order_id'])
      .where('status', '=', BargainStatus.AGREED)
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    const states = await orderStates(
      db,
      batch.flatMap((o) => (o.order_id === null ? [] : [o.order_id])),
    );
    for (const o of batch) {
      const state = o.order_id === null ? undefined : states.get(o.order_id);
      if (state && state.status !== OrderStatus.AWAITING_PAYMENT && agreed.length < 200)
        agreed.push({ id: o.id, status: o.status, flow: o.flow, order_status: state.status });
    }
    if (batch.length < 1000) break;
    after = batch[batch.length - 1]?.id ?? after;
  }
  let followed = 0;
  for (const row of agreed) if (await followOrder(deps, row, row.order_status)) followed++;
  return { lapsed, followed };
}
