import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launchBrowser, MOBILE } from '../browser';
import { docShot } from './market-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('安全购买 (the titled safe-purchase page)', () => {
  it('reads on a PC and on phones of 390 and 320 px, and leads to customer service', async () => {
    const cases = [
      { name: 'pc', scene: 'web', options: DESKTOP, width: 1440 },
      { name: 'h5', scene: 'h5', options: MOBILE, width: 390 },
      { name: 'h5-320', scene: 'h5', options: { ...MOBILE, viewport: { width: 320, height: 640 } }, width: 320 },
    ];
    for (const c of cases) {
      const page = await (await browser.newContext(c.options)).newPage();
      await page.goto(`${baseUrl()}/${c.scene}/pages/webViewImage/webViewImage?page=safePurchase`);
      const body = page.getByTestId('safe-purchase');
      await body.waitFor();
      await page.getByText('安全购买', { exact: true }).first().waitFor();
      expect(await page.getByTestId('safe-purchase-steps').locator('li').count()).toBe(5);
      expect(await body.textContent()).toContain('72 小时内未操作将自动确认');
      expect(await page.getByTestId('safe-purchase-warnings').textContent()).toContain('不会向你索要短信验证码');
      // The page's frame of links is not used: nothing is framed or refused.
      expect(await page.getByTestId('web-view-frame').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(c.width);
      await docShot(page, `${c.name}-safe-purchase`, true);
      if (c.name === 'h5') {
        await page.getByTestId('safe-purchase-service').click();
        await page.waitForURL(/\/h5\/pages\/service\/service$/);
      }
      await page.context().close();
    }
  });
});
