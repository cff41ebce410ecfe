import { identification } from '@app/protocol/calls/identity';
import { bindPhone, sendSms, wxAppLogin } from '@app/protocol/calls/user';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, hook, launchBrowser, MOBILE } from '../browser';
import { docShot, phoneNumber } from './market-helpers';
import { idNumber, JOURNEY_PAY_PIN, outbox, setPayPin, tapPin } from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('coupons and the wallet', () => {
  it('claims the newcomer coupons, and refuses a withdrawal beyond the balance with its fee shown', async () => {
    const phone = phoneNumber('137');
    const session = await hook<{ token: string; uid: string }>('/dev/session', { phone });
    expect(
      (
        await apiCall(
          identification,
          { realName: '赵钱包', idCard: idNumber('19870909', '753') },
          { 'x-token': session.token },
        )
      ).code,
    ).toBe('200');
    await setPayPin(phone);
    const page = await (await browser.newContext(MOBILE)).newPage();
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    await page.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('uid', s.uid);
    }, session);

    await page.goto(`${baseUrl()}/h5/pages/userCenter/index`);
    await page.getByTestId('my-coupon-entry').click();
    await page.getByTestId('coupon-join').click();
    await expect.poll(() => page.getByTestId('coupon').count()).toBe(3);
    await expect.poll(() => page.getByTestId('coupon-event').count()).toBe(0);
    await docShot(page, 'wallet-coupons');

    await page.goto(`${baseUrl()}/h5/pages/userCenter/cashWithdrawal/cashWithdrawal`);
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toContain('¥0.00');
    await page.getByTestId('withdraw-amount').fill('10');
    await expect.poll(() => page.getByTestId('withdraw-arrival').textContent()).toContain('¥9.00');
    await page.getByTestId('withdraw-account').fill('13700001234');
    await page.getByTestId('withdraw-name').fill('赵钱包');
    await page.getByTestId('withdraw-submit').click();
    // The payment password first (paypin): the keypad sheet, then the server's refusal.
    await tapPin(page, JOURNEY_PAY_PIN);
    await page.getByTestId('toast').filter({ hasText: '可提现余额不足' }).first().waitFor();
    await page.getByTestId('withdraw-name').fill('赵钱');
    await page.getByTestId('withdraw-submit').click();
    await tapPin(page, JOURNEY_PAY_PIN);
    await page
      .getByTestId('toast')
      .filter({ hasText: '收款账户姓名与实名认证姓名不一致，无法发起提现' })
      .first()
      .waitFor();
    await docShot(page, 'wallet-withdraw');
    await page.context().close();
  });

  it('a user signed in with WeChat withdraws to 微信零钱 with no account typed, on a phone and at 1440 px', async () => {
    // 微信登录 (the sandbox's authorization code), then a phone bound and the real name verified.
    const { code } = await hook<{ code: string }>('/dev/oauth/code', {
      provider: 'wx',
      value: `wx-wallet-${Date.now()}`,
    });
    const login = await apiCall<{ token: string; uid: string }>(wxAppLogin, { code });
    expect(login.code).toBe('200');
    const headers = { 'x-token': login.data.token };
    const phone = phoneNumber('136');
    await apiCall(sendSms, { smsType: 'phoneLogin', phone });
    expect((await apiCall(bindPhone, { phone, code: (await outbox(phone))[0]!.code }, headers)).code).toBe('200');
    expect(
      (await apiCall(identification, { realName: '钱微信', idCard: idNumber('19880808', '517') }, headers)).code,
    ).toBe('200');
    await setPayPin(phone);
    await hook('/dev/topup', { phone, amount: 30_000, key: phone });

    // ¥300 on the balance; each withdrawal of ¥50 (its fee inside) leaves ¥50 less.
    for (const [device, scene, width, left] of [
      [MOBILE, 'h5', 390, '¥250.00'],
      [DESKTOP, 'web', 1440, '¥200.00'],
    ] as const) {
      const page = await (await browser.newContext(device)).newPage();
      await page.goto(`${baseUrl()}/${scene}/pages/index/index`);
      await page.evaluate((s) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('uid', s.uid);
      }, login.data);
      await page.goto(`${baseUrl()}/${scene}/pages/userCenter/cashWithdrawal/cashWithdrawal`);
      await page.getByTestId('withdraw-type-wechat').click();
      await expect.poll(() => page.getByTestId('withdraw-account').count()).toBe(0);
      await page.getByTestId('withdraw-wechat-note').waitFor();
      await page.getByTestId('withdraw-amount').fill('50');
      await page.getByTestId('withdraw-name').fill('钱微信');
      await page.getByTestId('withdraw-submit').click();
      await tapPin(page, JOURNEY_PAY_PIN);
      await expect.poll(() => page.getByTestId('withdraw-record').first().textContent()).toMatch(/微信零钱.*审核中/);
      await page.getByTestId('pay-password-amount').waitFor({ state: 'detached' });
      await docShot(page, `wallet-withdraw-wechat-${width}`);
      await hook('/dev/sweep', { aheadMinutes: 1 });
      await page.reload();
      await expect.poll(() => page.getByTestId('withdraw-record').first().textContent()).toContain('已到账');
      await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toContain(`可提现余额${left}`);
      // Alipay stays the other choice, with its account field.
      await page.getByTestId('withdraw-type-alipay').click();
      await page.getByTestId('withdraw-account').waitFor();
      await page.context().close();
    }
  });
});
