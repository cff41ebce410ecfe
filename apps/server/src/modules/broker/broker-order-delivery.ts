import { PartnerRefusal } from '@app/game-partner/partner-errors';
import { ErrorCode } from '@app/protocol/errors';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import { AppError } from '../../platform/errors';
import { serverOf } from '../market/catalogue';
import { isLinkedGameAccount } from '../user/game-accounts';
import { brokerDb } from './broker.tables';
import { brokerConfig } from './broker-config';
import { releaseBrokerStock } from './broker-listing.service';
import { type BrokerOrderDeps, refundBrokerOrder, sendBrokerRefunds, viewerBrokerOrder } from './broker-order.queries';
import { moveBrokerOrder } from './broker-order-moves';
import { tradeDueAt } from './broker-order-stuck';
import { reportBrokerTrade } from './broker-order-trade';
import { toBrokerOrder } from './broker-order-view';

const S = BrokerOrderStatus;

/** The order's delivery in the game: coins the game froze and moves under this id (never a consignment listing's). */
const gameListingId = (orderId: number) => `broker-${orderId}`;

export type BrokerDeliveryOutcome = 'delivered' | 'failed' | 'retry' | 'skipped';

/**
 * startOrderDelivery: the merchant names his stock role (a role of a game account he logged in
 * with, in the order's master group, not the buyer's); the order moves 102/104 → 106 and the game
 * is asked at once.
 */
export async function startBrokerDelivery(
  deps: BrokerOrderDeps,
  userId: number,
  input: { orderId: string; gameAccountId: string; gameRoleId: string },
) {
  const { db, gateway } = deps;
  const { row, role } = await viewerBrokerOrder(db, userId, input.orderId);
  if (role !== 'merchant') throw new AppError(ErrorCode.BAD_PARAMS, '只有商人可以发货');
  if (row.status !== S.PAID && row.status !== S.ENGAGED) throw new AppError(ErrorCode.BAD_PARAMS, '订单不在待发货状态');
  if (!(await isLinkedGameAccount(db, userId, row.application_id, input.gameAccountId)))
    throw new AppError(ErrorCode.BAD_PARAMS, '请选择您已登录过的游戏账号发货');
  const { roles } = await gateway.roles(row.application_id, input.gameAccountId);
  const from = roles.find((r) => r.id === input.gameRoleId);
  if (!from) throw new AppError(ErrorCode.BAD_PARAMS, '发货角色不存在');
  if (from.id === row.deliver_role_id) throw new AppError(ErrorCode.BAD_PARAMS, '发货角色不能是买家的收货角色');
  const server = await serverOf(db, row.application_id, from.serverId);
  if (server?.masterServerId !== row.master_server_id)
    throw new AppError(ErrorCode.BAD_PARAMS, '发货角色须与订单在同一主服');
  const now = new Date((deps.now ?? Date.now)());
  // The way is the game's setting now, fixed on the order: a later change does not alter it.
  const { delivery, deliverMinutes } = await brokerConfig(db, row.application_id);
  const moved = await moveBrokerOrder(db, row.id, [S.PAID, S.ENGAGED], S.DELIVERING, {
    from_account_id: from.accountId,
    from_role_id: from.id,
    from_role_name: from.name,
    from_server_name: server?.name ?? null,
    delivering_at: now,
    delivery,
    // A trade not reported by then may be taken to customer service by the buyer (broker-order-stuck.ts).
    trade_due_at: delivery === 'trade' ? tradeDueAt(row.deliver_before, now, deliverMinutes) : null,
  });
  if (!moved) throw new AppError(ErrorCode.BAD_PARAMS, '订单状态已变化，请刷新后重试');
  if (delivery === 'trade') {
    await deps.events?.happened(row.id, 'tradeStarted');
    return toBrokerOrder(deps, await brokerOrderRow(deps, row.id), role);
  }
  await deps.events?.happened(row.id, 'delivering');
  await runBrokerDelivery(deps, row.id);
  return toBrokerOrder(deps, await brokerOrderRow(deps, row.id), role);
}

