import { merchantStatusLabel } from '@app/protocol/calls/broker';
import { formatPriceFen } from '@app/protocol/format';
import type { SearchHit } from '@app/protocol/ops-users';
import { type BrokerOrderStatus, brokerOrderStatusLabel } from '@app/protocol/statuses/broker-order-status';
import type { DbHandle } from '../../platform/db/handle';
import { brokerDb } from './broker.tables';

/** 查找 by a broker order's number, and merchants by shop name (a part of it). */
export async function findBrokerThings(db: DbHandle, text: string): Promise<SearchHit[]> {
  const broker = brokerDb(db);
  const orders = /^[\w-]{6,40}$/.test(text)
    ? await broker
        .selectFrom('broker_orders')
        .select(['id', 'order_no', 'gold_name', 'quantity', 'total_fen', 'status', 'buyer_user_id'])
        .where('order_no', '=', text)
        .limit(5)
        .execute()
    : [];
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const merchants = await broker
    .selectFrom('merchants')
    .select(['id', 'user_id', 'shop_name', 'status', 'application_id'])
    .where('shop_name', 'ilike', pattern)
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
  return [
    ...orders.map((r) => ({
      kind: 'brokerOrder' as const,
      id: String(r.id),
      title: `商人订单 ${r.order_no}`,
      detail: `${r.gold_name} × ${r.quantity} · ${brokerOrderStatusLabel[r.status as BrokerOrderStatus] ?? r.status} · ${formatPriceFen(r.total_fen)}`,
      userId: String(r.buyer_user_id),
    })),
    ...merchants.map((r) => ({
      kind: 'merchant' as const,
      id: String(r.id),
      title: `商人 ${r.shop_name}`,
      detail: `游戏 ${r.application_id} · ${merchantStatusLabel[r.status]}`,
      userId: String(r.user_id),
    })),
  ];
}
