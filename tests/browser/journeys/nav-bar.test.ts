import { commodityList } from '@app/protocol/calls/exchange';
import { identification } from '@app/protocol/calls/identity';
import { cancelOrder, h5sdkOrderPlace } from '@app/protocol/calls/orders';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, hook, launchBrowser, MOBILE, type Session, signedInPage } from '../browser';
import { docShot, phoneNumber } from './market-helpers';
import { gameLogin, idNumber } from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const NARROW = { ...MOBILE, viewport: { width: 320, height: 640 } } as const;
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/108.0 Mobile Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

async function open(device: typeof MOBILE | typeof NARROW | typeof DESKTOP, url: string, session?: Session) {
  if (session) return signedInPage(browser, device, session, url);
  const page = await (await browser.newContext(device)).newPage();
  await page.goto(url);
  return page;
}

/** A web buyer (a phone and a real name) with an unpaid order of a 传奇 coin lot for buyer1's role. */
async function unpaidOrder(): Promise<{ session: Session; orderId: string; expireTime: number }> {
  const session = await hook<Session>('/dev/session', { phone: phoneNumber('137') });
  const headers = { 'x-token': session.token };
  expect(
    (await apiCall(identification, { realName: '倪倒计', idCard: idNumber('19930505', '357') }, headers)).code,
  ).toBe('200');
  const game = await gameLogin('buyer1');
  const lots = await apiCall<{ list: Array<{ id: string }> }>(
    commodityList,
    { type: 2, masterServerId: 'm1', pageSize: 20, sort: 'priceDesc' },
    { 'x-appid': 'demo-legend' },
  );
  for (const [i, lot] of lots.data.list.entries()) {
    const placed = await apiCall<{ orderId: string; expireTime: number | null }>(
      h5sdkOrderPlace,
      { ...game, commodityId: lot.id, requestKey: `nav-bar-${Date.now()}-${i}`, agreement: true },
      headers,
    );
    if (placed.code === '200' && placed.data.expireTime)
      return { session, orderId: placed.data.orderId, expireTime: placed.data.expireTime };
  }
  throw new Error('no coin lot of 传奇 could be ordered');
}

/** Seconds a countdown's HH:MM:SS reads. */
const secondsOf = (text: string) => {
  const [h, m, s] = (/(\d\d):(\d\d):(\d\d)/.exec(text) ?? []).slice(1).map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
};

