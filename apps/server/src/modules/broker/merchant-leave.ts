import { BrokerListingStatus } from '@app/protocol/calls/broker';
import { ErrorCode } from '@app/protocol/errors';
import { formatPriceFen } from '@app/protocol/format';
import { BrokerOrderStatus as S } from '@app/protocol/statuses/broker-order-status';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { brokerDb } from './broker.tables';
import { openBrokerOrderStatuses } from './broker-order.queries';
import type { MerchantRow } from './merchant.service';

/**
 * Why the merchant cannot leave now (null when nothing stands in the way): a listing of his on
 * sale with stock (a buyer or a bid could still take it), a broker order of his still open, or
 * money of a finished order the broker still holds for him (交易成功(待入账), settled later).
 */
async function leaveReason(db: DbHandle, merchant: MerchantRow): Promise<string | null> {
  const onSale = await brokerDb(db)
    .selectFrom('broker_listings')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .where('status', '=', BrokerListingStatus.ON_SALE)
    .where('stock', '>', 0)
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (onSale) return '您有出售中的商品，请先下架或将库存清零后再退出商户';
  const open = openBrokerOrderStatuses().filter((s) => s !== S.COMPLETED_PENDING);
  const running = await brokerDb(db)
    .selectFrom('broker_orders')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .where('status', 'in', open)
    .limit(1)
    .executeTakeFirst();
  if (running) return '您有进行中的商人交易订单，请完成后再退出商户';
  const unsettled = await brokerDb(db)
    .selectFrom('broker_orders')
    .select(sql<string>`coalesce(sum(total_fen - fee_fen), 0)`.as('fen'))
    .where('merchant_id', '=', merchant.id)
    .where('status', '=', S.COMPLETED_PENDING)
    .executeTakeFirstOrThrow();
  const fen = Number(unsettled.fen);
  if (fen > 0) return `您有待入账的订单货款 ${formatPriceFen(fen)}，入账后才能退出商户`;
  return null;
}

/**
 * merchant/leave (退出商户): an approved merchant ends his standing in a game. His row is locked
 * first and the reasons read under the lock; whatever would add to what he holds (an order, a
 * bid's fill, stock back on sale, a new listing) takes the same row for share first
 * (`holdApprovedMerchant`), so it either committed and is seen here, or waits and is refused.
 * Leaving twice answers the merchant as he is; anything refused changes nothing.
 */
export async function leaveMerchant(db: Db, userId: number, applicationId: string, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const row = await brokerDb(trx)
      .selectFrom('merchants')
      .selectAll()
      .where('user_id', '=', userId)
      .where('application_id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.status === 'rejected') throw new AppError(ErrorCode.BAD_PARAMS, '您还不是该游戏的商人，无需退出');
    if (row.status === 'left') return row;
    if (row.status === 'applied') throw new AppError(ErrorCode.BAD_PARAMS, '商人入驻审核中，暂不能退出');
    if (row.status === 'suspended')
      throw new AppError(ErrorCode.BAD_PARAMS, '您的商人资格已暂停，请联系客服处理后再退出商户');
    const reason = await leaveReason(trx, row);
    if (reason) throw new AppError(ErrorCode.BAD_PARAMS, reason);
    return brokerDb(trx)
      .updateTable('merchants')
      .set({ status: 'left', left_at: now, updated_at: now })
      .where('id', '=', row.id)
      .where('status', '=', 'approved')
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
