import { describe, expect, it } from 'vitest';
import { cashierMode, depositReturnPath } from './cashier-mode';

describe('cashierMode', () => {
  it("pays an order by its id and a deposit by its bizNo ('D…'), nothing else", () => {
    expect(cashierMode('123')).toBe('order');
    expect(cashierMode('D45')).toBe('deposit');
    expect(cashierMode('')).toBe('none');
    expect(cashierMode('D')).toBe('none');
    expect(cashierMode('d45')).toBe('none');
    expect(cashierMode('45D')).toBe('none');
    expect(cashierMode('B77')).toBe('broker');
    expect(cashierMode('B')).toBe('none');
    expect(cashierMode('Q12')).toBe('bid');
    expect(cashierMode('Q')).toBe('none');
    expect(cashierMode('q12')).toBe('none');
  });
});

describe('depositReturnPath', () => {
  it('goes back to the proposals for 还价 / 出价 and to the auction detail for a bid', () => {
    expect(depositReturnPath('h5', { purpose: 'bargain', commodityId: '9' })).toBe('/h5/pages/bargain/myOffers');
    expect(depositReturnPath('web', { purpose: 'offer', commodityId: '9' })).toBe('/web/pages/bargain/myOffers');
    expect(depositReturnPath('h5sdk', { purpose: 'auction', commodityId: '9' })).toBe(
      '/h5sdk/pages/userCenter/saleShelf/auctiondetails/auctiondetails?saleType=2&commodityId=9',
    );
  });
});
