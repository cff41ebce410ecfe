import { commodityList } from '@app/protocol/calls/exchange';
import { userInfo } from '@app/protocol/calls/user';
import { callPath } from '@app/protocol/contract';
import { formatPriceFen } from '@app/protocol/format';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, launchBrowser, MOBILE } from '../browser';
import { docShot, logIn, phoneNumber, toast } from './market-helpers';
import { gameLogin, idNumber, outbox, paidAndDelivered } from './people';

/**
 * Launch and session behaviour (platform-shell §4) and the errors a person can live with: the
 * network-exception toast while offline, the zh-CN error page of every route, a missing chunk,
 * the entry parameters of the home and of login, a shared link's back arrow, a sold listing.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
const navigateInApp = (page: Page, to: string) =>
  page.evaluate(
    (p) => (globalThis as unknown as { marketRouter: { navigate(p: string): void } }).marketRouter.navigate(p),
    to,
  );

async function firstListing(type: number): Promise<{ id: string; applicationId: string; title: string }> {
  const res = await apiCall<{ list: Array<{ id: string; applicationId: string; title: string }> }>(
    commodityList,
    { type, pageSize: 1 },
    { 'x-appid': 'demo-legend' },
  );
  const [item] = res.data.list;
  if (!item) throw new Error(`no listing of type ${type}`);
  return item;
}

/** The listing's detail call, whatever its sealed query holds. */
const DETAIL_CALL = /\/exchange\/v1\/commodityDetail\?/;

/** Logs in on the login page with a fresh phone and the code from the SMS outbox. */
async function logInOnPage(page: Page, phone: string): Promise<void> {
  await page.getByTestId('login-phone').fill(phone);
  await page.getByTestId('sms-button').click();
  await toast(page, '发送成功');
  const [sms] = await outbox(phone);
  await page.getByTestId('login-code').fill(sms!.code);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
}

