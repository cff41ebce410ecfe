import { brokerOrderStatusLabel } from '@app/protocol/statuses/broker-order-status';
import { describe, expect, it } from 'vitest';
import {
  brokerStatusHint,
  brokerStatusTone,
  brokerStatusWord,
  buyerActions,
  merchantActions,
} from './broker-order-logic';

const STATUSES = Object.keys(brokerOrderStatusLabel).map(Number);

describe('a broker order as its buyer sees it', () => {
  it('names every status in its own words and says what happens next', () => {
    expect(brokerStatusWord(101)).toBe('待付款');
    expect(brokerStatusWord(112)).toBe('交易成功(待入账)');
    expect(brokerStatusWord(-105)).toBe('拒绝收货');
    expect(brokerStatusWord(5)).toBe('未知状态');
    for (const status of STATUSES) expect(brokerStatusHint(status)).not.toBe('');
    expect(brokerStatusHint(-104)).toBe('发货失败，货款已退回您的余额');
  });

  it('offers paying and cancelling unpaid, urging while paid, confirming or refusing once delivered, nothing else', () => {
    expect(buyerActions(101)).toEqual(['cancel', 'pay']);
    expect(buyerActions(102)).toEqual(['urge']);
    expect(buyerActions(104)).toEqual(['urge']);
    expect(buyerActions(107)).toEqual(['refuse', 'confirm']);
    for (const status of [106, 110, 111, 112, -101, -102, -104, -105, -121]) expect(buyerActions(status)).toEqual([]);
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
    expect(merchantActions(107)).toEqual(['urge']);
    for (const status of [101, 110, 111, 112, -101, -102, -104, -105, -121])
      expect(merchantActions(status)).toEqual([]);
  });
});
