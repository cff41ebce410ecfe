import { afterEach, describe, expect, it, vi } from 'vitest';
import { payableNextPath } from './payable-next';

/** The one key return-path.ts keeps, in a session storage of this test's own. */
function oneKeyStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

afterEach(() => vi.unstubAllGlobals());

describe('payableNextPath', () => {
  it('goes to the page the server names, in the scene of the cashier', () => {
    expect(payableNextPath('h5', { bizNo: '12', next: { page: 'order', id: '12' } })).toBe(
      '/h5/pages/orderNew/orderDetail/orderDetail?orderId=12',
    );
    expect(payableNextPath('web', { bizNo: '12', next: { page: 'order', id: '12' } }, true)).toBe(
      '/web/pages/orderNew/orderDetail/orderDetail?orderId=12&paid=1',
    );
    expect(payableNextPath('h5', { bizNo: 'D3', next: { page: 'offers', id: '' } })).toBe('/h5/pages/bargain/myOffers');
    expect(payableNextPath('h5sdk', { bizNo: 'D4', next: { page: 'auction', id: '9' } })).toBe(
      '/h5sdk/pages/userCenter/saleShelf/auctiondetails/auctiondetails?saleType=2&commodityId=9',
    );
    expect(payableNextPath('h5', { bizNo: 'B5', next: { page: 'brokerOrder', id: '5' } }, true)).toMatch(
      /^\/h5\/pages\/broker\/orderDetail\?orderId=5&paid=1$/,
    );
  });

  it("goes back to where a bid was posted from, else to its channel's list", () => {
    vi.stubGlobal('sessionStorage', oneKeyStorage());
    const bid = { bizNo: 'Q7', next: { page: 'brokerList' as const, id: 'g1' } };
    expect(payableNextPath('h5', bid)).toMatch(/^\/h5\/pages\/broker\/commodityList/);
    sessionStorage.setItem('returnTo:Q7', '/h5/pages/broker/myBids');
    expect(payableNextPath('h5', bid)).toBe('/h5/pages/broker/myBids');
  });
});
