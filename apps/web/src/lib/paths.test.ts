import { describe, expect, it } from 'vitest';
import { PAGES, pagePath, paths, SCENE_PAGES } from './paths';

describe('page paths', () => {
  it('puts every scene page under /{scene}/pages/', () => {
    expect(pagePath('h5', 'home')).toBe('/h5/pages/index/index');
    expect(pagePath('web', 'detail')).toBe('/web/pages/commodityDetail/index');
    for (const page of Object.values(PAGES)) expect(page.startsWith('/')).toBe(false);
    for (const path of Object.values(SCENE_PAGES)) expect(path.startsWith('/')).toBe(true);
  });

  it('builds the queries the pages read', () => {
    expect(paths.list('h5')).toBe('/h5/pages/commodityList/list');
    expect(paths.list('h5', { applicationId: 'demo-legend' })).toBe(
      '/h5/pages/commodityList/list?applicationId=demo-legend',
    );
    expect(paths.list('app', { applicationId: 'demo-legend', type: 2 })).toBe(
      '/app/pages/commodityList/list?applicationId=demo-legend&type=2',
    );
    expect(paths.list('app', { applicationId: undefined, type: 1 })).toBe('/app/pages/commodityList/list?type=1');
    expect(paths.detail('h5', { id: '7', applicationId: 'g', type: 1 })).toBe(
      '/h5/pages/commodityDetail/index?id=7&applicationId=g&type=1',
    );
    expect(paths.login('h5', '/h5/pages/my/index?x=1')).toBe(
      '/h5/pages/login/login?fromPage=%2Fh5%2Fpages%2Fmy%2Findex%3Fx%3D1',
    );
    expect(paths.realName('h5', '/h5/pages/my/index')).toBe(
      '/h5/pages/userCenter/cardIdRelevant/cardIdUpload/cardIdUpload?from=%2Fh5%2Fpages%2Fmy%2Findex',
    );
    expect(paths.orderDetail('h5', '12', { paid: true })).toBe(
      '/h5/pages/orderNew/orderDetail/orderDetail?orderId=12&paid=1',
    );
    expect(paths.service('webpc')).toBe('/webpc/pages/service/service');
    expect(paths.shareLink('https://m.example.com', '5')).toBe(
      'https://m.example.com/h5/pages/productNew/info?ct=0&id=5&share=share',
    );
  });

  it("leads 返回首页 to the scene's home (the SDK's list)", () => {
    expect(paths.sceneHome('h5sdk')).toBe('/h5sdk/pages/commodityList/list');
    expect(paths.sceneHome('web')).toBe('/web/pages/index/index');
  });

  it('builds the broker channel’s pages (商人卖币, 商人中心, broker orders)', () => {
    expect(paths.brokerList('h5', 'demo-legend')).toBe('/h5/pages/broker/commodityList?applicationId=demo-legend');
    expect(paths.brokerList('web', 'demo-legend', { serverId: 's1', goldType: 2 })).toBe(
      '/web/pages/broker/commodityList?applicationId=demo-legend&serverId=s1&goldType=2',
    );
    expect(paths.brokerDetail('h5', '7', true)).toBe('/h5/pages/broker/commodityDetail?commodityId=7#bid-book');
    expect(paths.brokerDetail('web', '12')).toBe('/web/pages/broker/commodityDetail?commodityId=12');
    expect(paths.brokerOrderConfirm('h5', '12', 125000)).toBe(
      '/h5/pages/broker/orderConfirm?commodityId=12&quantity=125000',
    );
    expect(paths.brokerOrderDetail('h5', '7', { paid: true })).toBe('/h5/pages/broker/orderDetail?orderId=7&paid=1');
    expect(paths.merchantCenter('web')).toBe('/web/pages/broker/merchantCenter');
    expect(paths.cashier('h5', 'B7')).toBe('/h5/pages/orderNew/cashier/cashier?orderId=B7');
  });
});
