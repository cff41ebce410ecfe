import { BrokerListingStatus, brokerTotalFen } from '@app/protocol/calls/broker';
import { BROKER_PAY_MINUTES, type brokerOrderPlace } from '@app/protocol/calls/broker-orders';
import type { CallInput } from '@app/protocol/contract';
import { ErrorCode } from '@app/protocol/errors';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { serverOf } from '../market/catalogue';
import { isLinkedGameAccount } from '../user/game-accounts';
import { phoneAndRealName } from '../user/user.queries';
import { holdOpenAccount } from '../user/user.service';
import { brokerDb } from './broker.tables';
import { brokerConfig } from './broker-config';
import { brokerListingById, releaseBrokerStock, reserveBrokerStock } from './broker-listing.service';
import {
  type BrokerOrderDeps,
  type BrokerOrderRow,
  brokerClock,
  brokerOrderNo,
  brokerOrders,
  viewerBrokerOrder,
} from './broker-order.queries';
import { cancelLateBrokerOrder } from './broker-order-late';
import { moveBrokerOrder } from './broker-order-moves';
import { rereadBrokerOrder, toBrokerOrder } from './broker-order-view';

/* A broker order begins (placed by its buyer, or born paid from a 求购 fill) and, unpaid, ends. */

const S = BrokerOrderStatus;

const existing = (db: DbHandle, buyerUserId: number, requestKey: string) =>
  brokerOrders(db).where('buyer_user_id', '=', buyerUserId).where('request_key', '=', requestKey).executeTakeFirst();

type PlaceInput = CallInput<typeof brokerOrderPlace>;

/**
 * orderPlace: every check first (the buyer's phone and real name, the listing on sale by an approved
 * merchant of an open channel, not one's own, the quantity within the listing's and the game's
 * bounds and the stock, the receiving role a role of the buyer's linked account in the listing's
 * master group, checked with the game); then in one transaction the stock is reserved (one guarded
 * update) and the order written 101 with its deadline, its chat opened. The same request key
 * answers the same order, also when sent twice at once.
 */
