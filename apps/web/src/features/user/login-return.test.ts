import { describe, expect, it } from 'vitest';
import { loginReturn, queryOf } from './login-return';

const q = (s: string) => new URLSearchParams(s);

describe('where login returns', () => {
  it('goes back to fromPage with its query', () => {
    expect(loginReturn('h5', q('fromPage=%2Fh5%2Fpages%2FcommodityDetail%2Findex%3Fid%3D7'))).toEqual({
      target: '/h5/pages/commodityDetail/index?id=7',
      needAuth: false,
    });
  });

  it('builds the page from `from` and queryStr or paramsStr, in either form', () => {
    expect(loginReturn('app', q('from=pages/userCenter/index&queryStr=tab%3D2')).target).toBe(
      '/app/pages/userCenter/index?tab=2',
    );
    expect(
      loginReturn('h5', q('from=/h5/pages/commodityDetail/index&paramsStr={"id":12,"share":"share"}')).target,
    ).toBe('/h5/pages/commodityDetail/index?id=12&share=share');
    expect(loginReturn('h5', q('fromPage=/h5/pages/orderNew/orderList/orderList&paramsStr=status%3D1')).target).toBe(
      '/h5/pages/orderNew/orderList/orderList?status=1',
    );
  });

  it('asks for real-name verification first with needAuth', () => {
    expect(loginReturn('h5', q('from=/h5/pages/manualPreSale/manualPreSale&needAuth=1'))).toEqual({
      target: '/h5/pages/manualPreSale/manualPreSale',
      needAuth: true,
    });
    expect(loginReturn('h5', q('needAuth=0')).needAuth).toBe(false);
    expect(loginReturn('h5', q('needAuth=false')).needAuth).toBe(false);
  });

  it("never leaves the scene: other sites, other scenes and the login page go to the scene's home", () => {
    for (const bad of [
      'fromPage=https://evil.example/h5/',
      'fromPage=//evil.example/h5/pages/index/index',
      'fromPage=/web/pages/userCenter/index',
      'from=/h5\\evil',
      'fromPage=/h5/pages/login/login?fromPage=/h5/pages/my/index',
      '',
    ])
      expect(loginReturn('h5', q(bad)).target).toBe('/h5/pages/index/index');
  });

  it('reads a query in every form and drops nested values', () => {
    expect(queryOf('?a=1&b=2')).toBe('a=1&b=2');
    expect(queryOf('{"a":1,"b":{"c":2},"d":null}')).toBe('a=1');
    expect(queryOf('{broken')).toBe('');
    expect(queryOf('[1,2]')).toBe('');
    expect(queryOf(null)).toBe('');
  });
});
