import type { DbHandle } from '../../platform/db/handle';
import { ordersDb } from './orders.tables';

/** The game (applicationId) of each of these orders (the console's fee income by game names them). */
export async function gamesOfOrders(db: DbHandle, orderIds: readonly number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ordersDb(db)
    .selectFrom('orders')
    .select(['id', 'application_id'])
    .where('id', 'in', [...new Set(orderIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.application_id]));
}
