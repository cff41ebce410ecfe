import { ErrorCode } from '@app/protocol/errors';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { brokerDb } from './broker.tables';
import { viewerBrokerOrder } from './broker-order.queries';

/**
 * rateCustomerService / getRateCustomerService of broker orders: once customer service decided an
 * order in the console (cs_decided_at), its buyer and its merchant may each rate that service once.
 * The support module's requests name exchange orders; a broker order's customer service is its
 * console decision, so its ratings are the broker module's.
 */
export async function rateBrokerService(
  db: DbHandle,
  userId: number,
  orderId: string,
  score: number,
  comment: string,
): Promise<{ score: number; comment: string }> {
  const { row } = await viewerBrokerOrder(db, userId, orderId);
  if (!row.cs_decided_at) throw new AppError(ErrorCode.BAD_PARAMS, '客服处理完成后才能评价');
  const saved = await brokerDb(db)
    .insertInto('broker_service_ratings')
    .values({ order_id: row.id, user_id: userId, score, comment })
    .onConflict((oc) => oc.columns(['order_id', 'user_id']).doNothing())
    .returning(['score', 'comment'])
    .executeTakeFirst();
  if (!saved) throw new AppError(ErrorCode.BAD_PARAMS, '您已评价过本次服务');
  return saved;
}

export async function brokerServiceRatingOf(db: DbHandle, userId: number, orderId: string) {
  const { row } = await viewerBrokerOrder(db, userId, orderId);
  if (!row.cs_decided_at) return { rating: null, canRate: false };
  const rating = await brokerDb(db)
    .selectFrom('broker_service_ratings')
    .select(['score', 'comment'])
    .where('order_id', '=', row.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { rating: rating ?? null, canRate: !rating };
}
