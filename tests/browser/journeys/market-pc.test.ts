import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, hook, launchBrowser } from '../browser';
import { detailUrl, filterRolesByServer, logIn, newPage, phoneNumber, sortedCardPrices, toast } from './market-helpers';

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
