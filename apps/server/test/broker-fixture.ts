import { randomBytes } from 'node:crypto';
import { type BrokerListing, merchantApply, publishCommodity } from '@app/protocol/calls/broker';
import {
  type BrokerOrder,
  brokerOrderInfo,
  brokerOrderPlace,
  startOrderDelivery,
} from '@app/protocol/calls/broker-orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import { expect } from 'vitest';
import { setBrokerConfig } from '../src/modules/broker/broker-config';
import { expectCode, type sdkPlayer, type TestApp, type TestClient } from './helpers';
import { opsApi } from './ops-helpers';

/**
 * The broker channel's setup the broker test files share (docs/decisions/0023-broker.md): the
 * channel of 传奇·演示 opened for 金币, a player applying as a merchant and approved by the
 * operator, a listing published. Each file then places, pays and delivers its own orders.
 */
export const BROKER_GAME = 'demo-legend';

export const BROKER_CONFIG = {
  applicationId: BROKER_GAME,
  enabled: true,
  goldTypes: [{ goldType: 2, goldName: '金币' }],
  minQuantity: 10_000,
  maxQuantity: 100_000_000,
  feePercent: 3,
  deliverMinutes: 60,
  confirmHours: 24,
};

/** Opens the channel (BROKER_CONFIG, with `over`). */
export const openBrokerChannel = (t: TestApp, over: Partial<Parameters<typeof setBrokerConfig>[1]> = {}) =>
  setBrokerConfig(t.db, { ...BROKER_CONFIG, ...over });

/** The player (his session's token) applies as `shopName`; the operator approves him with ¥1,000 of credit. */
export async function approvedMerchant(t: TestApp, client: TestClient, token: string, shopName: string) {
  const applied = await client.call(
    merchantApply,
    { applicationId: BROKER_GAME, shopName, agreement: true },
    { token },
  );
  expectCode(applied, '200');
  const { merchantId } = applied.data as { merchantId: string };
  const ops = opsApi(t);
  const decided = await ops.call('POST', `/merchants/${merchantId}/decide`, {
    token: await ops.login('ops-admin', 'demo-ops-123'),
    body: { decision: 'approve', creditFen: 100_000 },
  });
  expect(decided.data).toMatchObject({ status: 'approved' });
  return merchantId;
}

/** A 金币 listing of the merchant on his role's server: ¥1.50 per 万, 500万 in stock, 1万–100万 per order. */
export async function publishedListing(
  client: TestClient,
  merchant: { token: string; pt: { serverId: string } },
  over: Record<string, unknown> = {},
): Promise<BrokerListing> {
  const listed = await client.call(
    publishCommodity,
    {
      applicationId: BROKER_GAME,
      serverId: merchant.pt.serverId,
      goldType: 2,
      unitPrice: 150,
      stock: 5_000_000,
      minPerOrder: 10_000,
      maxPerOrder: 1_000_000,
      deliverMinutes: 30,
      ...over,
    },
    { token: merchant.token },
  );
  expectCode(listed, '200');
  return listed.data as BrokerListing;
}

type Player = Awaited<ReturnType<typeof sdkPlayer>>;

/** Who a file's orders are between, read when a helper runs (the file's beforeAll sets them). */
export interface BrokerParties {
  buyer: Player;
  merchant: Player;
  /** The listing `paidOrder` buys from. */
  lot?: BrokerListing;
}

/** A broker order as its buyer reads it, with its chat group. */
export type BrokerOrderInfo = BrokerOrder & { teamInfo: { groupId: string | null } };

/**
 * The order steps the broker test files share: read an order, place one (buyer1's role), pay it
 * through the sandbox cashier (alipay, the notification succeeding), start the merchant's delivery
 * from his player1 role. Each file keeps what it alone asserts.
 */
export function brokerOrderSteps(t: TestApp, app: TestClient, parties: () => BrokerParties) {
  const info = async (orderId: string, token = parties().buyer.token) => {
    const res = await app.call(brokerOrderInfo, { orderId }, { token });
    expectCode(res, '200');
    return res.data as BrokerOrderInfo;
  };
  const place = (commodityId: string, over: Record<string, unknown> = {}, who: Player = parties().buyer) =>
    app.call(
      brokerOrderPlace,
      {
        commodityId,
        quantity: 100_000,
        gameAccountId: 'buyer1',
        gameRoleId: who.info.roleId,
        requestKey: `bk-${randomBytes(6).toString('hex')}`,
        agreement: true,
        ...over,
      },
      { token: who.token },
    );
  const placed = async (commodityId: string, over: Record<string, unknown> = {}) => {
    const res = await place(commodityId, over);
    expectCode(res, '200');
    return res.data as BrokerOrder;
  };
  /** Starts the buyer's payment at the sandbox cashier (alipay): answers the trade. */
  const startPay = async (order: BrokerOrder) => {
    const res = await app.call(
      wapAlipay,
      { bizNo: order.bizNo, totalAmount: order.totalAmount, payPrice: order.totalAmount },
      { token: parties().buyer.token },
    );
    expectCode(res, '200');
    return (res.data as { tradeNo: string }).tradeNo;
  };
  const succeed = (tradeNo: string) => t.app.inject({ method: 'POST', url: `/sandbox/api/pay/${tradeNo}/succeed` });
  /** Pays the order whole; it reads 已付款. */
  const pay = async (order: BrokerOrder) => {
    await succeed(await startPay(order));
    const paid = await info(order.orderId);
    expect(paid.status).toBe(BrokerOrderStatus.PAID);
    return paid;
  };
  /** An order of `quantity` from the parties' listing, placed and paid. */
  const paidOrder = async (quantity = 10_000) => {
    const lot = parties().lot;
    if (!lot) throw new Error('paidOrder: the parties name no listing');
    return pay(await placed(lot.commodityId, { quantity }));
  };
  const deliver = (orderId: string, roleId = parties().merchant.info.roleId) =>
    app.call(
      startOrderDelivery,
      { orderId, gameAccountId: 'player1', gameRoleId: roleId },
      { token: parties().merchant.token },
    );
  return { info, place, placed, startPay, succeed, pay, paidOrder, deliver };
}

/** What of a broker order's payments went back the way it came (原路退回: the gateway said so), in fen. */
export async function refundedToOrigin(t: TestApp, orderId: string): Promise<number> {
  const rows = await t.db
    .selectFrom('refunds')
    .select('amount_fen')
    .where('purpose', '=', 'broker')
    .where('ref', '=', Number(orderId))
    .where('status', '=', 'succeeded')
    .execute();
  return rows.reduce((n, r) => n + Number(r.amount_fen), 0);
}
