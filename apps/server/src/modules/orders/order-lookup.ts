import { formatPriceFen } from '@app/protocol/format';
import type { OpsUserOrder, SearchHit } from '@app/protocol/ops-users';
import { type OrderStatus, orderStatusLabel } from '@app/protocol/statuses/order-status';
import { MAX_ROW_ID } from '@app/protocol/validation';
import type { DbHandle } from '../../platform/db/handle';
import { countedPage } from '../../platform/db/page';
import { ordersDb } from './orders.tables';

/** 查找 by an order's number, or by its id (the bizNo the cashier and the payments name it by). */
export async function findOrders(db: DbHandle, text: string): Promise<SearchHit[]> {
  const id = /^\d{1,10}$/.test(text) && Number(text) <= MAX_ROW_ID ? Number(text) : null;
  if (id === null && !/^[\w-]{6,40}$/.test(text)) return [];
  const rows = await ordersDb(db)
    .selectFrom('orders')
    .select(['id', 'order_no', 'title', 'status', 'total_fen', 'buyer_user_id'])
    .where((eb) => (id === null ? eb('order_no', '=', text) : eb.or([eb('id', '=', id), eb('order_no', '=', text)])))
    .limit(5)
    .execute();
  return rows.map((r) => ({
    kind: 'order' as const,
    id: String(r.id),
    title: `订单 ${r.order_no}`,
    detail: `${r.title} · ${orderStatusLabel.buyer[r.status as OrderStatus] ?? r.status} · ${formatPriceFen(r.total_fen)}`,
    userId: String(r.buyer_user_id),
  }));
}

/** A user's orders, bought and sold, newest first, a page at a time (the console's user page). */
export async function userOrdersPage(
  db: DbHandle,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ total: number; list: OpsUserOrder[] }> {
  const base = ordersDb(db)
    .selectFrom('orders')
    .where((eb) => eb.or([eb('buyer_user_id', '=', userId), eb('seller_user_id', '=', userId)]));
  const { total, rows } = await countedPage(
    base,
    base
      .select(['id', 'order_no', 'title', 'status', 'total_fen', 'buyer_user_id', 'created_at'])
      .orderBy('id', 'desc'),
    { page, pageSize },
  );
  return {
    total,
    list: rows.map((r) => {
      const side = r.buyer_user_id === userId ? ('buyer' as const) : ('seller' as const);
      return {
        id: String(r.id),
        orderNo: r.order_no,
        side,
        title: r.title,
        status: r.status,
        statusLabel: orderStatusLabel[side][r.status as OrderStatus] ?? String(r.status),
        total: r.total_fen,
        createdAt: r.created_at.getTime(),
      };
    }),
  };
}
