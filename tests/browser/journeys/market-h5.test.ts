import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hook, launchBrowser, MOBILE } from '../browser';
import {
  detailUrl,
  docShot,
  filterRolesByServer,
  logInOnLoginPage,
  newPage,
  phoneNumber,
  sortedCardPrices,
  toast,
} from './market-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('market on a phone (h5)', () => {
  it('filters the list in the URL, opens a detail, collects it and finds it in my collections', async () => {
    const page = await newPage(browser, MOBILE);
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    await page.getByTestId('home-page').waitFor();
    await page.goto(`${baseUrl()}/h5/pages/commodityList/list?applicationId=demo-legend`);
    await page.getByTestId('commodity-card').first().waitFor();
    await docShot(page, 'h5-list');

    const serverName = await filterRolesByServer(page);
    const url = new URL(page.url());
    expect(url.searchParams.get('type')).toBe('1');
    expect(url.searchParams.get('sort')).toBe('priceAsc');
    await sortedCardPrices(page);
    for (const facts of await page.getByTestId('card-facts').allTextContents()) expect(facts).toContain(serverName);

    // Back and forward replay the filters from the URL.
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('sort'));
    await page.goForward();
    await page.waitForURL(/sort=priceAsc/);

    // A bad price range is refused in zh-CN.
    await page.getByTestId('open-filter').click();
    await page.getByTestId('filter-priceMin').fill('9.999');
    await page.getByTestId('filter-apply').click();
    expect(await page.getByTestId('filter-error').textContent()).toBe('价格最多保留两位小数');
    await page.getByTestId('filter-priceMin').fill('');
    await page.getByTestId('filter-apply').click();

    const card = page.getByTestId('commodity-card').first();
    const id = (await card.getAttribute('data-id')) ?? '';
    await card.click();
    await page.getByTestId('commodity-detail').waitFor();
    expect(await page.getByTestId('buyer-pays').textContent()).toMatch(/^买家需付 ¥/);
    await page.getByTestId('price-history').waitFor();
    await page.getByTestId('fair-price-band').or(page.getByText('暂无相似成交')).first().waitFor();
    await docShot(page, 'h5-detail');

    // Logged out: collecting goes to login first; back on the detail, the collect he asked for is made.
    await page.getByTestId('collect-toggle').click();
    await page.waitForURL(/\/h5\/pages\/login\/login/);
    await logInOnLoginPage(page, phoneNumber('138'));
    await page.getByTestId('commodity-detail').waitFor();
    await toast(page, '收藏成功');
    await expect.poll(() => page.getByTestId('collect-toggle').textContent()).toContain('已收藏');
    expect(new URL(page.url()).searchParams.get('id')).toBe(id);
    expect(new URL(page.url()).searchParams.has('thenCollect')).toBe(false);
    // A reload makes no second collect: the toggle stays 已收藏.
    await page.reload();
    await page.getByTestId('commodity-detail').waitFor();
    await expect.poll(() => page.getByTestId('collect-toggle').textContent()).toContain('已收藏');

    // Logged in, the buy button opens the order's confirmation page.
    await page.getByTestId('buy-button').click();
    await page.getByTestId('order-confirm').waitFor();

    await page.goto(`${baseUrl()}/h5/pages/userCenter/myCollect/index`);
    const row = page.locator(`[data-testid="collect-row"]:has([data-id="${id}"])`);
    await row.waitFor();
    await docShot(page, 'collections');

    // Delisted: greyed as 已失效, its detail answers 30001 and the app goes to the list.
    await hook('/dev/commodities/delist', { commodityId: id });
    await page.reload();
    await expect.poll(() => row.getAttribute('data-invalid')).toBe('true');
    expect(await row.textContent()).toContain('已失效');
    await page.goto(detailUrl('h5', id));
    await page.getByTestId('modal-commodityGone').waitFor();
    expect(await page.getByTestId('modal-content').textContent()).toBe('商品不存在，即将跳转到商品列表');
    await page.waitForURL(/\/h5\/pages\/commodityList\/list/);

    // 清除失效 asks first, then removes it.
    await page.goto(`${baseUrl()}/h5/pages/userCenter/myCollect/index`);
    await row.waitFor();
    await page.getByTestId('clear-invalid').click();
    await page.getByTestId('modal-button-确定').click();
    await toast(page, '已清除失效商品');
    await expect.poll(() => row.count()).toBe(0);
    await page.context().close();
  });

  it('立即购买 by a visitor: login first, then the purchase goes on to the order confirmation', async () => {
    const page = await newPage(browser, MOBILE);
    await page.goto(`${baseUrl()}/h5/pages/commodityList/list?applicationId=demo-xianxia&type=2`);
    const card = page.getByTestId('commodity-card').first();
    const id = (await card.getAttribute('data-id')) ?? '';
    await page.goto(detailUrl('h5', id));
    await page.getByTestId('buy-button').click();
    await page.getByTestId('login-form').waitFor();
    await logInOnLoginPage(page, phoneNumber('136'));
    await page.getByTestId('order-confirm').waitFor();
    const url = new URL(page.url());
    expect([url.pathname, url.searchParams.get('commodityId')]).toEqual([
      '/h5/pages/orderNew/orderConfirmPlace/orderConfirmPlace',
      id,
    ]);
    await page.context().close();
  });

  it('records clicks and exposures as batches and clears the lists', async () => {
    const page = await newPage(browser, MOBILE);
    const sent: Array<{ path: string }> = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path.endsWith('/commodity/click') || path.endsWith('/commodity/exposure')) sent.push({ path });
    });
    await page.goto(`${baseUrl()}/h5/pages/commodityList/list?applicationId=demo-legend`);
    await page.getByTestId('commodity-card').first().waitFor();
    await expect
      .poll(() => sent.filter((s) => s.path.endsWith('exposure')).length, { timeout: 8000 })
      .toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('commodityExposureIds'))).toBeNull();
    await page.getByTestId('commodity-card').first().click();
    await page.getByTestId('commodity-detail').waitFor();
    await expect.poll(() => sent.filter((s) => s.path.endsWith('click')).length).toBe(1);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('commodityClickIds'))).toBeNull();
    await page.context().close();
  });
});

