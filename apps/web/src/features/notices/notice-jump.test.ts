import { CLIENT_MESSAGES } from '@app/protocol/errors';
import { describe, expect, it } from 'vitest';
import { noticeJump } from './notice-jump';

describe('notification jumps', () => {
  it('leads each position to its page', () => {
    expect(noticeJump('h5', { position: 1, extInfo: { commodityId: '5' } })).toEqual({
      to: '/h5/pages/userCenter/saleShelf/preSaledetails?saleType=1&commodityId=5',
    });
    expect(noticeJump('app', { position: 3, extInfo: { flow: 2 } })).toEqual({
      to: '/app/pages/bargain/receivedOffers',
    });
    expect(noticeJump('app', { position: 3, extInfo: { flow: 1 } })).toEqual({ to: '/app/pages/bargain/myOffers' });
    expect(noticeJump('h5', { position: 4, extInfo: { commodityId: '9' } })).toEqual({
      to: '/h5/pages/commodityDetail/index?id=9',
    });
    expect(noticeJump('web', { position: 5, extInfo: {} })).toEqual({ to: '/web/pages/userCenter/myCoupon/myCoupon' });
    expect(noticeJump('h5', { position: 6, extInfo: { orderId: '12' } })).toEqual({
      to: '/h5/pages/personalTransaction/IM/conversation/index2?orderId=12',
    });
  });

  it('refuses in the SDK what the SDK cannot open, and leads nowhere without a position', () => {
    expect(noticeJump('h5sdk', { position: 4, extInfo: { commodityId: '9' } })).toEqual({
      refused: CLIENT_MESSAGES.jumpUnsupported,
    });
    expect(noticeJump('h5sdk', { position: 6, extInfo: { orderId: '3' } })).toEqual({
      to: '/h5sdk/pages/personalTransaction/IM/conversation/index2?orderId=3',
    });
    expect(noticeJump('h5', { position: null, extInfo: {} })).toBeNull();
  });
});
