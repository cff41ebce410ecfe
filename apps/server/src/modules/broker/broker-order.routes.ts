import {
  brokerCancelOrder,
  brokerConfirmOrder,
  brokerGetRateCustomerService,
  brokerOrderInfo,
  brokerOrderList,
  brokerOrderPlace,
  brokerOrderStatus,
  brokerRateCustomerService,
  brokerRefuseOrder,
  brokerTradeCustomerService,
  brokerUrgeBuyerReceipt,
  brokerUrgeSellerDelivery,
  deliveredOrder,
  getOrderStatusList,
  orderEngaged,
  startOrderDelivery,
} from '@app/protocol/calls/broker-orders';
import { BrokerOrderStatus, brokerOrderStatusLabel } from '@app/protocol/statuses/broker-order-status';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall, registerCallReadingSession } from '../../platform/http/register-call';
import { type BrokerOrderDeps, viewerBrokerOrder } from './broker-order.queries';
import { buyerConfirmBrokerOrder, engageBrokerOrder, refuseBrokerOrder, urgeBrokerOrder } from './broker-order.service';
import { recheckBrokerDelivery, startBrokerDelivery } from './broker-order-delivery';
import { cancelBrokerOrder, placeBrokerOrder } from './broker-order-place';
import { requestTradeCustomerService } from './broker-order-stuck';
import { brokerOrderStatusList, brokerOrderList as listOrders, toBrokerOrder } from './broker-order-view';
import { brokerServiceRatingOf, rateBrokerService } from './broker-service-rating';

/** The broker orders' calls (`/…/api/app/broker/v1/…`): thin, over the order and delivery services. */
export function brokerOrderRoutes(app: FastifyInstance, platform: CallPlatform, deps: BrokerOrderDeps): void {
  const { db } = deps;
  registerCallReadingSession(app, platform, brokerOrderPlace, (input, ctx) =>
    placeBrokerOrder(deps, ctx.caller, input),
  );
  registerCall(app, platform, brokerOrderInfo, async (input, ctx) => {
    const { row, role } = await viewerBrokerOrder(db, ctx.user.userId, input.orderId, input.type);
    const order = await toBrokerOrder(deps, row, role);
    const refunded = [BrokerOrderStatus.RETURNED, BrokerOrderStatus.DELIVERY_FAILED].includes(row.status as never)
      ? { amountFen: Number(row.total_fen), at: row.updated_at }
      : null;
    const refunds = role === 'buyer' && deps.refunds ? await deps.refunds.linesOf(db, 'broker', row.id, refunded) : [];
    return { ...order, teamInfo: { groupId: (await deps.events?.groupOf(row.id)) ?? null }, refunds };
  });
  registerCall(app, platform, brokerOrderStatus, async (input, ctx) => {
    const { row } = await viewerBrokerOrder(db, ctx.user.userId, input.orderId);
    return {
      orderId: String(row.id),
      status: row.status,
      statusLabel: brokerOrderStatusLabel[row.status as keyof typeof brokerOrderStatusLabel] ?? '',
      expireTime:
        row.status === BrokerOrderStatus.AWAITING_PAYMENT && row.expires_at
          ? Math.floor(row.expires_at.getTime() / 1000)
          : null,
    };
  });
  registerCall(app, platform, brokerOrderList, (input, ctx) => listOrders(deps, ctx.user.userId, input));
  registerCall(app, platform, getOrderStatusList, (input, ctx) => brokerOrderStatusList(db, ctx.user.userId, input));
  registerCall(app, platform, brokerCancelOrder, (input, ctx) =>
    cancelBrokerOrder(deps, ctx.user.userId, input.orderId),
  );
  registerCall(app, platform, orderEngaged, (input, ctx) => engageBrokerOrder(deps, ctx.user.userId, input.orderId));
  registerCall(app, platform, startOrderDelivery, (input, ctx) =>
    startBrokerDelivery(deps, ctx.user.userId, {
      orderId: input.orderId,
      gameAccountId: input.gameAccountId,
      gameRoleId: input.gameRoleId,
    }),
  );
  registerCall(app, platform, deliveredOrder, (input, ctx) => recheckBrokerDelivery(deps, ctx.user.userId, input));
  registerCall(app, platform, brokerConfirmOrder, (input, ctx) =>
    buyerConfirmBrokerOrder(deps, ctx.user.userId, input.orderId),
  );
  registerCall(app, platform, brokerRefuseOrder, (input, ctx) =>
    refuseBrokerOrder(deps, ctx.user.userId, input.orderId, input.reason),
  );
  registerCall(app, platform, brokerTradeCustomerService, async (input, ctx) => {
    await requestTradeCustomerService(deps, ctx.user.userId, input.orderId, input.reason);
    const { row, role } = await viewerBrokerOrder(db, ctx.user.userId, input.orderId);
    return toBrokerOrder(deps, row, role);
  });
  registerCall(app, platform, brokerRateCustomerService, (input, ctx) =>
    rateBrokerService(db, ctx.user.userId, input.orderId, input.score, input.comment ?? ''),
  );
  registerCall(app, platform, brokerGetRateCustomerService, (input, ctx) =>
    brokerServiceRatingOf(db, ctx.user.userId, input.orderId),
  );
  registerCall(app, platform, brokerUrgeSellerDelivery, (input, ctx) =>
    urgeBrokerOrder(deps, ctx.user.userId, input.orderId, 'delivery'),
  );
  registerCall(app, platform, brokerUrgeBuyerReceipt, (input, ctx) =>
    urgeBrokerOrder(deps, ctx.user.userId, input.orderId, 'receipt'),
  );
}
