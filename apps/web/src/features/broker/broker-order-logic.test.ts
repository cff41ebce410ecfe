import { brokerOrderStatusLabel } from '@app/protocol/statuses/broker-order-status';
import { describe, expect, it } from 'vitest';
import {
  brokerOrderDeadline,
  brokerStatusHint,
  brokerStatusTone,
  brokerStatusWord,
  buyerActions,
  deliveryPromise,
  merchantActions,
  tradeWait,
} from './broker-order-logic';

const STATUSES = Object.keys(brokerOrderStatusLabel).map(Number);

describe('a broker order as its buyer sees it', () => {
  it('names every status in its own words and says what happens next', () => {
    expect(brokerStatusWord(101)).toBe('待付款');
    expect(brokerStatusWord(112)).toBe('交易成功(待入账)');
    expect(brokerStatusWord(-105)).toBe('拒绝收货');
    expect(brokerStatusWord(5)).toBe('未知状态');
    for (const status of STATUSES) expect(brokerStatusHint(status)).not.toBe('');
    expect(brokerStatusHint(-104)).toBe('发货失败，货款已全额退还');
    // An in-game trade: meet in the game, then check the merchant's report.
    expect(brokerStatusHint(106, 'trade')).toBe('请按约定进入游戏，与商人角色面对面交易');
    expect(brokerStatusHint(106)).toBe('商人正在发货，游戏币将转入您的收货角色');
    expect(brokerStatusHint(-104, 'trade')).toBe('发货失败，货款已全额退还');
  });

  it('offers paying and cancelling unpaid, urging while paid, confirming or refusing once delivered, nothing else', () => {
    expect(buyerActions(101)).toEqual(['cancel', 'pay']);
    expect(buyerActions(102)).toEqual(['urge']);
    expect(buyerActions(104)).toEqual(['urge']);
    expect(buyerActions(107)).toEqual(['refuse', 'confirm']);
    // Past the merchant's promise a paid order may be cancelled too; it changes nothing elsewhere.
    expect(buyerActions(102, true)).toEqual(['cancel', 'urge']);
    expect(buyerActions(104, true)).toEqual(['cancel', 'urge']);
    expect(buyerActions(107, true)).toEqual(['refuse', 'confirm']);
    expect(buyerActions(106, true)).toEqual([]);
    // An in-game trade left unreported past its time: customer service, and only then.
    expect(buyerActions(106, false, true)).toEqual(['service']);
    expect(buyerActions(107, false, true)).toEqual(['refuse', 'confirm']);
    for (const status of [106, 110, 111, 112, -101, -102, -104, -105, -121]) expect(buyerActions(status)).toEqual([]);
  });

  it('tells the buyer of a trade until when the merchant reports it, that it passed, that he asked', () => {
    const at = (s: number) => `T${s}`;
    const o = { status: 106, delivery: 'trade' as const, tradeDueTime: 2_000, tradeCsTime: null };
    expect(tradeWait(o, 1_000_000, at)).toEqual({
      line: '商人须在T2000前报告交易完成，超时未报告可申请客服介入',
      asked: false,
    });
    expect(tradeWait(o, 2_000_000, at)?.line).toBe(
      '商人超时未报告交易完成，可申请客服介入，客服核实后将退款或记为已交付',
    );
    expect(tradeWait({ ...o, tradeCsTime: 2_100 }, 2_200_000, at)).toEqual({
      line: '您已于T2100申请客服介入，客服核实后将退款或记为已交付',
      asked: true,
    });
    expect(tradeWait({ ...o, delivery: 'api' }, 2_000_000, at)).toBeNull();
    expect(tradeWait({ ...o, status: 107 }, 2_000_000, at)).toBeNull();
  });

  it('shows the delivery promise with the time left, then that it passed', () => {
    const paidAt = 1_700_000_000;
    const o = { status: 102, deliverBefore: paidAt + 30 * 60, deliverMinutes: 30 };
    expect(deliveryPromise(o, paidAt * 1000)).toEqual({
      promise: '商人承诺付款后30分钟内发货',
      left: '剩余 30:00',
      late: false,
    });
    expect(deliveryPromise(o, (paidAt + 29 * 60 + 55) * 1000)?.left).toBe('剩余 00:05');
    // Over an hour the hours show (never 625:54).
    const long = { ...o, deliverBefore: paidAt + 625 * 60 + 54, deliverMinutes: 630 };
    expect(deliveryPromise(long, paidAt * 1000)?.left).toBe('剩余 10:25:54');
    expect(deliveryPromise(o, (paidAt + 30 * 60) * 1000)).toMatchObject({ late: true });
    expect(deliveryPromise(o, (paidAt + 42 * 60 + 10) * 1000)?.left).toBe(
      '已超时12分钟未发货，可取消订单，货款全额原路退回',
    );
    expect(deliveryPromise({ ...o, status: 104 }, paidAt * 1000)?.late).toBe(false);
    for (const status of [101, 106, 107, 112, -121])
      expect(deliveryPromise({ ...o, status }, paidAt * 1000)).toBeNull();
    expect(deliveryPromise({ status: 102, deliverBefore: null, deliverMinutes: null }, 0)).toBeNull();
  });

  it('tones a status as waiting, done or closed', () => {
    expect(brokerStatusTone(106)).toBe('wait');
    expect(brokerStatusTone(111)).toBe('done');
    expect(brokerStatusTone(-121)).toBe('closed');
  });
});

describe('a broker order as its merchant sees it', () => {
  it('talks and delivers a paid order, asks the game again while delivering, reminds the buyer once delivered', () => {
    expect(merchantActions(102)).toEqual(['engaged', 'deliver']);
    expect(merchantActions(104)).toEqual(['deliver']);
    expect(merchantActions(106)).toEqual(['refresh']);
    // By an in-game trade the merchant reports it (我已交易) instead of asking the game.
    expect(merchantActions(106, 'trade')).toEqual(['report']);
    expect(merchantActions(102, 'trade')).toEqual(['engaged', 'deliver']);
    expect(merchantActions(107, 'trade')).toEqual(['urge']);
    expect(merchantActions(107)).toEqual(['urge']);
    for (const status of [101, 110, 111, 112, -101, -102, -104, -105, -121])
      expect(merchantActions(status)).toEqual([]);
  });
});

describe("a broker order's deadline in the nav bar", () => {
  const times = {
    expireTime: 1_800_000_900,
    deliverBefore: 1_800_003_600,
    deliverTime: null,
    autoConfirmTime: 1_800_090_000,
  };

  it('counts to the payment deadline, then the delivery promise, then the automatic confirmation', () => {
    expect(brokerOrderDeadline({ ...times, status: 101 })).toEqual({
      until: 1_800_000_900,
      label: '剩余支付',
      ended: '支付已超时',
    });
    expect(brokerOrderDeadline({ ...times, status: 102 })?.until).toBe(1_800_003_600);
    expect(brokerOrderDeadline({ ...times, status: 104 })?.label).toBe('承诺发货');
    expect(brokerOrderDeadline({ ...times, status: 107 })?.until).toBe(1_800_090_000);
  });

  it('has none once delivered against the promise, in a trade under way, or closed', () => {
    expect(brokerOrderDeadline({ ...times, status: 102, deliverTime: 1_800_001_000 })).toBeNull();
    for (const status of [106, 110, -101, -102, -121]) expect(brokerOrderDeadline({ ...times, status })).toBeNull();
    expect(brokerOrderDeadline({ ...times, status: 101, expireTime: null })).toBeNull();
  });
});
