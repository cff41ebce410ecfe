import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launchBrowser } from '../browser';
import { docShot, logIn, newPage, phoneNumber } from './market-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const cardIds = (page: Page) =>
  page.getByTestId('commodity-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-id')));
/** The list once it shows the answer to the query in the address bar (not the page before). */
const settled = (page: Page) => {
  const query = new URLSearchParams(new URL(page.url()).search).toString();
  return page.locator(`[data-testid="commodity-list"][aria-busy="false"][data-query="${query}"]`).waitFor();
};
const resultCount = async (page: Page) =>
  Number(((await page.getByTestId('result-count').textContent()) ?? '').replace(/\D/g, ''));

/** The account area's pages, each opened from the left menu: its menu entry, window title and a mark of its own. */
const ACCOUNT_PAGES = [
  { entry: 'orderList', title: '我的订单', mark: 'order-list', shot: 'pc-account-orders' },
  { entry: 'shelf', title: '我的货架', mark: 'shelf-list', shot: 'pc-account-shelf' },
  { entry: 'myOffers', title: '我的出价', mark: 'offer-list-1', shot: null },
  { entry: 'receivedOffers', title: '收到的出价', mark: 'offer-list-2', shot: null },
  { entry: 'collections', title: '我的收藏', mark: 'my-collect', shot: null },
  { entry: 'withdraw', title: '余额与提现', mark: 'wallet-balance', shot: 'pc-account-withdraw' },
  { entry: 'coupons', title: '我的优惠券', mark: 'coupon-event', shot: 'pc-account-coupons' },
  { entry: 'messages', title: '消息', mark: 'messages-tab-chats', shot: null },
  { entry: 'userCenter', title: '个人中心', mark: 'my-page', shot: 'pc-account-my' },
] as const;

