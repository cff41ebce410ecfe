import { ErrorCode } from '@app/protocol/errors';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import { AppError } from '../../platform/errors';
import { brokerDb } from './broker.tables';
import { brokerConfig } from './broker-config';
import type { BrokerOrderDeps, BrokerOrderRow } from './broker-order.queries';
import { moveBrokerOrder } from './broker-order-moves';

const S = BrokerOrderStatus;

/**
 * deliveredOrder of an in-game trade (docs/decisions/0023-broker.md "Delivery by an in-game
 * trade"): the merchant reports the trade done, with an optional note and up to 3 screenshots (his
 * own chat uploads): 106 → 107 in one guarded move, which starts the buyer's confirmation window
 * as the game's receipt does; the screenshots then go into the order's chat. A report already made
 * (107, also by a racing twin) is answered as it is; nothing changes.
 */
export async function reportBrokerTrade(
  deps: BrokerOrderDeps,
  row: BrokerOrderRow,
  input: { note?: string | undefined; images?: readonly string[] | undefined },
): Promise<void> {
  if (row.status !== S.DELIVERING) return;
  const images = input.images ?? [];
  if (images.length > 0 && !(await deps.events?.imagesValid(row.seller_user_id, images)))
    throw new AppError(ErrorCode.BAD_PARAMS, '交易截图须是您在本平台上传的图片');
  const now = (deps.now ?? Date.now)();
  const { confirmHours } = await brokerConfig(deps.db, row.application_id);
  const reported = await moveBrokerOrder(deps.db, row.id, S.DELIVERING, S.DELIVERED, {
    delivered_at: new Date(now),
    auto_confirm_at: new Date(now + confirmHours * 3_600_000),
    trade_note: input.note ?? '',
    trade_images: JSON.stringify(images),
  });
  if (!reported) {
    const { status } = await brokerDb(deps.db)
      .selectFrom('broker_orders')
      .select('status')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    if (status === S.DELIVERED) return;
    throw new AppError(ErrorCode.BAD_PARAMS, '订单状态已变化，请刷新后重试');
  }
  await deps.events?.happened(row.id, 'tradeReported', input.note ?? '');
  if (images.length > 0) await deps.events?.postImages(row.id, row.seller_user_id, images);
}
