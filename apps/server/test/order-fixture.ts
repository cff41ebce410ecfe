import { randomBytes } from 'node:crypto';
import { publishAccount, publishCoin } from '@app/protocol/calls/consignment';
import { h5sdkOrderPlace, itemConfirm, itemReject, orderInfo } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { expect } from 'vitest';
import { expectCode, type TestApp, type TestClient } from './helpers';

/**
 * The exchange's order set-up the order test files share, as broker-fixture.ts is the broker's: a
 * seller with a listing (coins or a role), a buyer who placed it and paid it at the sandbox
 * cashier, the game's delivery, and the order driven on to the status a test starts from.
 */

type GamePt = { gameId: string; gameToken: string; serverId: string };
export interface OrderParty {
  pt: GamePt;
  token: string;
}
export interface OrderParties {
  seller: OrderParty;
  buyer: OrderParty;
}
export interface PlacedOrder {
  orderId: string;
  totalAmount: number;
  commodityId: string;
}
/** Where `orderAt` leaves an order: by the status's name. */
export type FixtureStatus = 'AWAITING_PAYMENT' | 'AWAITING_RECEIPT' | 'RECEIPT_REFUSED' | 'PENDING_SETTLEMENT';

let keys = 0;
const requestKey = () => `fixture-${++keys}-${randomBytes(4).toString('hex')}`;

/** `parties` is read when a step runs (the players are made in a beforeAll). */
export function orderFixture(t: TestApp, clients: { sdk: TestClient; app: TestClient }, parties: () => OrderParties) {
  const { sdk, app } = clients;

  const status = async (orderId: string) =>
    ((await app.call(orderInfo, { orderId }, { token: parties().buyer.token })).data as { status: number }).status;

  /** The seller lists `coinNum` coins (type 2) at `price` fen; answers the commodity id. */
  async function listCoins(price: number, coinNum = 10_000): Promise<string> {
    const { seller } = parties();
    const lot = await sdk.call(publishCoin, { ...seller.pt, coinType: 2, coinNum, price }, { token: seller.token });
    expectCode(lot, '200');
    return (lot.data as { commodityId: string }).commodityId;
  }

  /** The seller lists his game role at `price` fen; answers the commodity id. */
  async function listRole(price: number): Promise<string> {
    const { seller } = parties();
    const listed = await sdk.call(publishAccount, { ...seller.pt, price }, { token: seller.token });
    expectCode(listed, '200');
    return (listed.data as { commodityId: string }).commodityId;
  }

  /** The buyer places an order for the listing (a fresh request key unless given). */
  async function place(commodityId: string, key = requestKey()): Promise<PlacedOrder> {
    const { buyer } = parties();
    const placed = await sdk.call(
      h5sdkOrderPlace,
      { ...buyer.pt, commodityId, requestKey: key, agreement: true },
      { token: buyer.token },
    );
    expectCode(placed, '200');
    const order = placed.data as { orderId: string; totalAmount: number };
    return { ...order, commodityId };
  }

  /** The buyer opens the sandbox cashier (alipay) for the order; answers the payment's trade number. */
  async function startPay(order: Pick<PlacedOrder, 'orderId' | 'totalAmount'>): Promise<string> {
    const pay = await app.call(
      wapAlipay,
      { bizNo: order.orderId, totalAmount: order.totalAmount, payPrice: order.totalAmount },
      { token: parties().buyer.token },
    );
    expectCode(pay, '200');
    return (pay.data as { tradeNo: string }).tradeNo;
  }

  /** The sandbox says the payment succeeded. */
  const succeed = (tradeNo: string) =>
    t.app.inject({ method: 'POST', url: `/sandbox/api/pay/${tradeNo}/succeed` }).then(() => undefined);

  /** Paid, then the sweep delivers through the game: the order waits for the buyer's receipt (51). */
  async function payAndDeliver(order: PlacedOrder): Promise<void> {
    await succeed(await startPay(order));
    await t.app.inject({ method: 'POST', url: '/dev/sweep', payload: { aheadMinutes: 0 } });
    await expect.poll(() => status(order.orderId)).toBe(OrderStatus.AWAITING_RECEIPT);
  }

  /**
   * An order of 10,000 coins at `price` fen (or of `commodityId`), driven to `to`: placed and unpaid,
   * delivered, refused by the buyer ('数量不对' unless `reason`), or confirmed (待入账).
   */
  async function orderAt(
    to: FixtureStatus,
    options: { price?: number; coinNum?: number; commodityId?: string; reason?: string } = {},
  ): Promise<PlacedOrder> {
    const commodityId = options.commodityId ?? (await listCoins(options.price ?? 5_000, options.coinNum));
    const order = await place(commodityId);
    if (to === 'AWAITING_PAYMENT') return order;
    await payAndDeliver(order);
    const { buyer } = parties();
    if (to === 'RECEIPT_REFUSED')
      expectCode(
        await app.call(
          itemReject,
          { orderId: order.orderId, reason: options.reason ?? '数量不对' },
          { token: buyer.token },
        ),
        '200',
      );
    if (to === 'PENDING_SETTLEMENT')
      expectCode(await app.call(itemConfirm, { orderId: order.orderId }, { token: buyer.token }), '200');
    expect(await status(order.orderId)).toBe(OrderStatus[to]);
    return order;
  }

  return { status, listCoins, listRole, place, startPay, succeed, payAndDeliver, orderAt };
}

/**
 * The seller lists 10,000 coins at `price` fen, the buyer orders and pays them through the sandbox,
 * the game delivers: answers the order id, waiting for the buyer's receipt (51).
 */
export async function deliveredCoinOrder(
  t: TestApp,
  clients: { sdk: TestClient; app: TestClient },
  people: OrderParties,
  price: number,
): Promise<string> {
  return (await orderFixture(t, clients, () => people).orderAt('AWAITING_RECEIPT', { price })).orderId;
}