describe('PC pages (web, 1440×900)', () => {
  it('the header shows the user, 游戏大厅 and a bare list ask for a game, the header search finds games and listings', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${baseUrl()}/web/pages/index/index`);
    await page.getByTestId('pc-login').waitFor();
    const phone = phoneNumber('136');
    await logIn(page, phone);
    await page.reload();
    await page.getByTestId('home-page').waitFor();
    expect(await page.getByTestId('pc-user-phone').textContent()).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    await expect.poll(() => page.title()).toBe('首页 - 游戏交易平台');
    // platform-shell §9: a 1440 px window shows the PC page at 0.85.
    expect(await page.locator('.pc-main').evaluate((el) => getComputedStyle(el).zoom)).toBe('0.85');

    await page.getByTestId('pc-nav-lobby').click();
    await page.getByTestId('game-lobby').waitFor();
    await expect.poll(() => page.title()).toBe('游戏大厅 - 游戏交易平台');
    expect(await page.getByText('AppId异常').count()).toBe(0);

    // A list that names no game asks for one.
    await page.evaluate(() => localStorage.clear());
    await logIn(page, phone);
    await page.goto(`${baseUrl()}/web/pages/commodityList/list`);
    await page.getByTestId('game-pick').waitFor();
    expect(await page.getByText('AppId异常').count()).toBe(0);
    await page.getByTestId('game-pick-option').filter({ hasText: '三国' }).click();
    await page.waitForURL(/applicationId=demo-sanguo/);
    await page.getByTestId('commodity-card').first().waitFor();

    // The header search: a game by name opens that game's list.
    const search = page.getByTestId('pc-search-input');
    await search.fill('仙侠');
    await page.getByTestId('pc-suggest-game').filter({ hasText: '仙侠' }).waitFor();
    await search.press('Enter');
    await page.waitForURL(/applicationId=demo-xianxia/);
    await settled(page);
    await expect.poll(() => page.title()).toBe('仙侠·演示 商品列表 - 游戏交易平台');
    // A server's name searches the listings of the game in view.
    await search.fill('昆仑一服');
    await search.press('Enter');
    await page.waitForURL(/keyword=/);
    await settled(page);
    const url = new URL(page.url());
    expect(url.searchParams.get('applicationId')).toBe('demo-xianxia');
    expect(url.searchParams.get('keyword')).toBe('昆仑一服');
    expect(await resultCount(page)).toBeGreaterThan(0);
    for (const facts of await page.getByTestId('card-facts').allTextContents()) expect(facts).toContain('昆仑一服');
    expect(await page.getByTestId('keyword-input').inputValue()).toBe('昆仑一服');
    await page.context().close();
  });

  it('the list pages with numbers and filters in its sidebar; the detail stands in two columns', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${baseUrl()}/web/pages/index/index`);
    await logIn(page, phoneNumber('137'));
    await page.goto(`${baseUrl()}/web/pages/commodityList/list?applicationId=demo-xianxia`);
    await settled(page);
    const total = await resultCount(page);
    expect(total).toBeGreaterThan(40);
    // The sidebar sits left of the results.
    const side = await page.getByTestId('pc-list-side').boundingBox();
    const firstCard = await page.getByTestId('commodity-card').first().boundingBox();
    expect(side && firstCard && side.x + side.width <= firstCard.x).toBe(true);
    expect(await page.getByTestId('commodity-card').count()).toBe(20);
    await docShot(page, 'pc-list', true);

    // Page numbers: page 2 shows other listings; 上一页 comes back.
    const first = await cardIds(page);
    await page.getByTestId('pager-2').click();
    await page.waitForURL(/page=2/);
    await settled(page);
    const second = await cardIds(page);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    expect(await page.getByTestId('pager-2').getAttribute('aria-current')).toBe('page');
    await page.getByTestId('pager-prev').click();
    await page.waitForURL((u) => !u.searchParams.has('page'));
    await settled(page);
    expect(await cardIds(page)).toEqual(first);

    // Sidebar filters: roles on one server, a bad price range refused in zh-CN.
    await page.getByTestId('type-tab-1').click();
    await page.waitForURL(/type=1/);
    // The roles' list and its sidebar settle before the filters are typed in (they start afresh).
    await settled(page);
    await page.getByTestId('filter-priceMin').fill('500');
    await page.getByTestId('filter-priceMax').fill('100');
    await page.getByTestId('filter-apply').click();
    expect(await page.getByTestId('filter-error').textContent()).toBe('最低价不能高于最高价');
    await page.getByTestId('filter-priceMin').fill('');
    await page.getByTestId('filter-priceMax').fill('');
    const server = page.getByTestId('server-option').nth(1);
    const serverName = (await server.textContent()) ?? '';
    await server.click();
    await page.getByTestId('filter-apply').click();
    await page.waitForURL(/serverId=/);
    await settled(page);
    const filtered = await resultCount(page);
    expect(filtered).toBeLessThan(total);
    expect(filtered).toBeGreaterThan(0);
    for (const facts of await page.getByTestId('card-facts').allTextContents()) expect(facts).toContain(serverName);
    expect(await page.getByTestId('commodity-card').count()).toBe(Math.min(filtered, 20));

    // The detail: gallery on the left, title, price and actions on the right.
    await page.getByTestId('commodity-card').first().click();
    await page.getByTestId('commodity-detail').waitFor();
    await page.getByTestId('buy-button').waitFor();
    const gallery = await page.getByTestId('image-gallery').boundingBox();
    const head = await page.getByTestId('detail-head').boundingBox();
    const buy = await page.getByTestId('buy-button').boundingBox();
    if (!gallery || !head || !buy) throw new Error('the detail has no gallery, head or buy button');
    expect(head.x).toBeGreaterThanOrEqual(gallery.x + gallery.width);
    expect(Math.abs(head.y - gallery.y)).toBeLessThan(40);
    expect(buy.x).toBeGreaterThan(gallery.x + gallery.width);
    const title = (await page.getByTestId('detail-title').textContent())?.trim() ?? '';
    expect(await page.title()).toContain(title.replace(/^(预售|拍卖)\s*/, ''));
    await page.getByTestId('price-history').waitFor();
    await docShot(page, 'pc-detail');

    // 立即购买: the order confirm page, a desktop card under the PC header.
    await page.getByTestId('buy-button').click();
    await page.getByTestId('order-confirm').waitFor();
    await page.getByTestId('pc-center-card').waitFor();
    await expect.poll(() => page.title()).toBe('确认订单 - 游戏交易平台');
    await docShot(page, 'pc-order');
    await page.context().close();
  });

  it('every page of the account area opens from its left menu', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${baseUrl()}/web/pages/index/index`);
    await logIn(page, phoneNumber('138'));
    await page.reload();
    await page.getByTestId('pc-nav-my').click();
    await page.getByTestId('pc-account-menu').waitFor();
    for (const p of ACCOUNT_PAGES) {
      await page.getByTestId(`pc-menu-${p.entry}`).click();
      await page.getByTestId(p.mark).first().waitFor();
      expect(await page.getByTestId(`pc-menu-${p.entry}`).getAttribute('aria-current')).toBe('page');
      await expect.poll(() => page.title()).toBe(`${p.title} - 游戏交易平台`);
      // The menu stays left of the page.
      const menu = await page.getByTestId('pc-account-menu').boundingBox();
      const mark = await page.getByTestId(p.mark).first().boundingBox();
      expect(menu && mark && menu.x + menu.width <= mark.x).toBe(true);
      if (p.shot) await docShot(page, p.shot);
    }
    await page.context().close();
  });
});