export async function placeBrokerOrder(deps: BrokerOrderDeps, buyerUserId: number, input: PlaceInput) {
  const { db, gateway } = deps;
  const now = brokerClock(deps);
  const repeated = await existing(db, buyerUserId, input.requestKey);
  if (repeated) return toBrokerOrder(deps, repeated, 'buyer');
  const user = await phoneAndRealName(db, buyerUserId);
  if (!user.mobile) throw new AppError(ErrorCode.BAD_PARAMS, '请先绑定手机号');
  if (!user.hasAuthentication) throw new AppError(ErrorCode.BAD_PARAMS, '请先完成实名认证');
  const listing = await brokerListingById(db, Number(input.commodityId));
  if (!listing) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  if (listing.seller_user_id === buyerUserId) throw new AppError(ErrorCode.OWN_COMMODITY, '不能购买自己的商品');
  const merchant = await brokerDb(db)
    .selectFrom('merchants')
    .select(['status', 'shop_name'])
    .where('id', '=', listing.merchant_id)
    .executeTakeFirst();
  if (merchant?.status !== 'approved') throw new AppError(ErrorCode.BAD_PARAMS, '该商人暂停营业');
  const config = await brokerConfig(db, listing.application_id);
  if (!config.enabled) throw new AppError(ErrorCode.BAD_PARAMS, '该游戏暂未开放商人寄售');
  if (listing.status === BrokerListingStatus.SOLD_OUT) throw new AppError(ErrorCode.BAD_PARAMS, '商品已售罄');
  if (listing.status !== BrokerListingStatus.ON_SALE) throw new AppError(ErrorCode.BAD_PARAMS, '商品已下架');
  const min = Math.max(Number(listing.min_per_order), config.minQuantity);
  const max = Math.min(Number(listing.max_per_order), config.maxQuantity);
  if (input.quantity < min) throw new AppError(ErrorCode.BAD_PARAMS, `单笔最少购买${min}`);
  if (input.quantity > max) throw new AppError(ErrorCode.BAD_PARAMS, `单笔最多购买${max}`);
  if (input.quantity > Number(listing.stock)) throw new AppError(ErrorCode.BAD_PARAMS, '库存不足，请减少购买数量');
  // The receiving role: of the buyer's linked account, in the listing's master group (the game says so).
  if (!(await isLinkedGameAccount(db, buyerUserId, listing.application_id, input.gameAccountId)))
    throw new AppError(ErrorCode.BAD_PARAMS, '请选择您已登录过的游戏账号收货');
  const { roles } = await gateway.roles(listing.application_id, input.gameAccountId);
  const role = roles.find((r) => r.id === input.gameRoleId);
  if (!role) throw new AppError(ErrorCode.BAD_PARAMS, '收货角色不存在');
  const server = await serverOf(db, listing.application_id, role.serverId);
  if (server?.masterServerId !== listing.master_server_id)
    throw new AppError(ErrorCode.BAD_PARAMS, '收货角色须与商品在同一主服');
  const total = brokerTotalFen(input.quantity, Number(listing.unit_price_fen));
  const fee = Math.round((total * config.feePercent) / 100);
  try {
    const placed = await db.transaction().execute(async (trx) => {
      // Both accounts held open while the order is written (a closing account waits, then sees it).
      await holdOpenAccount(trx, buyerUserId);
      await holdOpenAccount(trx, listing.seller_user_id);
      if (!(await reserveBrokerStock(trx, listing.id, input.quantity)))
        throw new AppError(ErrorCode.BAD_PARAMS, '库存不足，请减少购买数量');
      const inserted = await brokerDb(trx)
        .insertInto('broker_orders')
        .values({
          order_no: `pending-${buyerUserId}-${input.requestKey}`,
          request_key: input.requestKey,
          buyer_user_id: buyerUserId,
          merchant_id: listing.merchant_id,
          seller_user_id: listing.seller_user_id,
          listing_id: listing.id,
          application_id: listing.application_id,
          server_id: listing.server_id,
          server_name: listing.server_name,
          master_server_id: listing.master_server_id,
          gold_type: listing.gold_type,
          gold_name: listing.gold_name,
          quantity: input.quantity,
          unit_price_fen: Number(listing.unit_price_fen),
          total_fen: total,
          fee_fen: fee,
          status: S.AWAITING_PAYMENT,
          deliver_account_id: role.accountId,
          deliver_role_id: role.id,
          deliver_role_name: role.name,
          expires_at: new Date(now + BROKER_PAY_MINUTES * 60_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await deps.events?.opened(trx, {
        id: inserted.id,
        buyerUserId,
        sellerUserId: listing.seller_user_id,
        title: `${merchant.shop_name} · ${listing.gold_name}`,
      });
      return brokerDb(trx)
        .updateTable('broker_orders')
        .set({ order_no: brokerOrderNo(inserted.id, now) })
        .where('id', '=', inserted.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    await deps.events?.happened(placed.id, 'placed');
    return toBrokerOrder(deps, placed, 'buyer');
  } catch (error) {
    const winner = await existing(db, buyerUserId, input.requestKey);
    if (winner) return toBrokerOrder(deps, winner, 'buyer');
    throw error;
  }
}

/** An unpaid order ends (cancelled or timed out): its stock goes back and its balance holds are freed, in one transaction. */
async function endUnpaid(
  deps: BrokerOrderDeps,
  row: Pick<BrokerOrderRow, 'id' | 'listing_id' | 'quantity'>,
  to: typeof S.CANCELLED | typeof S.TIMEOUT,
): Promise<boolean> {
  const ended = await deps.db.transaction().execute(async (trx) => {
    if (!(await moveBrokerOrder(trx, row.id, S.AWAITING_PAYMENT, to, { expires_at: null }))) return false;
    await releaseBrokerStock(trx, row.listing_id, Number(row.quantity));
    await deps.releaseHolds?.(trx, row.id);
    return true;
  });
  if (ended) await deps.events?.happened(row.id, to === S.CANCELLED ? 'cancelled' : 'timedOut');
  return ended;
}

/**
 * cancelOrder: the buyer, before payment (101 → -102); or after it when the merchant let his
 * delivery promise pass without starting (102/104 → -121, cancelLateBrokerOrder).
 */
export async function cancelBrokerOrder(deps: BrokerOrderDeps, userId: number, orderId: string) {
  const { row, role } = await viewerBrokerOrder(deps.db, userId, orderId);
  if (role !== 'buyer') throw new AppError(ErrorCode.BAD_PARAMS, '只有买家可以取消订单');
  if (row.status === S.PAID || row.status === S.ENGAGED) await cancelLateBrokerOrder(deps, row);
  else if (!(await endUnpaid(deps, row, S.CANCELLED)))
    throw new AppError(ErrorCode.BAD_PARAMS, '订单已支付或已关闭，无法取消');
  return rereadBrokerOrder(deps, row.id, role);
}

/** The sweeper: unpaid orders past their deadline end (-101), their stock back. */
export async function expireBrokerOrders(deps: BrokerOrderDeps, now = brokerClock(deps)): Promise<number> {
  const due = await brokerDb(deps.db)
    .selectFrom('broker_orders')
    .select(['id', 'listing_id', 'quantity'])
    .where('status', '=', S.AWAITING_PAYMENT)
    .where('expires_at', '<=', new Date(now))
    .limit(200)
    .execute();
  let n = 0;
  for (const row of due) if (await endUnpaid(deps, row, S.TIMEOUT)) n++;
  return n;
}

/**
 * A fill of a buy order (docs/decisions/0025-bid-book.md) becomes a broker order already paid (102):
 * the bid-book module moved its money into the escrow and, for a merchant, reserved the listing's
 * stock, in the caller's transaction. From here delivery, confirmation, refusal and settlement are
 * a broker order's. A player selling from his own role has no merchant nor listing. The chat opens
 * here; the caller tells `paid` once committed.
 */
export async function createFilledBrokerOrder(
  trx: Db,
  deps: Pick<BrokerOrderDeps, 'events'>,
  fill: {
    requestKey: string;
    buyerUserId: number;
    sellerUserId: number;
    merchantId: number | null;
    listingId: number | null;
    title: string;
    applicationId: string;
    serverId: string;
    serverName: string;
    masterServerId: string;
    goldType: number;
    goldName: string;
    quantity: number;
    unitPriceFen: number;
    totalFen: number;
    feeFen: number;
    deliverTo: { accountId: string; roleId: string; roleName: string };
    deliverMinutes: number;
    now: number;
  },
): Promise<number> {
  const inserted = await brokerDb(trx)
    .insertInto('broker_orders')
    .values({
      order_no: `pending-${fill.buyerUserId}-${fill.requestKey}`,
      request_key: fill.requestKey,
      buyer_user_id: fill.buyerUserId,
      merchant_id: fill.merchantId,
      seller_user_id: fill.sellerUserId,
      listing_id: fill.listingId,
      application_id: fill.applicationId,
      server_id: fill.serverId,
      server_name: fill.serverName,
      master_server_id: fill.masterServerId,
      gold_type: fill.goldType,
      gold_name: fill.goldName,
      quantity: fill.quantity,
      unit_price_fen: fill.unitPriceFen,
      total_fen: fill.totalFen,
      fee_fen: fill.feeFen,
      status: S.PAID,
      deliver_account_id: fill.deliverTo.accountId,
      deliver_role_id: fill.deliverTo.roleId,
      deliver_role_name: fill.deliverTo.roleName,
      expires_at: null,
      paid_at: new Date(fill.now),
      deliver_before: new Date(fill.now + fill.deliverMinutes * 60_000),
      note: '求购成交，款项已从买家冻结的余额支付',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await brokerDb(trx)
    .updateTable('broker_orders')
    .set({ order_no: brokerOrderNo(inserted.id, fill.now) })
    .where('id', '=', inserted.id)
    .execute();
  await deps.events?.opened(trx, {
    id: inserted.id,
    buyerUserId: fill.buyerUserId,
    sellerUserId: fill.sellerUserId,
    title: fill.title,
  });
  return inserted.id;
}