const brokerOrderRow = (deps: BrokerOrderDeps, id: number) =>
  brokerDb(deps.db).selectFrom('broker_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/**
 * deliveredOrder: through the API the merchant asks again for a delivery in progress; by an in-game
 * trade he reports it done (reportBrokerTrade). Either way a repeat answers the order as it is then.
 */
export async function recheckBrokerDelivery(
  deps: BrokerOrderDeps,
  userId: number,
  input: { orderId: string; note?: string | undefined; images?: readonly string[] | undefined },
) {
  const { row, role } = await viewerBrokerOrder(deps.db, userId, input.orderId);
  if (role !== 'merchant') throw new AppError(ErrorCode.BAD_PARAMS, '只有商人可以操作');
  if (row.status !== S.DELIVERING && row.status !== S.DELIVERED)
    throw new AppError(ErrorCode.BAD_PARAMS, '订单不在发货中状态');
  if (row.delivery === 'trade') await reportBrokerTrade(deps, row, input);
  else if (row.status === S.DELIVERING) await runBrokerDelivery(deps, row.id);
  return toBrokerOrder(deps, await brokerOrderRow(deps, row.id), role);
}

/**
 * The delivery through the game partner API: the game freezes the order's quantity on the
 * merchant's stock role and moves it to the buyer's role, answering a signed receipt (→ 107, the
 * buyer's confirmation window starts). A refusal (not enough coins, …) ends it as -104 with the
 * money back to the buyer's balance and the stock back to the listing; a lost answer leaves it 106
 * and the sweeper (or deliveredOrder) asks again under the same request ids, so the coins move once.
 */
export async function runBrokerDelivery(deps: BrokerOrderDeps, id: number): Promise<BrokerDeliveryOutcome> {
  const { db, gateway } = deps;
  const row = await brokerOrderRow(deps, id);
  // An in-game trade is never delivered through the API: the merchant reports it.
  if (row.status !== S.DELIVERING || !row.from_role_id || row.delivery === 'trade') return 'skipped';
  const listingId = gameListingId(id);
  let result: Awaited<ReturnType<typeof gateway.transfer>>;
  try {
    await gateway.freeze(
      row.application_id,
      { kind: 'coins', listingId, roleId: row.from_role_id, coinType: row.gold_name, amount: Number(row.quantity) },
      `bfreeze-${id}`,
    );
    result = await gateway.transfer(
      row.application_id,
      {
        listingId,
        roleId: row.from_role_id,
        buyerAccountId: row.deliver_account_id,
        buyerRoleId: row.deliver_role_id,
      },
      `bdeliver-${id}`,
    );
  } catch (error) {
    if (!(error instanceof PartnerRefusal)) return 'retry';
    const failed = await db.transaction().execute(async (trx) => {
      if (
        !(await moveBrokerOrder(trx, id, S.DELIVERING, S.DELIVERY_FAILED, {
          note: `发货失败：${error.message}，款项已退回买家余额`,
        }))
      )
        return false;
      await refundBrokerOrder(trx, row, deps.refunds, `交付失败：${error.message}`);
      await releaseBrokerStock(trx, row.listing_id, Number(row.quantity));
      return true;
    });
    // Whatever was frozen for it is the merchant's again (repeatable; nothing frozen is fine).
    await gateway
      .unfreeze(row.application_id, { listingId, roleId: row.from_role_id }, `bunfreeze-${id}`)
      .catch(() => {});
    if (failed) await sendBrokerRefunds(deps, row.id);
    if (failed) await deps.events?.happened(id, 'deliveryFailed', error.message);
    return 'failed';
  }
  const { signature, repeated: _repeated, ...receipt } = result;
  const now = (deps.now ?? Date.now)();
  const { confirmHours } = await brokerConfig(db, row.application_id);
  const delivered = await moveBrokerOrder(db, id, S.DELIVERING, S.DELIVERED, {
    delivered_at: new Date(now),
    auto_confirm_at: new Date(now + confirmHours * 3_600_000),
    receipt: JSON.stringify(receipt),
    receipt_signature: signature,
  });
  if (delivered) await deps.events?.happened(id, 'delivered');
  return 'delivered';
}

/** The sweeper: deliveries whose answer was lost (106 for over a minute) are asked again. */
export async function retryBrokerDeliveries(deps: BrokerOrderDeps, now = (deps.now ?? Date.now)()) {
  const stuck = await brokerDb(deps.db)
    .selectFrom('broker_orders')
    .select('id')
    .where('status', '=', S.DELIVERING)
    .where('delivery', '=', 'api')
    .where('delivering_at', '<=', new Date(now - 60_000))
    .limit(50)
    .execute();
  let delivered = 0;
  for (const { id } of stuck) if ((await runBrokerDelivery(deps, id)) === 'delivered') delivered++;
  return delivered;
}
