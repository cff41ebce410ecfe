import { orderInfo } from '@app/protocol/calls/orders';
import type { WorkbenchCase } from '@app/protocol/ops';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCode, sdkPlayer, useTestApp, useTestClient } from './helpers';
import { opsApi } from './ops-helpers';
import { orderFixture } from './order-fixture';

/** The customer-service workbench beside the chat: the order, its timeline and the game's receipt, for staff only. */
let seller: Awaited<ReturnType<typeof sdkPlayer>>;
let buyer: Awaited<ReturnType<typeof sdkPlayer>>;
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
beforeAll(async () => {
  seller = await sdkPlayer(t, sdk, 'player1', '1385100');
  buyer = await sdkPlayer(t, sdk, 'buyer1', '1386100');
});

const _status = async (orderId: string) =>
  ((await app.call(orderInfo, { orderId }, { token: buyer.token })).data as { status: number }).status;

const orders = orderFixture(t, { sdk, app }, () => ({ seller, buyer }));
/** A coin lot bought, paid, delivered and refused by the buyer: the refusal opens the 客服 request. */
const refusedOrder = async (price: number) => (await orders.orderAt('RECEIPT_REFUSED', { price })).orderId;

describe('the customer-service workbench', () => {
  it("answers staff the order's timeline and the game's signed receipt; refuses a user's token and no token", async () => {
    const orderId = await refusedOrder(5_100);
    const ops = opsApi(t);
    const staff = await ops.login('ops-cs', 'demo-cs-123');
    const waiting = await ops.call<{ list: Array<{ id: string; orderId: string }> }>('GET', '/support', {
      token: staff,
    });
    const request = waiting.data.list.find((r) => r.orderId === orderId);
    expect(request).toBeDefined();
    const id = request?.id ?? '';

    // Nobody but staff reads it: no token, a player's session token, a made-up one.
    for (const token of [undefined, buyer.token, 'x'.repeat(43)]) {
      const refused = await ops.call('GET', `/support/${id}/case`, token ? { token } : {});
      expect(refused.status).toBe(401);
      expect(refused.code).toBe('60001');
      expect(refused.data ?? null).toBeNull();
    }

    const joined = await ops.call('POST', `/support/${id}/join`, { token: staff, body: {} });
    expectCode(joined, '200');
    const answer = await ops.call<WorkbenchCase>('GET', `/support/${id}/case`, { token: staff });
    expect(answer.status).toBe(200);
    const c = answer.data;
    expect(c.request).toMatchObject({ id, status: 'joined', askedBy: 'buyer', staffName: '演示客服' });
    expect(c.order).toMatchObject({
      orderId,
      status: OrderStatus.RECEIPT_REFUSED,
      statusLabel: '拒绝收货',
      paid: 5_100,
      buyerUid: buyer.uid,
    });
    expect(c.order.sellerUid).toBe(seller.uid);
    // The receipt as the game signed it, and the signature holds.
    expect(c.receipt).toMatchObject({ kind: 'coins', amount: 10_000, verified: true });
    expect(c.receipt?.signature).toMatch(/\S{16,}/);
    // The timeline: the order's moves, the request, the join, in order.
    const labels = c.timeline.map((s) => s.label);
    expect(labels).toEqual(['买家下单', '买家付款', '游戏交付', '拒绝收货', '买家申请客服', '客服接入']);
    expect(c.timeline.find((s) => s.label === '买家申请客服')?.detail).toBe('拒绝收货：数量不对');
    const times = c.timeline.map((s) => s.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // The decision shows up in it.
    const closed = await ops.call('POST', `/support/${id}/close`, {
      token: staff,
      body: { outcome: 'refund', note: '核实数量不符，退款' },
    });
    expectCode(closed, '200');
    const after = (await ops.call<WorkbenchCase>('GET', `/support/${id}/case`, { token: staff })).data;
    expect(after.order.statusLabel).toBe('已退回');
    expect(after.timeline.map((s) => s.label)).toEqual(expect.arrayContaining(['客服退款', '工单结束', '已退回']));
    expect(after.timeline.find((s) => s.label === '客服退款')?.detail).toBe('演示客服：核实数量不符，退款');

    // A request that does not exist.
    expect((await ops.call('GET', '/support/999999/case', { token: staff })).msg).toBe('客服工单不存在');
  });
});
