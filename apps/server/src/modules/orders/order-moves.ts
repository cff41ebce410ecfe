import { type OrderStatus, orderTransitions } from '@app/protocol/statuses/order-status';
import { canTransition } from '@app/protocol/statuses/transition';
import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { OrdersTable } from './orders.tables';

/** One guarded move of an order's status (orderTransitions); answers whether it happened. */
export async function moveOrder(
  db: Kysely<Database>,
  id: number,
  from: OrderStatus,
  to: OrderStatus,
  set: Updateable<OrdersTable> = {},
): Promise<boolean> {
  if (!canTransition(orderTransitions, from, to)) throw new Error(`order status ${from} → ${to} is not allowed`);
  const moved = await db
    .updateTable('orders')
    .set({ ...set, status: to, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();
  return moved !== undefined;
}
