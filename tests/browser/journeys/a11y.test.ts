import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, MOBILE } from '../browser';
import { docShot, newPage } from './market-helpers';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, MOBILE);
});
afterAll(() => browser.close());

describe('accessibility and polish on the phone (issue 16)', () => {
  it('the tab bar draws real icons, hidden from screen readers, under its words', async () => {
    // The game is chosen on a page without the popup, so the home's first visit is the one that shows it.
    await page.goto(`${baseUrl()}/h5/pages/no-such-page/index`);
    await page.evaluate(() => localStorage.setItem('applicationIdClick', 'demo-legend'));
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    // The home's popup (an ad of the day) comes first, named for a screen reader.
    const popup = page.getByTestId('home-popup');
    await popup.waitFor();
    expect(await popup.getAttribute('aria-label')).toBeTruthy();
    await page.getByTestId('home-popup-close').click();
    for (const [id, text] of [
      ['tab-0', '首页'],
      ['tab-3', '消息'],
      ['tab-1', '我的'],
    ] as const) {
      const tab = page.getByTestId(id);
      expect(await tab.textContent()).toContain(text);
      expect(await tab.locator('svg.lucide').getAttribute('aria-hidden')).toBe('true');
    }
    await page.getByTestId('commodity-card').first().waitFor();
    await docShot(page, 'a11y-h5-home');
  });

  it('an empty list shows the empty box; its back button is a 44 px icon', async () => {
    await page.goto(`${baseUrl()}/h5/pages/commodityList/list?applicationId=demo-legend`);
    await page.getByTestId('commodity-card').first().waitFor();
    await page.getByTestId('keyword-input').fill('没有这件商品zzz');
    await page.getByTestId('keyword-submit').click();
    const empty = page.getByTestId('commodity-list').getByTestId('empty-state');
    await empty.waitFor();
    expect(await empty.getAttribute('data-art')).toBe('empty');
    const back = await page.getByTestId('nav-back').boundingBox();
    expect(back?.height).toBeGreaterThanOrEqual(44);
    expect(back?.width).toBeGreaterThanOrEqual(44);
    expect(await page.getByTestId('nav-back').locator('svg.lucide').count()).toBe(1);
    await docShot(page, 'a11y-empty-list');
  });

  it('a page that does not exist shows the 404 signpost and leads home', async () => {
    await page.goto(`${baseUrl()}/h5/pages/noSuchPage/index`);
    const notFound = page.getByTestId('not-found-page');
    await notFound.waitFor();
    expect(await notFound.getByTestId('empty-state').getAttribute('data-art')).toBe('missing');
    expect(await notFound.textContent()).toContain('返回首页');
    await docShot(page, 'a11y-404');
  });
});
