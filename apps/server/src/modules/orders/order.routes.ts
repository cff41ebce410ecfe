import {
  cancelOrder,
  changeOrderCoupon,
  checkIsMyOrder,
  commodityIsMyOrder,
  getFinishBuyOrderList,
  getSellOrderList,
  h5sdkOrderPlace,
  itemConfirm,
  itemReject,
  orderInfo,
  orderPlace,
  orderStatus,
} from '@app/protocol/calls/orders';
import { ErrorCode } from '@app/protocol/errors';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { ATTR_ORDER_ID, ATTR_ORDER_NO, traceAttributes } from '../../platform/tracing/trace-attributes';
import { listingSummary } from '../exchange/listings';
import type { GameGateway } from '../games/game-gateway';
import type { OriginRefunds } from '../payments/refund-port';
import { confirmReceipt, rejectReceipt } from './delivery.service';
import * as orders from './order.service';
import type { OrderEvents } from './order-events';
import { toOrders, toOrder as view } from './order-view';
import { ordersDb } from './orders.tables';

export function orderRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  gateway: GameGateway,
  events: OrderEvents | undefined,
  /** 原路退回: where a refunded order's money goes, on its detail. */
  refunds: OriginRefunds,
): void {
  const { db } = platform;
  const deps: orders.OrderDeps = { db, gateway, refunds, ...(events ? { events } : {}) };
  const toOrder = (d: typeof db, row: Parameters<typeof view>[1], viewer: number) =>
    view(d, row, viewer, gateway.receiptHolds);

  /** The placed order as its buyer sees it, from the listing the placement read (not read again). */
  const placed = async (input: orders.PlaceInput) => {
    const { order, listing } = await orders.placing(deps, input);
    traceAttributes({ [ATTR_ORDER_ID]: String(order.id), [ATTR_ORDER_NO]: order.order_no });
    return view(db, order, input.buyer.userId, gateway.receiptHolds, listing && listingSummary(listing));
  };
  registerCall(app, platform, orderPlace, (input, ctx) =>
    placed({ ...input, buyer: { userId: ctx.user.userId, uid: ctx.user.uid } }),
  );
  registerCall(app, platform, h5sdkOrderPlace, (input, ctx) => {
    if (!ctx.user) throw new AppError(ErrorCode.LOGIN_TIMEOUT);
    const buyer = { userId: ctx.user.userId, uid: ctx.user.uid };
    return placed({ ...input, buyer, player: { accountId: ctx.player.accountId, roleId: ctx.player.roleId } });
  });

  const myUnpaid = async (userId: number, commodityId: string) => {
    const row = await ordersDb(db)
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('buyer_user_id', '=', userId)
      .where('commodity_id', '=', Number(commodityId))
      .where('status', '=', OrderStatus.AWAITING_PAYMENT)
      .executeTakeFirst();
    return { orderId: row ? String(row.id) : null, status: row?.status ?? null };
  };
  registerCall(app, platform, commodityIsMyOrder, (input, ctx) => myUnpaid(ctx.user.userId, input.commodityId));
  registerCall(app, platform, checkIsMyOrder, (input, ctx) => myUnpaid(ctx.user.userId, input.commodityId));

  registerCall(app, platform, orderStatus, async (input, ctx) => {
    const row = await orders.viewerOrder(db, ctx.user.userId, input.orderId);
    const view = await toOrder(db, row, ctx.user.userId);
    return { orderId: view.orderId, status: view.status, statusLabel: view.statusLabel, expireTime: view.expireTime };
  });
  registerCall(app, platform, orderInfo, async (input, ctx) => {
    const row = await orders.viewerOrder(db, ctx.user.userId, input.orderId);
    const view = await toOrder(db, row, ctx.user.userId);
    // The buyer's money of a returned order: what it paid and the deposit applied to it.
    const refunded =
      row.status === OrderStatus.RETURNED && row.buyer_user_id === ctx.user.userId
        ? { amountFen: Number(row.total_fen) + Number(row.deposit_fen), at: row.updated_at }
        : null;
    return {
      ...view,
      teamInfo: { groupId: (await events?.groupOf(row.id)) ?? null },
      refunds: row.buyer_user_id === ctx.user.userId ? await refunds.linesOf(db, 'order', row.id, refunded) : [],
    };
  });
  registerCall(app, platform, cancelOrder, async (input, ctx) =>
    toOrder(db, await orders.cancelOrder(deps, ctx.user.userId, input.orderId), ctx.user.userId),
  );
  registerCall(app, platform, itemConfirm, async (input, ctx) =>
    toOrder(db, await confirmReceipt(deps, ctx.user.userId, input.orderId), ctx.user.userId),
  );
  registerCall(app, platform, itemReject, async (input, ctx) =>
    toOrder(db, await rejectReceipt(deps, ctx.user.userId, input.orderId, input.reason, input.images), ctx.user.userId),
  );
  const page = async (userId: number, found: Awaited<ReturnType<typeof orders.ordersOf>>) => ({
    list: await toOrders(db, found.rows, userId, gateway.receiptHolds),
    hasMore: found.hasMore,
  });
  registerCall(app, platform, getFinishBuyOrderList, async (input, ctx) =>
    page(
      ctx.user.userId,
      await orders.ordersOf(db, {
        userId: ctx.user.userId,
        side: 'buyer',
        page: input.page,
        pageSize: input.pageSize,
        finished: input.finished === 1,
      }),
    ),
  );
  registerCall(app, platform, getSellOrderList, async (input, ctx) =>
    page(
      ctx.user.userId,
      await orders.ordersOf(db, {
        userId: ctx.user.userId,
        side: 'seller',
        page: input.page,
        pageSize: input.pageSize,
      }),
    ),
  );
  registerCall(app, platform, changeOrderCoupon, async (input, ctx) =>
    toOrder(db, await orders.changeOrderCoupon(deps, ctx.user.userId, input.orderId, input.couponId), ctx.user.userId),
  );
}
