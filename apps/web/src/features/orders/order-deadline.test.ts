import { OrderStatus } from '@app/protocol/statuses/order-status';
import { describe, expect, it } from 'vitest';
import { orderDeadline } from './order-deadline';

describe("the order's deadline in the nav bar", () => {
  const o = { expireTime: 1_800_000_900, autoConfirmTime: 1_800_259_200 };

  it("counts to the server's expireTime while the order waits for payment", () => {
    expect(orderDeadline({ ...o, status: OrderStatus.AWAITING_PAYMENT })).toEqual({
      until: 1_800_000_900,
      label: '剩余支付',
      ended: '支付已超时',
    });
  });

  it('counts to autoConfirmTime while the goods wait for the receipt', () => {
    expect(orderDeadline({ ...o, status: OrderStatus.AWAITING_RECEIPT })?.until).toBe(1_800_259_200);
  });

  it('has none once paid, finished or closed, nor without the deadline in the answer', () => {
    for (const status of [OrderStatus.PAID, OrderStatus.COMPLETED, OrderStatus.CANCELLED, OrderStatus.PAYMENT_TIMEOUT])
      expect(orderDeadline({ ...o, status })).toBeNull();
    expect(orderDeadline({ status: OrderStatus.AWAITING_PAYMENT, expireTime: null, autoConfirmTime: null })).toBeNull();
  });
});
