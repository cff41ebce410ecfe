import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { backTarget, isDoubleTap, NavBar } from './nav-bar';

describe('the back arrow', () => {
  it('goes back within the visit', () => {
    expect(backTarget('k3x9a2', '/h5/pages/commodityDetail/index')).toBe(-1);
  });

  it("goes to the scene's home from the page the visit opened on (a shared link)", () => {
    expect(backTarget('default', '/h5/pages/productNew/info')).toBe('/h5/pages/index/index');
    expect(backTarget('default', '/app/pages/commodityDetail/index')).toBe('/app/pages/index/index');
    expect(backTarget('default', '/h5sdk/pages/commodityDetail/index')).toBe('/h5sdk/pages/commodityList/list');
  });
});

describe('the title', () => {
  it('knows a double tap: a second tap within 300 ms', () => {
    expect(isDoubleTap(1_000, 1_300)).toBe(true);
    expect(isDoubleTap(1_000, 1_301)).toBe(false);
    expect(isDoubleTap(0, 200)).toBe(false);
  });
});

describe("the nav bar's options", () => {
  const render = (path: string, props: Parameters<typeof NavBar>[0]) =>
    renderToStaticMarkup(createElement(MemoryRouter, { initialEntries: [path] }, createElement(NavBar, props)));
  const buttons = (html: string) =>
    [...html.matchAll(/<button type="button"[^>]*aria-label="([^"]+)"[^>]*data-testid="([^"]+)"/g)].map(
      ([, label, id]) => `${id}:${label}`,
    );

  it('shows only back without options', () => {
    expect(buttons(render('/h5/pages/commodityList/list', { title: '商品列表' }))).toEqual(['nav-back:返回']);
  });

  it('makes each option a button with its label: 返回首页 beside back, then 搜索, 筛选 and the rule', () => {
    const html = render('/h5/pages/commodityList/list', {
      title: '商品列表',
      nav: {
        home: true,
        onSearch: () => {},
        onFilter: () => {},
        filterCount: 2,
        rule: { title: '竞拍规则', points: ['出价不低于最低出价'] },
      },
    });
    expect(buttons(html)).toEqual([
      'nav-back:返回',
      'nav-home:返回首页',
      'nav-search:搜索',
      'nav-filter:筛选（已选2项）',
      'nav-rule:竞拍规则',
    ]);
  });

  it('has no 返回首页 on the home itself', () => {
    const html = render('/h5sdk/pages/commodityList/list', { title: '首页', back: false, nav: { home: true } });
    expect(buttons(html)).toEqual([]);
  });

  it("puts the deadline's countdown beside the title, as a timer saying what runs out", () => {
    const until = Math.floor(Date.now() / 1000) + 15 * 60;
    const html = render('/h5/pages/orderNew/orderDetail/orderDetail', {
      title: '订单详情',
      nav: { deadline: { until, label: '剩余支付', ended: '支付已超时' } },
    });
    expect(html).toMatch(/class="m-nav-title has-countdown"/);
    expect(html).toMatch(/role="timer" aria-label="剩余支付 00:1[45]:\d\d"/);
    const late = render('/h5/pages/orderNew/orderDetail/orderDetail', {
      title: '订单详情',
      nav: { deadline: { until: until - 3600, label: '剩余支付', ended: '支付已超时' } },
    });
    expect(late).toContain('aria-label="支付已超时"');
    expect(late).toContain('data-ended="1"');
  });
});
