import { type OrderStatus, orderTransitions } from '@app/protocol/statuses/order-status';
import { canTransition } from '@app/protocol/statuses/transition';
import type { UpdateObject } from 'kysely';
import { guardedMove } from '../../platform/db/guarded-move';
import type { DbHandle } from '../../platform/db/handle';
import { type OrdersTables, ordersDb } from './orders.tables';

/** One guarded move of an order's status (orderTransitions); answers whether it happened. */
export async function moveOrder(
  db: DbHandle,
  id: number,
  from: OrderStatus,
  to: OrderStatus,
  set: UpdateObject<OrdersTables, 'orders'> = {},
): Promise<boolean> {
  if (!canTransition(orderTransitions, from, to)) throw new Error(`order status ${from} → ${to} is not allowed`);
  return guardedMove(ordersDb(db), 'orders', id, from, to, set);
}

/** The order's note, set once the transaction that moved it knows what to say (where a refund's money went). */
export async function noteOrder(db: DbHandle, id: number, note: string): Promise<void> {
  await ordersDb(db).updateTable('orders').set({ note }).where('id', '=', id).execute();
}
