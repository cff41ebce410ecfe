import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, hook, launchBrowser } from '../browser';
import {
  detailUrl,
  docShot,
  filterRolesByServer,
  logIn,
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

describe('market on a PC (web)', () => {
  it('filters, opens a detail, shares it (the h5 link lands on the web detail), collects it', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${baseUrl()}/web/pages/index/index`);
    await page.getByTestId('home-page').waitFor();
    await page.goto(`${baseUrl()}/web/pages/commodityList/list?applicationId=demo-xianxia`);
    const serverName = await filterRolesByServer(page);
    // The price sort: ascending once the sorted page has replaced the one before.
    await sortedCardPrices(page);
    for (const facts of await page.getByTestId('card-facts').allTextContents()) expect(facts).toContain(serverName);

    const card = page.getByTestId('commodity-card').first();
    const id = (await card.getAttribute('data-id')) ?? '';
    await card.click();
    await page.getByTestId('commodity-detail').waitFor();
    await page.getByTestId('price-history').waitFor();
    await page.getByTestId('gallery-image').first().click();
    await page.getByTestId('image-viewer').waitFor();
    await page.getByTestId('image-viewer').getByLabel('关闭').click();

    await page.getByTestId('share-button').click();
    await toast(page, '链接复制成功');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${baseUrl()}/h5/pages/productNew/info?ct=0&id=${id}&share=share`);
    const shared = await newPage(browser, DESKTOP);
    await shared.goto(link);
    await shared.getByTestId('commodity-detail').waitFor();
    const landed = new URL(shared.url());
    expect(landed.pathname).toBe('/web/pages/commodityDetail/index');
    expect(landed.searchParams.get('id')).toBe(id);
    expect(landed.searchParams.get('share')).toBe('share');
    await shared.context().close();

    await logIn(page, phoneNumber('135'));
    await page.reload();
    await page.getByTestId('commodity-detail').waitFor();
    await page.getByTestId('price-history').waitFor();
    await page.getByTestId('collect-toggle').click();
    await toast(page, '收藏成功');
    await page.goto(`${baseUrl()}/web/pages/userCenter/myCollect/index`);
    await page.locator(`[data-testid="collect-row"] [data-id="${id}"]`).waitFor();

    // Uncollect from my collections.
    await page.getByTestId('uncollect').first().click();
    await toast(page, '已取消收藏');
    await page.getByTestId('empty-state').waitFor();
    await page.context().close();
  });

  it('draws the coin price chart for a coin listing', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${baseUrl()}/web/pages/commodityList/list?applicationId=demo-legend&type=2&sort=unitPriceAsc`);
    await page.getByTestId('commodity-card').first().click();
    await page.getByTestId('price-history').waitFor();
    await page.getByTestId('coin-price-chart').or(page.getByText('近期暂无成交')).first().waitFor();
    await page.context().close();
  });

  it('a delisted commodity says 商品不存在 and goes home on the desktop web', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${baseUrl()}/web/pages/commodityList/list?applicationId=demo-sanguo`);
    const id = (await page.getByTestId('commodity-card').first().getAttribute('data-id')) ?? '';
    await hook('/dev/commodities/delist', { commodityId: id });
    await page.goto(detailUrl('web', id));
    await page.getByTestId('modal-commodityGone').waitFor();
    expect(await page.getByTestId('modal-content').textContent()).toBe('商品不存在');
    await page.waitForURL(/\/web\/pages\/index\/index/);
    await page.context().close();
  });
});

describe('the PC search names its game', () => {
  it('a keyword from the home says which game it searched and offers the same words in each other game (1440)', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${baseUrl()}/web/pages/index/index`);
    await page.getByTestId('home-page').waitFor();
    await page.getByTestId('pc-search-input').fill('沙巴克');
    await page.getByTestId('pc-search-submit').click();
    await page.getByTestId('commodity-list').waitFor();
    const searched = new URL(page.url()).searchParams.get('applicationId');
    const scope = page.getByTestId('keyword-scope');
    await scope.getByTestId('keyword-scope-game').first().waitFor();
    expect(await scope.textContent()).toMatch(/^在《.+》中搜索“沙巴克”其他游戏：/);
    const others = scope.getByTestId('keyword-scope-game');
    expect(await others.count()).toBeGreaterThan(0);
    await page.getByTestId('result-count').waitFor();
    await docShot(page, 'pc-search-scope');
    const other = others.first();
    const name = (await other.textContent()) ?? '';
    await other.click();
    await page.waitForURL((url) => url.searchParams.get('applicationId') !== searched);
    const url = new URL(page.url());
    expect(url.searchParams.get('keyword')).toBe('沙巴克');
    await expect.poll(() => scope.textContent()).toContain(`在《${name}》中搜索“沙巴克”`);
    await page.context().close();
  });
});
