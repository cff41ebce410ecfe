import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, hook, launchBrowser, MOBILE, screenshot } from '../browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());
beforeEach(async () => {
  context = await browser.newContext(MOBILE);
  page = await context.newPage();
});
afterEach(() => context.close());

const path = () => new URL(page.url()).pathname + new URL(page.url()).search;

describe('launch', () => {
  it('sends the root path to the home of each platform', async () => {
    await page.goto(`${baseUrl()}/?platform=h5-ios`);
    await page.getByTestId('home-page').waitFor();
    expect(path()).toBe('/h5/pages/index/index?platform=h5-ios');
    await screenshot(page, 'h5-home');

    const sdk = await context.newPage();
    await sdk.goto(`${baseUrl()}/?platform=h5-sdk-android`);
    await sdk.getByTestId('tab-bar').waitFor();
    expect(new URL(sdk.url()).pathname).toBe('/h5sdk/pages/commodityList/list');

    const pc = await (await browser.newContext(DESKTOP)).newPage();
    await pc.goto(`${baseUrl()}/?platform=pc-web`);
    await pc.getByTestId('pc-logo').waitFor();
    expect(new URL(pc.url()).pathname).toBe('/web/pages/index/index');
    await screenshot(pc, 'pc-home');
    await pc.context().close();
  });

  it('sends the launch event to the statistics service 2 s after launch, signed', async () => {
    const flushed = page.waitForResponse((res) => res.url().endsWith('/v1/events'), { timeout: 10_000 });
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    const res = await flushed;
    expect(await res.json()).toMatchObject({ code: '200', data: { accepted: expect.any(Number) } });
    expect(JSON.parse(res.request().postData() ?? '[]')[0]).toMatchObject({ event: 'launch' });
  });

  it('redirects a legacy path to its prefixed form, carrying the query', async () => {
    await page.goto(`${baseUrl()}/pages/h5sdk/commodityList/list?x=1&applicationId=demo-legend`);
    await page.getByTestId('commodity-list').waitFor();
    expect(path()).toBe('/h5sdk/pages/commodityList/list?x=1&applicationId=demo-legend');
  });

  it('sends a shared h5 product page opened on a PC to the web commodity detail', async () => {
    await page.goto(`${baseUrl()}/h5/pages/productNew/info?platform=pc-web&share=share&id=42&ct=0`);
    await page.waitForURL(/commodityDetail/);
    expect(path()).toBe('/web/pages/commodityDetail/index?platform=pc-web&share=share&id=42&ct=0');
  });

  it('refuses a navigation outside the current scene with its message', async () => {
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    await page.getByTestId('home-page').waitFor();
    await page.evaluate(() =>
      (globalThis as unknown as { marketRouter: { navigate(p: string): void } }).marketRouter.navigate(
        '/web/pages/index/index',
      ),
    );
    await expect(
      page.getByTestId('toast').filter({ hasText: '路由路径与当前环境不匹配' }).waitFor(),
    ).resolves.toBeUndefined();
    expect(path()).toBe('/h5/pages/index/index');
    await page.evaluate(() =>
      (globalThis as unknown as { marketRouter: { navigate(p: string): void } }).marketRouter.navigate(
        '/h5/pages/userCenter/index',
      ),
    );
    await page.getByTestId('my-page').waitFor();
  });
});

describe('the overly old app on the pre environment', () => {
  const app = (version: string) =>
    browser.newContext({
      ...MOBILE,
      userAgent: `Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Mobile Safari/537.36 MarketApp/${version}`,
    });

  it("the Android app below 3.0.0 with the gray flag is told once at launch to download the latest ('redownload')", async () => {
    const old = await (await app('2.9.0')).newPage();
    await old.goto(`${baseUrl()}/app/pages/index/index?xEnv=gray`);
    const modal = old.getByTestId('modal-redownload');
    await modal.waitFor();
    expect(await modal.getByTestId('modal-content').textContent()).toContain('版本过低');
    await screenshot(old, 'redownload-modal');
    await modal.getByTestId('modal-button-取消').click();
    await modal.waitFor({ state: 'detached' });
    // Once a visit: a relaunch does not ask again.
    await old.reload();
    await old.getByTestId('home-page').waitFor();
    expect(await old.getByTestId('modal-redownload').count()).toBe(0);
    await old.context().close();

    // Without the gray flag, or with a current app, nothing is said.
    for (const [version, query] of [
      ['2.9.0', ''],
      ['3.1.0', '?xEnv=gray'],
    ] as const) {
      const other = await (await app(version)).newPage();
      await other.goto(`${baseUrl()}/app/pages/index/index${query}`);
      await other.getByTestId('home-page').waitFor();
      expect(await other.getByTestId('modal-redownload').count()).toBe(0);
      await other.context().close();
    }
  });
});

describe('maintenance', () => {
  it('relaunches onto the under-maintenance page while the switch is on, and back when it is off', async () => {
    await hook('/dev/maintenance', { updating: 1, message: '系统升级中，预计30分钟后恢复' });
    try {
      await page.goto(`${baseUrl()}/h5/pages/index/index`);
      await page.getByTestId('maintenance-page').waitFor();
      expect(new URL(page.url()).pathname).toBe('/h5/pages/underMaintenance/underMaintenance');
      await expect(page.getByText('系统升级中，预计30分钟后恢复').waitFor()).resolves.toBeUndefined();
      await screenshot(page, 'maintenance');
    } finally {
      await hook('/dev/maintenance', { updating: 0 });
    }
    await page.getByTestId('maintenance-retry').click();
    await page.getByTestId('home-page').waitFor();
  });
});

describe('request errors', () => {
  it('shows the expired-login modal and relaunches the login page', async () => {
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    await page.evaluate(() => localStorage.setItem('token', 'not-a-real-session'));
    await page.goto(`${baseUrl()}/h5/pages/userCenter/index`);
    const modal = page.getByTestId('modal-expiredLogin');
    await modal.waitFor();
    expect(await modal.getByTestId('modal-content').textContent()).toBe('登录已过期，请重新登录');
    await screenshot(page, 'expired-login-modal');
    await modal.getByTestId('modal-button-重新登录').click();
    await page.waitForURL(/login\/login/);
    expect(path()).toBe(
      `/h5/pages/login/login?needLogin=expiredLogin&fromPage=${encodeURIComponent('/h5/pages/userCenter/index')}`,
    );
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('asks for a game when the phone list is opened without one, never AppId异常', async () => {
    await page.goto(`${baseUrl()}/h5/pages/commodityList/list`);
    await page.getByTestId('game-pick').waitFor();
    await page.getByTestId('game-pick-option').first().waitFor();
    expect(await page.getByText('AppId异常').count()).toBe(0);
    await screenshot(page, 'list-game-pick-phone');
    await page.getByTestId('game-pick-option').filter({ hasText: '三国' }).click();
    await page.waitForURL(/applicationId=demo-sanguo/);
    await page.getByTestId('commodity-card').first().waitFor();
    expect(await page.getByText('AppId异常').count()).toBe(0);
  });
});
