import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/**
 * Whether a payment was started for an order: every attempt (and a balance payment) is a row of
 * `payments` before any gateway sees an amount. The orders module asks this before changing an
 * unpaid order's total (its coupon); both sides lock the order row, so the answer holds.
 */
export async function paymentStarted(trx: Kysely<Database>, orderId: number): Promise<boolean> {
  const row = await trx.selectFrom('payments').select('id').where('order_id', '=', orderId).limit(1).executeTakeFirst();
  return row !== undefined;
}
