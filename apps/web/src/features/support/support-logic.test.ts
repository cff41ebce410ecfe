import { describe, expect, it } from 'vitest';
import { canOpenServiceLink, progressOf, reasonText, waitLeft } from './support-logic';

describe('customer service on the order page', () => {
  it('words the progress of a request', () => {
    expect(progressOf({ status: 'open', outcome: null, staffName: null })).toMatchObject({
      step: 0,
      label: '等待客服接入',
    });
    expect(progressOf({ status: 'joined', outcome: null, staffName: '小林' })).toMatchObject({
      step: 1,
      label: '客服已介入',
      hint: expect.stringContaining('小林'),
    });
    expect(progressOf({ status: 'closed', outcome: 'refund', staffName: '小林' }).label).toBe('已处理：退款');
    expect(progressOf({ status: 'closed', outcome: 'confirm', staffName: null }).label).toBe('已处理：确认收货');
    expect(progressOf({ status: 'closed', outcome: 'close', staffName: null }).label).toBe('已处理：已关闭');
  });

  it('sends the picked reason with the details after it', () => {
    expect(reasonText('未收到商品', '  ')).toBe('未收到商品');
    expect(reasonText('数量不对', '少了一万金币')).toBe('数量不对：少了一万金币');
  });

  it('counts down to the next urge', () => {
    expect(waitLeft(null, 0)).toBeNull();
    expect(waitLeft(1000, 1_000_000)).toBeNull();
    expect(waitLeft(1600, 1_000_500)).toBe('10:00');
    expect(waitLeft(1065, 1_000_000)).toBe('01:05');
  });

  it('opens the link only where a new window can open', () => {
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';
    expect(canOpenServiceLink('h5', phone)).toBe(true);
    expect(canOpenServiceLink('h5', `${phone} MicroMessenger/8.0`)).toBe(false);
    expect(canOpenServiceLink('web', 'Mozilla/5.0 (Windows NT 10.0) Chrome/130')).toBe(false);
    expect(canOpenServiceLink('h5pc', 'Mozilla/5.0')).toBe(false);
    expect(canOpenServiceLink('h5sdk', phone)).toBe(false);
  });
});