describe('offline and the error page', () => {
  for (const [device, scene, name] of [
    [MOBILE, 'h5', 'phone'],
    [DESKTOP, 'web', '1440'],
  ] as const) {
    it(`shows the network toast at once and an error page with 重试 and 返回首页 (${name})`, async () => {
      const context = await browser.newContext(device);
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/${scene}/pages/commodityList/list?applicationId=demo-legend`);
      await page.getByTestId('commodity-card').first().waitFor();

      await context.setOffline(true);
      // A new search while offline: the toast comes at once, the list says why it is empty.
      await page.getByTestId('keyword-input').fill('战士');
      await page.getByTestId('keyword-submit').click();
      await toast(page, '网络异常');
      await page.getByTestId('commodity-list').getByText('网络异常').first().waitFor();

      // A page whose code is not loaded yet: the error page at once, no reload into the browser's offline page.
      await navigateInApp(page, `/${scene}/pages/userCenter/index`);
      const error = page.getByTestId('route-error');
      await error.waitFor();
      expect(await error.getAttribute('data-kind')).toBe('chunk');
      // The failure's own picture (a broken link), not the empty list's box.
      expect(await error.getByTestId('empty-state').getAttribute('data-art')).toBe('error');
      expect(await error.textContent()).toContain('页面加载失败');
      // The search's toast has gone: the page alone in the picture.
      await page.getByTestId('toast').waitFor({ state: 'detached' });
      if (name === 'phone') await docShot(page, 'route-error-phone');
      else await docShot(page, 'route-error-pc');
      await page.getByTestId('route-error-retry').click();
      await toast(page, '网络异常');
      expect(new URL(page.url()).pathname).toBe(`/${scene}/pages/userCenter/index`);

      await context.setOffline(false);
      if (name === 'phone') {
        await page.getByTestId('route-error-retry').click();
        await page.getByTestId('my-page').waitFor();
      } else {
        await page.getByTestId('route-error-home').click();
        await page.getByTestId('home-page').waitFor();
        expect(new URL(page.url()).pathname).toBe('/web/pages/index/index');
      }
      await context.close();
    });
  }

  for (const [device, scene, name] of [
    [MOBILE, 'h5', 'phone'],
    [DESKTOP, 'web', '1440'],
  ] as const) {
    it(`shows a listing on sale that failed to load as 网络异常 with 重试, never 商品已下架, and loads it after (${name})`, async () => {
      const [first, second] = await Promise.all([firstListing(2), firstListing(1)]);
      const context = await browser.newContext(device);
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = globalThis as unknown as { onlineEvents: number };
        w.onlineEvents = 0;
        globalThis.addEventListener('online', () => w.onlineEvents++);
      });
      const detail = (id: string) => `/${scene}/pages/commodityDetail/index?id=${id}&applicationId=demo-legend`;
      // A failed fetch (the connection dropped): no answer, so nothing is said about the listing.
      await page.route(DETAIL_CALL, (route) => route.abort('connectionreset'));
      await page.goto(`${baseUrl()}${detail(first.id)}`);
      const failed = page.getByTestId('empty-state');
      await failed.waitFor();
      expect(await failed.textContent()).toContain('网络异常');
      expect(await failed.getAttribute('data-art')).toBe('error');
      expect(await page.getByText('商品已下架').count()).toBe(0);
      await toast(page, '网络异常');
      await page.getByTestId('toast').first().waitFor({ state: 'detached' });
      await docShot(page, name === 'phone' ? 'detail-network-error-phone' : 'detail-network-error-pc');
      await page.unroute(DETAIL_CALL);
      await page.getByTestId('failure-retry').click();
      await expect.poll(() => page.getByTestId('detail-title').textContent()).toContain(first.title);

      // Offline, another listing on sale: 网络异常; back online it loads by itself.
      await context.setOffline(true);
      await navigateInApp(page, detail(second.id));
      await expect.poll(() => page.getByTestId('empty-state').textContent()).toContain('网络异常');
      expect(await page.getByText('商品已下架').count()).toBe(0);
      await context.setOffline(false);
      await expect
        .poll(() => page.evaluate(() => (globalThis as unknown as { onlineEvents: number }).onlineEvents))
        .toBe(1);
      await expect
        .poll(() => page.getByTestId('detail-title').textContent(), { timeout: 15_000 })
        .toContain(second.title);
      await context.close();
    });
  }

  it('reloads once for a chunk a deploy removed, then shows the zh-CN error page; 重试 loads it once it is back', async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    await page.getByTestId('home-page').waitFor();
    await page.route('**/assets/my-page-*.js', (route) => route.fulfill({ status: 404, body: 'not found' }));
    let documents = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) documents++;
    });
    const reloaded = page.waitForEvent('load');
    await navigateInApp(page, '/h5/pages/userCenter/index');
    await reloaded;
    const error = page.getByTestId('route-error');
    await error.waitFor();
    expect(await error.getAttribute('data-kind')).toBe('chunk');
    expect(await error.textContent()).toContain('网络不稳定或版本已更新，请重试');
    expect(await page.getByTestId('route-error-home').textContent()).toBe('返回首页');
    // The in-app navigation and exactly one reload: no loop.
    expect(documents).toBe(2);
    expect(pathOf(page)).toBe('/h5/pages/userCenter/index');

    await page.unroute('**/assets/my-page-*.js');
    await page.getByTestId('route-error-retry').click();
    await page.getByTestId('my-page').waitFor();
    await context.close();
  });
});

describe('entry parameters', () => {
  it('needLogin on the home: login, then back to the home', async () => {
    const page = await (await browser.newContext(MOBILE)).newPage();
    await page.goto(`${baseUrl()}/app/pages/index/index?needLogin=1&tabTag=index`);
    await page.getByTestId('login-form').waitFor();
    expect(pathOf(page)).toBe(
      `/app/pages/login/login?fromPage=${encodeURIComponent('/app/pages/index/index?tabTag=index')}`,
    );
    await logInOnPage(page, phoneNumber('135'));
    await page.waitForURL(/\/app\/pages\/index\/index\?tabTag=index$/);
    await page.getByTestId('home-page').waitFor();
    // Logged in, needLogin changes nothing.
    await page.goto(`${baseUrl()}/app/pages/index/index?needLogin=1`);
    await page.getByTestId('home-page').waitFor();
    expect(pathOf(page)).toBe('/app/pages/index/index?needLogin=1');
    await page.context().close();
  });

  it('prePublishLockId opens the key sale (wxRoleSale for type 3), through login for a visitor', async () => {
    const page = await (await browser.newContext(MOBILE)).newPage();
    await page.goto(`${baseUrl()}/app/pages/index/index?prePublishLockId=ABCD2345&type=3`);
    await page.getByTestId('login-form').waitFor();
    expect(pathOf(page)).toBe(
      `/app/pages/login/login?fromPage=${encodeURIComponent('/app/pages/codeSale/wxRoleSale?prePublishLockId=ABCD2345&type=3')}`,
    );
    await logInOnPage(page, phoneNumber('135'));
    await page.waitForURL(/\/app\/pages\/codeSale\/wxRoleSale\?prePublishLockId=ABCD2345&type=3$/);
    // roleSale with a type-3 key goes to wxRoleSale as well.
    await page.goto(`${baseUrl()}/app/pages/codeSale/roleSale?prePublishLockId=ABCD2345&type=3`);
    await page.waitForURL(/\/app\/pages\/codeSale\/wxRoleSale\?/);
    await page.context().close();
  });

  it('fromPage=orderPaymentStatusGroupId returns from a payment page to the order', async () => {
    const page = await (await browser.newContext(MOBILE)).newPage();
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(page, phoneNumber('135'));
    await page.goto(`${baseUrl()}/app/pages/index/index?fromPage=orderPaymentStatusGroupId&orderId=123456`);
    expect(pathOf(page)).toBe('/app/pages/orderNew/orderDetail/orderDetail?orderId=123456&paid=1');
    await page.goto(`${baseUrl()}/app/pages/index/index?fromPage=orderPaymentStatusGroupId`);
    expect(pathOf(page)).toBe('/app/pages/orderNew/orderList/orderList');
    await page.context().close();
  });

  it("login's from + queryStr + needAuth: real-name verification, then the page the flow started on", async () => {
    const listing = await firstListing(1);
    const page = await (await browser.newContext(MOBILE)).newPage();
    const query = encodeURIComponent(`id=${listing.id}&applicationId=${listing.applicationId}`);
    await page.goto(`${baseUrl()}/h5/pages/login/login?from=pages/commodityDetail/index&queryStr=${query}&needAuth=1`);
    await logInOnPage(page, phoneNumber('135'));
    await page.getByTestId('real-name-page').waitFor();
    await page.getByTestId('real-name').fill('郑测试');
    await page.getByTestId('id-card').fill(idNumber('19900101', '731'));
    await page.getByTestId('real-name-submit').click();
    await page.getByTestId('commodity-detail').waitFor();
    expect(pathOf(page)).toBe(
      `/h5/pages/commodityDetail/index?id=${listing.id}&applicationId=${listing.applicationId}`,
    );

    // Without needAuth, fromPage and paramsStr (as JSON) lead straight back.
    const plain = await (await browser.newContext(MOBILE)).newPage();
    await plain.goto(
      `${baseUrl()}/h5/pages/login/login?fromPage=/h5/pages/commodityDetail/index&paramsStr=${encodeURIComponent(
        JSON.stringify({ id: listing.id }),
      )}`,
    );
    await logInOnPage(plain, phoneNumber('136'));
    await plain.getByTestId('commodity-detail').waitFor();
    expect(pathOf(plain)).toBe(`/h5/pages/commodityDetail/index?id=${listing.id}`);
    await plain.context().close();
    await page.context().close();
  });
});

describe('a shared link and a sold listing', () => {
  it("a shared detail link opened directly: the back arrow goes to the scene's home", async () => {
    const listing = await firstListing(1);
    const page = await (await browser.newContext(MOBILE)).newPage();
    await page.goto(`${baseUrl()}/h5/pages/productNew/info?ct=0&id=${listing.id}&share=share&platform=h5-android`);
    await page.getByTestId('commodity-detail').waitFor();
    await page.getByTestId('nav-back').click();
    await page.getByTestId('home-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/h5/pages/index/index');
    // Within a visit the arrow still goes back one page.
    await page.goto(`${baseUrl()}/h5/pages/commodityList/list?applicationId=demo-legend`);
    // A double tap on the title brings the long list back to its top.
    await page.getByTestId('commodity-card').nth(10).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => globalThis.scrollY)).toBeGreaterThan(0);
    await page.getByTestId('nav-title').dblclick();
    await expect.poll(() => page.evaluate(() => globalThis.scrollY)).toBe(0);
    await page.getByTestId('commodity-card').first().click();
    await page.getByTestId('commodity-detail').waitFor();
    await page.getByTestId('nav-back').click();
    await page.getByTestId('commodity-list').waitFor();
    await page.context().close();
  });

  it('a sold listing shows 已售出 with its price and no buy button (phone and 1440)', async () => {
    const buyerGame = await gameLogin('buyer1');
    const res = await apiCall<{ list: Array<{ id: string; price: number }> }>(
      commodityList,
      { type: 2, serverId: buyerGame.serverId, sort: 'priceAsc', pageSize: 1 },
      { 'x-appid': buyerGame.gameId },
    );
    const lot = res.data.list[0];
    if (!lot) throw new Error('no coin lot on the buyer’s server');
    await paidAndDelivered({
      buyerGame,
      commodityId: lot.id,
      phone: phoneNumber('137'),
      realName: '钱买家',
      idCard: idNumber('19910707', '468'),
    });

    const phone = await (await browser.newContext(MOBILE)).newPage();
    await phone.goto(`${baseUrl()}/h5/pages/productNew/info?ct=0&id=${lot.id}&share=share&platform=h5-android`);
    const notice = phone.getByTestId('sold-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('已售出');
    expect(await phone.getByTestId('sold-price').textContent()).toBe(formatPriceFen(lot.price));
    expect(await phone.getByTestId('buy-bar').count()).toBe(0);
    expect(await phone.getByTestId('collect-toggle').count()).toBe(0);
    expect(pathOf(phone)).toContain('/h5/pages/productNew/info');
    await phone.getByTestId('coin-price-chart').waitFor();
    await docShot(phone, 'sold-listing-phone');
    await phone.getByTestId('sold-bar').getByRole('link').click();
    await phone.getByTestId('commodity-list').waitFor();
    await phone.context().close();

    const pc = await (await browser.newContext(DESKTOP)).newPage();
    await pc.goto(`${baseUrl()}/web/pages/commodityDetail/index?id=${lot.id}`);
    await pc.getByTestId('sold-notice').waitFor();
    expect(await pc.getByTestId('buy-bar').count()).toBe(0);
    await pc.getByTestId('coin-price-chart').waitFor();
    // Every label of the chart is drawn inside it (the last day's was cut in half at the right edge).
    const outside = await pc.getByTestId('coin-price-chart').evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      return Array.from(svg.querySelectorAll('text'))
        .filter((label) => {
          const r = label.getBoundingClientRect();
          return r.left < box.left - 0.5 || r.right > box.right + 0.5;
        })
        .map((label) => label.textContent);
    });
    expect(outside).toEqual([]);
    await docShot(pc, 'sold-listing-pc');
    await pc.context().close();
  });
});

describe('the home search box', () => {
  it('lands on the list searching titles for the keyword', async () => {
    const { title } = await firstListing(1);
    const keyword = title.slice(0, 2);
    const page = await (await browser.newContext(MOBILE)).newPage();
    // The home of the demo game the keyword comes from (the game the user chose last).
    // Chosen on a page without the popup, so the home's first visit is the one that shows it.
    await page.goto(`${baseUrl()}/h5/pages/no-such-page/index`);
    await page.evaluate(() => localStorage.setItem('applicationIdClick', 'demo-legend'));
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    await page.getByTestId('home-search').waitFor();
    // The home's popup (an ad of the day) comes first.
    await page.getByTestId('home-popup-close').click();
    await page.getByTestId('home-search-submit').click();
    await toast(page, '请输入要搜索的商品');
    expect(new URL(page.url()).pathname).toBe('/h5/pages/index/index');
    await page.getByTestId('home-search-input').fill(keyword);
    await page.getByTestId('toast').waitFor({ state: 'detached' });
    await docShot(page, 'home-search-phone');
    await page.getByTestId('home-search-input').press('Enter');
    await page.getByTestId('commodity-list').waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/h5/pages/commodityList/list');
    expect(url.searchParams.get('keyword')).toBe(keyword);
    expect(url.searchParams.get('applicationId')).toBe('demo-legend');
    expect(await page.getByTestId('keyword-input').inputValue()).toBe(keyword);
    await page.getByTestId('commodity-card').first().waitFor();
    await page.context().close();
  });
});

describe('the login check at launch', () => {
  it('a token the server no longer accepts: any page asks at launch, 重新登录, then back where he was', async () => {
    const listing = await firstListing(1);
    const page = await (await browser.newContext(MOBILE)).newPage();
    const checks: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === callPath(userInfo)) checks.push(r.url());
    });
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    await page.evaluate(() => localStorage.setItem('token', 'a-session-the-server-forgot'));
    // The detail page itself needs no session: the modal comes from the launch check.
    const here = `/h5/pages/commodityDetail/index?id=${listing.id}&applicationId=${listing.applicationId}`;
    await page.goto(`${baseUrl()}${here}`);
    const modal = page.getByTestId('modal-expiredLogin');
    await modal.waitFor();
    expect(checks.length).toBeGreaterThan(0);
    expect(await modal.getByTestId('modal-content').textContent()).toBe('登录已过期，请重新登录');
    await modal.getByTestId('modal-button-重新登录').click();
    await page.getByTestId('login-form').waitFor();
    expect(pathOf(page)).toBe(`/h5/pages/login/login?needLogin=expiredLogin&fromPage=${encodeURIComponent(here)}`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await logInOnPage(page, phoneNumber('138'));
    await page.getByTestId('commodity-detail').waitFor();
    expect(pathOf(page)).toBe(here);
    await page.context().close();
  });

  it('the IM conversation page makes no login check at launch', async () => {
    const page = await (await browser.newContext(MOBILE)).newPage();
    const checks: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === callPath(userInfo)) checks.push(r.url());
    });
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    await page.evaluate(() => localStorage.setItem('token', 'a-session-the-server-forgot'));
    checks.length = 0;
    await page.goto(`${baseUrl()}/h5/pages/personalTransaction/IM/conversation/index2`, { waitUntil: 'networkidle' });
    await page.getByTestId('im-chat').waitFor();
    expect(checks).toEqual([]);
    expect(await page.getByTestId('modal-expiredLogin').count()).toBe(0);
    // The same token on any other page is checked (the control of the assertion above).
    await page.goto(`${baseUrl()}/h5/pages/commodityList/list?applicationId=demo-legend`);
    await page.getByTestId('modal-expiredLogin').waitFor();
    expect(checks.length).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('modal states of a page', () => {
  it("a listing id that does not exist flashes 商品不存在 and lands on the game's list, never a blank page", async () => {
    const page = await (await browser.newContext(MOBILE)).newPage();
    await page.goto(`${baseUrl()}/h5/pages/commodityDetail/index?id=987654321&applicationId=demo-legend`);
    await page.waitForURL(/\/h5\/pages\/commodityList\/list\?applicationId=demo-legend$/);
    await page.getByTestId('commodity-card').first().waitFor();
    await page.context().close();
  });

  it("an order that is not his: 'spe' with 订单不存在, and closing it goes back", async () => {
    const page = await (await browser.newContext(MOBILE)).newPage();
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(page, phoneNumber('139'));
    await page.goto(`${baseUrl()}/h5/pages/orderNew/orderList/orderList`);
    await navigateInApp(page, '/h5/pages/orderNew/orderDetail/orderDetail?orderId=987654321');
    const modal = page.getByTestId('modal-spe');
    await modal.waitFor();
    expect(await modal.getByTestId('modal-content').textContent()).toBe('订单不存在');
    await docShot(page, 'spe-modal-phone');
    await modal.getByTestId('modal-button-确定').click();
    await page.waitForURL(/\/h5\/pages\/orderNew\/orderList\/orderList$/);
    // Opened directly (the first page of the visit), closing goes to the scene's home.
    await page.goto(`${baseUrl()}/h5/pages/orderNew/orderDetail/orderDetail?orderId=987654321`);
    await page.getByTestId('modal-spe').getByTestId('modal-button-确定').click();
    await page.getByTestId('home-page').waitFor();
    await page.context().close();
  });
});

describe('a visitor who never logged in', () => {
  const chat = '/h5/pages/personalTransaction/IM/conversation/index2?orderId=123';
  it('is asked to log in (请先登录) on the pages that need a session, never told 登录超时; login brings him back', async () => {
    const page = await (await browser.newContext(MOBILE)).newPage();
    for (const path of ['/h5/pages/orderNew/orderList/orderList', '/h5/pages/userCenter/myCoupon/myCoupon', chat]) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByTestId('session-gate').waitFor();
      // Long enough for any call of the page to have answered and shown its modal.
      await page.waitForLoadState('networkidle');
      const text = await page.locator('body').innerText();
      expect(text).toContain('请先登录');
      expect(text).not.toContain('登录超时');
      expect(text).not.toContain('此会话已结束');
    }
    await docShot(page, 'login-first-chat-phone');
    await page.setViewportSize({ width: 320, height: 640 });
    await docShot(page, 'login-first-chat-320');
    await page.getByTestId('session-gate-login').click();
    await page.getByTestId('login-form').waitFor();
    expect(pathOf(page)).toBe(`/h5/pages/login/login?fromPage=${encodeURIComponent(chat)}`);
    await logInOnPage(page, phoneNumber('137'));
    await page.waitForURL((url) => `${url.pathname}${url.search}` === chat);
    expect(await page.getByTestId('session-gate').count()).toBe(0);
    await page.context().close();
  });

  it('the PC order list asks the same inside the PC page (1440)', async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await page.goto(`${baseUrl()}/web/pages/orderNew/orderList/orderList`);
    await page.getByTestId('session-gate').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.pc-header').count()).toBe(1);
    expect(await page.locator('body').innerText()).not.toContain('登录超时');
    await docShot(page, 'login-first-pc');
    await page.context().close();
  });
});

describe('the 不在线 state (20301)', () => {
  it('has a title when no game was chosen', async () => {
    const page = await (await browser.newContext(MOBILE)).newPage();
    await page.route('**/pb/api/**', (route) =>
      route.request().url().includes('clientConfig')
        ? route.continue()
        : route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({ code: '20301', msg: '不在线', data: null }),
          }),
    );
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    const overlay = page.getByTestId('no-line');
    await overlay.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('currentAppId'))).toBeNull();
    expect((await overlay.getByTestId('no-line-title').textContent())?.trim()).toBe('游戏账号');
    await docShot(page, 'no-line-no-game-phone');
    await page.context().close();
  });
});
