import { OrderStatus } from '@app/protocol/statuses/order-status';
import type { DbHandle } from '../../platform/db/handle';
import { ordersDb } from './orders.tables';

const COMPLETED: number[] = [OrderStatus.COMPLETED, OrderStatus.SETTLED, OrderStatus.PENDING_SETTLEMENT];

/**
 * A seller's record as a buyer sees it on a listing: orders that ended (completed, or returned
 * after a refused receipt) and the share that completed. Open, unpaid and cancelled orders say
 * nothing about the seller and are left out; no finished order gives no rate (never a fake 100%).
 */
export async function sellerRecord(
  db: DbHandle,
  sellerUserId: number,
): Promise<{ finishedOrders: number; completionRate: number | null }> {
  const rows = await ordersDb(db)
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('seller_user_id', '=', sellerUserId)
    .where('status', 'in', [...COMPLETED, OrderStatus.RETURNED])
    .groupBy('status')
    .execute();
  const completed = rows.filter((r) => COMPLETED.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  const finished = rows.reduce((sum, r) => sum + Number(r.n), 0);
  return { finishedOrders: finished, completionRate: finished ? Math.floor((completed * 100) / finished) : null };
}
