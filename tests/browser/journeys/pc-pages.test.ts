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
  { entry: 'myOffers', title: '我的还价/出价', mark: 'offer-list-1', shot: null },
  { entry: 'receivedOffers', title: '收到的还价/出价', mark: 'offer-list-2', shot: null },
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
    // The role's equipment with the attributes the game gave (攻击 120-180).
    expect(await page.getByTestId('equipment-attrs').first().textContent()).toMatch(/\S+ [+\d]/);
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
    // The seller card stands in the right column under the title, price and actions (as on 藏宝阁).
    const seller = await page.getByTestId('seller-card').boundingBox();
    if (!seller) throw new Error('the detail has no seller card');
    expect(seller.x).toBeGreaterThanOrEqual(gallery.x + gallery.width);
    expect(Math.abs(seller.x - head.x)).toBeLessThan(2);
    expect(seller.y).toBeGreaterThanOrEqual(head.y + head.height);
    expect(await page.getByTestId('detail-side').getByTestId('seller-card').count()).toBe(1);
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
      if (p.entry === 'orderList') {
        // 商人订单 is a link among the tab buttons: its words on the same line as theirs.
        const wordsTop = (testId: string) =>
          page.getByTestId(testId).evaluate((tab) => {
            const range = document.createRange();
            range.selectNodeContents(tab);
            return Math.round(range.getBoundingClientRect().top);
          });
        expect(await wordsTop('order-tab-broker')).toBe(await wordsTop('order-tab-bought'));
      }
      if (p.shot) await docShot(page, p.shot);
    }
    await page.context().close();
  });

  it('manual presale, presale detail, retrieve role, the game lists and the lobby are PC pages in every PC scene', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${baseUrl()}/web/pages/index/index`);
    await logIn(page, phoneNumber('139'));
    /** The page under the PC header, with no phone nav bar. */
    const pcPage = async () => {
      await page.getByTestId('pc-logo').waitFor();
      expect(await page.locator('.m-nav').count()).toBe(0);
    };
    /** The page in the account area: the menu on its left, `entry` lit. */
    const inAccount = async (entry: string, mark: string) => {
      await pcPage();
      await page.getByTestId(mark).first().waitFor();
      expect(await page.getByTestId(`pc-menu-${entry}`).getAttribute('aria-current')).toBe('page');
      const menu = await page.getByTestId('pc-account-menu').boundingBox();
      const box = await page.getByTestId(mark).first().boundingBox();
      expect(menu && box && menu.x + menu.width <= box.x).toBe(true);
    };

    for (const scene of ['web', 'h5pc']) {
      await page.goto(`${baseUrl()}/${scene}/pages/manualPreSale/manualPreSale`);
      await inAccount('manualPresale', 'presale-steps');
      await expect.poll(() => page.title()).toBe('手动预售 - 游戏交易平台');
      if (scene === 'web') await docShot(page, 'pc-manual-presale');
    }

    // A listing's seller view (preSaledetails) in the account area, under 我的货架.
    await page.goto(`${baseUrl()}/web/pages/commodityList/list?applicationId=demo-xianxia`);
    await settled(page);
    const id = await page.getByTestId('commodity-card').first().getAttribute('data-id');
    await page.goto(`${baseUrl()}/webpc/pages/userCenter/saleShelf/preSaledetails?saleType=1&commodityId=${id}`);
    await inAccount('shelf', 'presale-detail');
    await docShot(page, 'pc-presale-detail');

    // 取回商品: web's getBackRole and web-sdk's own path.
    for (const path of ['/web/pages/getBackRole/getBackRole', '/websdk/pages/getBackRole/index']) {
      await page.goto(`${baseUrl()}${path}`);
      await inAccount('shelf', 'shelf-list');
      await expect.poll(() => page.title()).toBe('取回商品 - 游戏交易平台');
    }

    // 热门 / 推荐游戏 in two columns under the PC header, in the scenes that had the phone page.
    for (const [scene, path, mark] of [
      ['websdk', 'popularGame/index', 'popular-games'],
      ['h5pc', 'recommendGame/index', 'recommend-games'],
    ] as const) {
      await page.goto(`${baseUrl()}/${scene}/pages/${path}`);
      await pcPage();
      await page.getByTestId('game-row').nth(1).waitFor();
      const [a, b] = await Promise.all([0, 1].map((i) => page.getByTestId('game-row').nth(i).boundingBox()));
      expect(a && b && Math.abs(a.y - b.y) < 2 && b.x > a.x + a.width - 2).toBe(true);
      expect(await page.getByTestId(mark).count()).toBe(1);
    }

    // The homes of h5pc and web-sdk, and web-sdk's sale page: PC pages, not a stretched phone page.
    for (const scene of ['h5pc', 'websdk']) {
      await page.goto(`${baseUrl()}/${scene}/pages/index/index`);
      await pcPage();
      await page.locator('.home-pc').waitFor();
    }
    await page.goto(`${baseUrl()}/websdk/pages/sale/index`);
    await pcPage();
    await page.getByTestId('pc-center-card').getByText('请从游戏内打开交易平台寄售').waitFor();
    expect(await page.getByTestId('to-shelf').getAttribute('href')).toBe(
      '/websdk/pages/userCenter/saleShelf/saleShelf',
    );

    // The lobby: a letter bar above the list, inside the content column (not pinned to the window's edge).
    for (const scene of ['websdk', 'h5pc']) {
      await page.goto(`${baseUrl()}/${scene}/pages/gameLobby/index`);
      await pcPage();
      await page.getByTestId('lobby-group').first().waitFor();
      const bar = await page.getByTestId('lobby-index').boundingBox();
      const group = await page.getByTestId('lobby-group').first().boundingBox();
      const main = await page.locator('.pc-main').boundingBox();
      if (!bar || !group || !main) throw new Error('the lobby has no letter bar, group or content column');
      expect(bar.y + bar.height).toBeLessThanOrEqual(group.y);
      expect(bar.width).toBeGreaterThan(bar.height);
      expect(bar.x + bar.width).toBeLessThanOrEqual(main.x + main.width);
      expect(await page.getByTestId('lobby-index').evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed');
      // A letter scrolls its group into view.
      const last = page.getByTestId('lobby-index').locator('button').last();
      const letter = (await last.textContent()) ?? '';
      await last.click();
      await expect
        .poll(() =>
          page
            .getByTestId('lobby-group')
            .last()
            .evaluate((el) => el.getBoundingClientRect().top),
        )
        .toBeLessThan(900);
      expect(await page.getByTestId('lobby-group').last().locator('.lobby-letter').textContent()).toBe(letter);
      if (scene === 'websdk') await docShot(page, 'pc-lobby');
    }
    await page.context().close();
  });

  it('绑定手机号 and the under-maintenance page keep the PC header and footer with a desktop card in every PC scene', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${baseUrl()}/web/pages/index/index`);
    await logIn(page, phoneNumber('139'));
    /** `mark` in the PC centre card between the PC header and footer, no phone nav bar, at most `width` wide. */
    const inPcCard = async (mark: string, width: number) => {
      await page.getByTestId('pc-logo').waitFor();
      await page.locator('.pc-footer').waitFor();
      expect(await page.locator('.m-nav').count()).toBe(0);
      const inner = page.getByTestId('pc-center-card').getByTestId(mark);
      await inner.waitFor();
      const box = await inner.boundingBox();
      const header = await page.locator('.pc-header').boundingBox();
      expect(box && header && box.width <= width && box.y >= header.y + header.height).toBe(true);
    };
    for (const scene of ['web', 'webpc', 'h5pc']) {
      await page.goto(`${baseUrl()}/${scene}/pages/bindPhone/bindPhone`);
      await inPcCard('bind-phone-page', 420);
      await page.getByTestId('bind-phone-done').waitFor();
      await expect.poll(() => page.title()).toBe('绑定手机号 - 游戏交易平台');
      if (scene === 'web') await docShot(page, 'pc-bind-phone');

      await page.goto(`${baseUrl()}/${scene}/pages/underMaintenance/underMaintenance`);
      await inPcCard('maintenance-page', 760);
      await page.getByTestId('maintenance-retry').waitFor();
      if (scene === 'web') await docShot(page, 'pc-maintenance');
    }
    await page.context().close();
  });

  it('the footer agreements open full screen over the page and close with the back arrow', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${baseUrl()}/webpc/pages/gameLobby/index`);
    await page.getByTestId('game-lobby').waitFor();
    const url = page.url();
    await page.getByTestId('pc-footer-privacyPolicy').click();
    const modal = page.getByTestId('agreement-modal');
    await modal.waitFor();
    expect(await page.getByTestId('agreement-title').textContent()).toBe('用户隐私政策');
    const box = await modal.boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 1440, height: 900 });
    expect(page.url()).toBe(url);
    await docShot(page, 'pc-footer-agreement');
    await page.getByTestId('agreement-back').click();
    await modal.waitFor({ state: 'detached' });
    expect(page.url()).toBe(url);
    await page.getByTestId('game-lobby').waitFor();
    await page.context().close();
  });
});