/** The two boxes overlap (the title running under an icon). */
async function overlap(page: Page, a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([page.getByTestId(a).boundingBox(), page.getByTestId(b).boundingBox()]);
  if (!x || !y) throw new Error(`${a} or ${b} is not shown`);
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

describe("the nav bar's options", () => {
  it("counts the unpaid order's own deadline down beside the title, on a phone, at 320 px and on a PC", async () => {
    const { session, orderId, expireTime } = await unpaidOrder();
    const path = `/pages/orderNew/orderDetail/orderDetail?orderId=${orderId}`;
    const phone = await open(MOBILE, `${baseUrl()}/h5${path}`, session);
    const countdown = phone.getByTestId('nav-countdown');
    await expect.poll(() => countdown.textContent()).toMatch(/^剩余支付\d\d:\d\d:\d\d$/);
    // The server's expireTime, not a constant: what the bar reads is what is left of it (± the page's load).
    const left = expireTime - Math.floor(Date.now() / 1000);
    expect(Math.abs(secondsOf((await countdown.textContent()) ?? '') - left)).toBeLessThanOrEqual(3);
    expect(await countdown.getAttribute('role')).toBe('timer');
    expect(await countdown.getAttribute('aria-label')).toMatch(/^剩余支付 \d\d:\d\d:\d\d$/);
    // It ticks.
    const first = secondsOf((await countdown.textContent()) ?? '');
    await expect.poll(async () => secondsOf((await countdown.textContent()) ?? '')).toBeLessThan(first);
    expect(await overlap(phone, 'nav-title', 'nav-home')).toBe(false);
    await docShot(phone, 'nav-bar-order-countdown-phone');
    // 返回首页 leads to the scene's home.
    await phone.getByTestId('nav-home').click();
    await phone.waitForURL(/\/h5\/pages\/index\/index$/);
    await phone.context().close();

    const narrow = await open(NARROW, `${baseUrl()}/h5${path}`, session);
    await expect.poll(() => narrow.getByTestId('nav-countdown').textContent()).toMatch(/^剩余支付\d\d:\d\d:\d\d$/);
    expect(await overlap(narrow, 'nav-title', 'nav-back')).toBe(false);
    expect(await overlap(narrow, 'nav-title', 'nav-home')).toBe(false);
    await docShot(narrow, 'nav-bar-order-countdown-320');
    await narrow.context().close();

    const pc = await open(DESKTOP, `${baseUrl()}/web${path}`, session);
    const heading = pc.locator('.pc-page-heading');
    await expect.poll(() => heading.getByTestId('nav-countdown').textContent()).toMatch(/^剩余支付\d\d:\d\d:\d\d$/);
    await docShot(pc, 'nav-bar-order-countdown-pc');
    await pc.context().close();

    // Cancelled, the order has no deadline left: the bar says nothing of one.
    expect((await apiCall(cancelOrder, { orderId }, { 'x-token': session.token })).code).toBe('200');
    const after = await open(MOBILE, `${baseUrl()}/h5${path}`, session);
    await expect.poll(() => after.getByTestId('order-status').textContent()).toBe('取消订单');
    expect(await after.getByTestId('nav-countdown').count()).toBe(0);
    await after.context().close();
  });

  it("leads the list's search icon to its keyword box and its filter icon to its filter panel", async () => {
    for (const device of [MOBILE, NARROW]) {
      const page = await open(device, `${baseUrl()}/h5/pages/commodityList/list?applicationId=demo-legend`);
      await page.getByTestId('commodity-list').waitFor();
      expect(await page.getByTestId('nav-search').getAttribute('aria-label')).toBe('搜索');
      await page.getByTestId('nav-search').click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('keyword-input');
      expect(await page.getByTestId('nav-filter').getAttribute('aria-label')).toBe('筛选');
      await page.getByTestId('nav-filter').click();
      await page.getByTestId('filter-panel').waitFor();
      await docShot(page, `nav-bar-list-filter-${device.viewport.width}`);
      await page.context().close();
    }
  });

  it('opens the rule text of 还价/出价 from its rule icon, on a phone and on a PC', async () => {
    const session = await hook<Session>('/dev/session', { phone: phoneNumber('136') });
    const phone = await open(MOBILE, `${baseUrl()}/h5/pages/bargain/myOffers`, session);
    await phone.getByTestId('nav-rule').click();
    const points = phone.getByTestId('nav-rule-points');
    await expect.poll(() => points.textContent()).toContain('分钟内支付保证金');
    expect(await phone.getByTestId('nav-rule-modal').textContent()).toContain('还价/出价规则');
    await docShot(phone, 'nav-bar-rule-phone');
    await phone.getByTestId('modal-button-我知道了').click();
    await expect.poll(() => phone.getByTestId('nav-rule-points').count()).toBe(0);
    await phone.context().close();

    const pc = await open(DESKTOP, `${baseUrl()}/web/pages/bargain/myOffers`, session);
    await pc.getByTestId('nav-rule').click();
    await expect.poll(() => pc.getByTestId('nav-rule-points').textContent()).toContain('卖家');
    await pc.context().close();
  });

  it("leaves room for the status bar in the app's web view only, by device", async () => {
    const padding = async (ua: string, scale: number, scene: string) => {
      const context = await browser.newContext({ ...MOBILE, userAgent: ua, deviceScaleFactor: scale });
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/${scene}/pages/commodityList/list?applicationId=demo-legend`);
      await page.locator('.m-nav').waitFor();
      const top = await page.locator('.m-nav').evaluate((el) => getComputedStyle(el).paddingTop);
      if (scene === 'app' && ua === ANDROID_UA) await docShot(page, 'nav-bar-app-status-bar');
      await context.close();
      return top;
    };
    // Android at 2.75×: the 72 device pixels of its density class; an iPhone with a notch 44.
    expect(await padding(ANDROID_UA, 2.75, 'app')).toBe('26px');
    expect(await padding(IPHONE_UA, 3, 'app')).toBe('44px');
    // The phone's browser draws its own status bar above the page.
    expect(await padding(ANDROID_UA, 2.75, 'h5')).toBe('0px');
  });
});