// The PC home (place pcHome) shows the same HomePopup; the demo market seeds a popup for the phone home only.
describe('the first-visit popup of the home', () => {
  for (const [device, scene, name] of [
    [MOBILE, 'h5', 'phone'],
    [{ ...MOBILE, viewport: { width: 320, height: 640 } }, 'h5', '320'],
  ] as const) {
    it(`tapping its picture dismisses it and stays home; 查看详情 follows its link (${name})`, async () => {
      const page = await (await browser.newContext(device)).newPage();
      // The game is chosen on a page without the popup, so the home's first visit is the one that shows it.
      await page.goto(`${baseUrl()}/${scene}/pages/no-such-page/index`);
      await page.evaluate(() => localStorage.setItem('applicationIdClick', 'demo-legend'));
      const home = `/${scene}/pages/index/index`;
      await page.goto(`${baseUrl()}${home}`);
      const popup = page.getByTestId('home-popup');
      await popup.waitFor();
      await page.getByTestId('home-popup-picture').locator('img').waitFor();
      await docShot(page, `home-popup-${name}`);
      await page.getByTestId('home-popup-picture').click();
      await popup.waitFor({ state: 'detached' });
      // Nothing navigated: still the home, in this tab.
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe(home);
      expect(page.context().pages()).toHaveLength(1);
      // Shown again (a fresh first visit): its link is the button under the picture.
      await page.evaluate(() => localStorage.removeItem('marketPopupSeen'));
      await page.reload();
      await page.getByTestId('home-popup-open').click();
      await page.waitForURL((url) => url.pathname !== home);
      expect(new URL(page.url()).pathname).toBe(`/${scene}/pages/commodityList/list`);
      await page.context().close();
    });
  }
});

describe('the home on a 320 px phone', () => {
  it("keeps the game card's name and 角色/游戏币/道具 on one line", async () => {
    const page = await (await browser.newContext({ ...MOBILE, viewport: { width: 320, height: 640 } })).newPage();
    await page.goto(`${baseUrl()}/h5/pages/no-such-page/index`);
    await page.evaluate(() => {
      localStorage.setItem('applicationIdClick', 'demo-legend');
      // Seen just now: this journey is about the card under it.
      localStorage.setItem('marketPopupSeen', JSON.stringify({ id: 'any', at: Date.now() }));
    });
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    await page.getByTestId('current-game-name').waitFor();
    await page
      .getByTestId('home-popup-close')
      .click({ timeout: 3000 })
      .catch(() => {});
    const lines = await page.evaluate(() => {
      // The lines the element's first words take: the distinct tops of their boxes.
      const linesOf = (el: Element | null) => {
        const text = el && document.createTreeWalker(el, NodeFilter.SHOW_TEXT).nextNode();
        if (!text) return -1;
        const range = document.createRange();
        range.selectNodeContents(text);
        return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
      };
      const labels = [1, 2, 3].map((t) =>
        linesOf(document.querySelector(`[data-testid="category-${t}"] span + span > div`)),
      );
      return { name: linesOf(document.querySelector('[data-testid="current-game-name"]')), labels };
    });
    expect(lines).toEqual({ name: 1, labels: [1, 1, 1] });
    await docShot(page, 'home-game-card-320');
    await page.context().close();
  });
});

describe('the phone search names its game', () => {
  for (const width of [390, 320]) {
    it(`a keyword from the home says which game it searched and offers the same words in each other game (${width} px)`, async () => {
      const page = await (await browser.newContext({ ...MOBILE, viewport: { width, height: 700 } })).newPage();
      await page.goto(`${baseUrl()}/h5/pages/no-such-page/index`);
      await page.evaluate(() => {
        localStorage.setItem('applicationIdClick', 'demo-legend');
        localStorage.setItem('marketPopupSeen', JSON.stringify({ id: 'any', at: Date.now() }));
      });
      await page.goto(`${baseUrl()}/h5/pages/index/index`);
      await page.getByTestId('home-search-input').waitFor();
      // The popup of another game may still show once: closed, it is not what this journey is about.
      await page
        .getByTestId('home-popup-close')
        .click({ timeout: 3000 })
        .catch(() => {});
      await page.getByTestId('home-search-input').fill('沙巴克');
      await page.getByTestId('home-search-submit').click();
      await page.getByTestId('commodity-list').waitFor();
      const scope = page.getByTestId('keyword-scope');
      await scope.getByTestId('keyword-scope-game').first().waitFor();
      expect(await scope.textContent()).toMatch(/^在《.+》中搜索“沙巴克”其他游戏：/);
      // Nothing of it runs past the screen's edge.
      const overflow = await scope.evaluate((el) => el.getBoundingClientRect().right - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await docShot(page, `h5-search-scope-${width}`);
      const other = scope.getByTestId('keyword-scope-game').first();
      const name = (await other.textContent()) ?? '';
      await other.click();
      await page.waitForURL((url) => url.searchParams.get('applicationId') !== 'demo-legend');
      expect(new URL(page.url()).searchParams.get('keyword')).toBe('沙巴克');
      await expect.poll(() => scope.textContent()).toContain(`在《${name}》中搜索“沙巴克”`);
      expect(await page.getByTestId('keyword-input').inputValue()).toBe('沙巴克');
      await page.context().close();
    });
  }
});
