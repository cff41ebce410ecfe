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
import { listingsNoLongerBuyable } from '../exchange/listings';
import { orderStates } from '../orders/order.queries';
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

export async function offerOf(db: Db, offerId: string): Promise<OfferRow> {
  const row = await db.selectFrom('offers').selectAll().where('id', '=', Number(offerId)).executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '出价不存在');
  return row;
}

/**
 * An agreed offer follows its order, whose status it is read with: paid → 交易完成 (61), lapsed
 * → 41, cancelled by the buyer → 57. Answers the offer's status after it, or null when it stays.
 * The status is derived from the order's, so a sweeper and a reader moving it at once agree.
 */
export async function followOrder(
  db: Db,
  row: Pick<OfferRow, 'id' | 'status'>,
  orderStatus: number | null,
): Promise<BargainStatus | null> {
  if (row.status !== BargainStatus.AGREED || orderStatus === null || orderStatus === OrderStatus.AWAITING_PAYMENT)
    return null;
  const to =
    orderStatus === OrderStatus.PAYMENT_TIMEOUT
      ? BargainStatus.BUYER_TIMEOUT_OFFER
      : orderStatus === OrderStatus.CANCELLED
        ? BargainStatus.BUYER_REFUSED_TO_PAY
        : BargainStatus.COMPLETED;
  await moveOffer(db, row.id, BargainStatus.AGREED, to);
  return to;
}

/**
 * The offers' deadlines: unanswered after OFFER_ANSWER_HOURS, or whose listing left the market
 * (sold, delisted, taken back), they lapse (55); agreed ones follow their orders. Each moves once.
 */
export async function sweepOffers(deps: OfferDeps, now = (deps.now ?? Date.now)()) {
  const { db } = deps;
  const late = await db
    .selectFrom('offers')
    .select('id')
    .where('status', '=', BargainStatus.AWAITING_SELLER)
    .where('answer_by', '<=', new Date(now))
    .limit(200)
    .execute();
  let lapsed = 0;
  for (const { id } of late)
    if (
      await moveOffer(db, id, BargainStatus.AWAITING_SELLER, BargainStatus.SYSTEM_CANCELLED, {
        note: `卖家未在${OFFER_ANSWER_HOURS}小时内回应`,
      })
    ) {
      lapsed++;
      await tellOffer(deps, id, 'offerLapsed');
    }
  // Whose listing left the market: the offers waiting for an answer in batches by id, their listings asked at once.
  const gone: Array<{ id: number }> = [];
  for (let after = 0; gone.length < 200; ) {
    const waiting = await db
      .selectFrom('offers')
      .select(['id', 'commodity_id'])
      .where('status', '=', BargainStatus.AWAITING_SELLER)
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    const closed = await listingsNoLongerBuyable(
      db,
      waiting.map((o) => o.commodity_id),
    );
    gone.push(...waiting.filter((o) => closed.has(o.commodity_id)).slice(0, 200 - gone.length));
    if (waiting.length < 1000) break;
    after = waiting[waiting.length - 1]?.id ?? after;
  }
  for (const { id } of gone)
    if (
      await moveOffer(db, id, BargainStatus.AWAITING_SELLER, BargainStatus.SYSTEM_CANCELLED, {
        note: '商品已售出或已下架',
      })
    ) {
      lapsed++;
      await tellOffer(deps, id, 'offerLapsed');
    }
  // Only agreed offers whose order moved on: those still waiting for payment never fill the batch.
  // The agreed offers in batches by id, their orders' states asked at once (the orders module's).
  const agreed: Array<{ id: number; status: number; order_status: number }> = [];
  for (let after = 0; agreed.length < 200; ) {
    const batch = await db
      .selectFrom('offers')
      .select(['id', 'status', 'order_id'])
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
        agreed.push({ id: o.id, status: o.status, order_status: state.status });
    }
    if (batch.length < 1000) break;
    after = batch[batch.length - 1]?.id ?? after;
  }
  let followed = 0;
  for (const row of agreed) if (await followOrder(db, row, row.order_status)) followed++;
  return { lapsed, followed };
}
