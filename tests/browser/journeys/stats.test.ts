import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launchBrowser, MOBILE } from '../browser';
import { docShot, newPage, staffDesk } from './market-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const NARROW = { ...MOBILE, viewport: { width: 320, height: 640 } };
const priceIndexUrl = (scene: string, q: string) => `${baseUrl()}/${scene}/pages/market/priceIndex?${q}`;

describe('statistics: the console’s dashboard and the players’ 行情', () => {
  it('运营 reads the dashboard at 1440 px: figures, charts, funnel and days; a reversed range is refused in Chinese', async () => {
    const ops = await staffDesk(browser, 'ops-operator', 'demo-ops-123');
    await ops.getByTestId('ops-tab-stats').click();
    const total = ops.getByTestId('ops-stats-total');
    await total.waitFor();
    for (const label of ['访客', 'GMV', '手续费收入', '货币化率', '客单价', '退款率', '纠纷率', '新买家 / 新卖家'])
      expect(await total.textContent()).toContain(label);
    expect(await ops.getByTestId('ops-stats-funnel').textContent()).toContain('→');
    // The default range is the last 14 Beijing days, one line each.
    expect(await ops.getByTestId('ops-stats-day').count()).toBe(14);
    // Two uPlot charts, each drawn on its canvas.
    expect(await ops.locator('[data-testid="ops-stats"] .ops-chart canvas').count()).toBe(2);
    await ops.getByTestId('ops-stats-ab').waitFor();
    await docShot(ops, 'ops-stats', true);

    const from = await ops.getByLabel('开始日期').inputValue();
    const to = await ops.getByLabel('结束日期').inputValue();
    await ops.getByLabel('开始日期').fill(to);
    await ops.getByLabel('结束日期').fill(from);
    await ops.getByText('开始日期不能晚于结束日期').waitFor();
    expect(await ops.getByTestId('ops-stats-apply').isDisabled()).toBe(true);
    // The figures asked before stay on the page.
    expect(await ops.getByTestId('ops-stats-day').count()).toBe(14);
    await ops.context().close();
  });

  it('a player reads 传奇’s coin 行情 on a phone (390 and 320 px) and on a PC page', async () => {
    const phone = await newPage(browser, MOBILE);
    // The coin list's 行情 line: the latest day's median of 元宝 (the demo's 60 days of sales are rolled up at start).
    await phone.goto(`${baseUrl()}/h5/pages/commodityList/list?applicationId=demo-legend&type=2`);
    const line = phone.getByTestId('price-index-line');
    await line.waitFor();
    expect(await line.textContent()).toMatch(/元宝中位价 ¥[\d.]+\/万.*\d+笔/);
    await line.click();
    await phone.waitForURL(/market\/priceIndex\?applicationId=demo-legend&type=2&kind=1/);
    await phone.getByTestId('price-index-page').waitFor();
    await phone.getByTestId('price-index-summary').waitFor();
    const summary = (await phone.getByTestId('price-index-summary').textContent()) ?? '';
    expect(summary).toContain('区间中位价');
    expect(summary).toMatch(/成交笔数\d+/);
    expect(await phone.locator('[data-testid="price-index-page"] svg').count()).toBeGreaterThanOrEqual(1);
    await docShot(phone, 'price-index-390');
    await phone.setViewportSize(NARROW.viewport);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await docShot(phone, 'price-index-320');
    // Roles: the median by class and level band.
    await phone.getByRole('tab', { name: '角色' }).click();
    await phone.waitForURL(/type=1/);
    await phone.context().close();

    const pc = await newPage(browser, DESKTOP);
    await pc.goto(priceIndexUrl('web', 'applicationId=demo-legend&type=2'));
    await pc.getByTestId('price-index-summary').waitFor();
    await pc.getByRole('heading', { name: '传奇·演示行情' }).waitFor();
    await docShot(pc, 'price-index-pc');
    // The network gone as 7天 is asked: 网络异常 with 重试, never 暂无成交; back online, the figures come by themselves.
    await pc.context().setOffline(true);
    await pc.getByRole('button', { name: '7天' }).click();
    await pc.getByTestId('failure-retry').waitFor();
    expect(await pc.getByTestId('price-index-summary').count()).toBe(0);
    await pc.context().setOffline(false);
    await pc.getByTestId('price-index-summary').waitFor();
    await pc.context().close();
  });
});
