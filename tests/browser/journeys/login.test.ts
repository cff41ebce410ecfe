import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '../../../apps/web/src/lib/copy';
import { baseUrl, launchBrowser, MOBILE, screenshot } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function outbox(phone: string): Promise<Array<{ code: string }>> {
  return (await (await fetch(`${baseUrl()}/dev/sms/outbox?phone=${phone}`)).json()).data;
}

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).waitFor();

describe('SMS login', () => {
  it('refuses wrong input with the spec messages, then logs in with the code from the outbox', async () => {
    const page = await (await browser.newContext(MOBILE)).newPage();
    await page.goto(`${baseUrl()}/h5/pages/login/login`);
    await page.getByTestId('sms-button').click();
    await toast(page, '请填写手机号');
    await page.getByTestId('login-phone').fill('12345678901');
    await page.getByTestId('sms-button').click();
    await toast(page, '请正确填写您的手机号码');

    const phone = `139${String(Date.now()).slice(-8)}`;
    await page.getByTestId('login-phone').fill(phone);
    await page.getByTestId('sms-button').click();
    await toast(page, '发送成功');
    await expect.poll(() => page.getByTestId('sms-button').textContent()).toMatch(/^\d+s$/);
    // A click during the countdown is ignored: no second SMS.
    await page.getByTestId('sms-button').dispatchEvent('click');
    expect(await outbox(phone)).toHaveLength(1);

    await page.getByTestId('login-code').fill('12');
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
    await toast(page, '请填写4位的正确验证码');

    const [sms] = await outbox(phone);
    await page.getByTestId('login-code').fill(sms!.code);
    await screenshot(page, 'login');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('home-page').waitFor();
    await page.goto(`${baseUrl()}/h5/pages/userCenter/index`);
    await expect.poll(() => page.getByTestId('my-nickname').textContent()).toBe(`玩家${phone.slice(-4)}`);
    await screenshot(page, 'my-page');

    // 退出登录 ends the session on the server: the token copied before it opens nothing afterwards.
    const token = await page.evaluate(() => globalThis.localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.getByTestId('logout').click();
    await page.getByTestId('home-page').waitFor();
    expect(await page.evaluate(() => globalThis.localStorage.getItem('token'))).toBeNull();
    // Someone who copied it: the server says the login has ended, and the page asks to log in again.
    await page.evaluate((t) => globalThis.localStorage.setItem('token', t as string), token);
    await page.goto(`${baseUrl()}/h5/pages/userCenter/index`);
    await page.getByText(copy.loginAgain, { exact: true }).waitFor();
    await page.context().close();
  });
});

describe('WeChat sign-in (sandbox provider)', () => {
  it('asks for the agreement first, then goes to the authorization page and comes back signed in', async () => {
    const page = await (await browser.newContext(MOBILE)).newPage();
    await page.goto(`${baseUrl()}/h5/pages/login/login`);
    await page.getByTestId('login-wx').click();
    await toast(page, copy.agreeRequired);
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-wx').click();
    await page.getByTestId('home-page').waitFor();
    expect(await page.evaluate(() => globalThis.localStorage.getItem('token'))).toBeTruthy();
    // A code come back without the state this tab sent (a forged return) signs nobody in.
    await page.evaluate(() => globalThis.localStorage.clear());
    await page.goto(`${baseUrl()}/h5/pages/login/login?oauth=wx&code=x&state=forged`);
    await toast(page, '授权已失效，请重新登录');
    expect(await page.evaluate(() => globalThis.localStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });
});
