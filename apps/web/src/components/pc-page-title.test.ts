import { describe, expect, it } from 'vitest';
import { pageOfPath, pcDocumentTitle } from './pc-page-title';

describe('PC window titles', () => {
  it('finds the page of a path in its scene', () => {
    expect(pageOfPath('web', '/web/pages/orderNew/orderList/orderList')).toBe('orderList');
    expect(pageOfPath('webpc', '/webpc/pages/commodityList/list/')).toBe('list');
    expect(pageOfPath('web', '/h5/pages/commodityList/list')).toBeNull();
    expect(pageOfPath('web', '/web/pages/nowhere')).toBeNull();
  });
  it('names the page, a given title first, the brand alone for an unknown page', () => {
    expect(pcDocumentTitle('游戏交易平台', 'web', '/web/pages/userCenter/myCoupon/myCoupon')).toBe(
      '我的优惠券 - 游戏交易平台',
    );
    expect(pcDocumentTitle('游戏交易平台', 'web', '/web/pages/commodityDetail/index', '99级剑侠')).toBe(
      '99级剑侠 - 游戏交易平台',
    );
    expect(pcDocumentTitle('游戏交易平台', 'web', '/web/pages/nowhere')).toBe('游戏交易平台');
  });
});
