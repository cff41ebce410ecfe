import { identification } from '@app/protocol/calls/identity';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, hook, launchBrowser, MOBILE } from '../browser';
import { docShot, phoneNumber } from './market-helpers';
import { idNumber, JOURNEY_PAY_PIN, setPayPin, tapPin } from './people';

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
});
