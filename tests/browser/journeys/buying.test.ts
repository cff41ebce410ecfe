import { commodityList } from '@app/protocol/calls/exchange';
import { identification } from '@app/protocol/calls/identity';
import { bindPhone, sendSms } from '@app/protocol/calls/user';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, launchBrowser } from '../browser';
import { phoneNumber } from './market-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

function idNumber(birth: string, seq: string): string {
  const body = `110105${birth}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (weights[i] as number), 0);
  return body + '10X98765432'[sum % 11];
}

describe('buying in the game', () => {
  it('orders a role, pays with alipay in the sandbox cashier, the game moves it, the buyer confirms receipt', async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await page.goto(`${baseUrl()}/demo-game/host`);
    await page.getByTestId('game-account').fill('buyer1');
    await page.getByTestId('game-login').click();
    await page.getByText('当前角色').waitFor();
    await page.getByTestId('game-open-market').click();
    const frame = page.frameLocator('#frame');
    await frame.getByTestId('tab-bar').waitFor();
    const view = page.frames().find((f) => f.url().includes('/h5sdk/'));
    await expect.poll(() => view?.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    const token = (await view!.evaluate(() => localStorage.getItem('token'))) as string;

    // The buyer's phone and real name (their own journeys are elsewhere).
    const phone = phoneNumber('139');
    await apiCall(sendSms, { smsType: 'phoneLogin', phone });
    const sms = (await (await fetch(`${baseUrl()}/dev/sms/outbox?phone=${phone}`)).json()).data[0];
    expect((await apiCall(bindPhone, { phone, code: sms.code }, { 'x-token': token })).code).toBe('200');
    expect(
      (await apiCall(identification, { realName: '吴买家', idCard: idNumber('19890303', '531') }, { 'x-token': token }))
        .code,
    ).toBe('200');

    // A role on sale in this game.
    const list = await apiCall<{ list: Array<{ id: string; title: string }> }>(
      commodityList,
      { type: 1, pageSize: 10, sort: 'priceAsc' },
      { 'x-appid': 'demo-legend' },
    );
    // Not buyer1's own role (another journey lists it with a consignment key).
    const role = list.data.list.find((c) => !c.title.includes('新手买家'))!;
    await view!.goto(`${baseUrl()}/h5sdk/pages/commodityDetail/index?id=${role.id}`);
    await frame.getByTestId('buy-bar').waitFor();
    // The first visit shows the guide overlay once.
    const guide = frame.getByTestId('first-time-guide-close');
    if (await guide.isVisible().catch(() => false)) await guide.click();
    await frame.getByTestId('buy-button').click();

    await frame.getByTestId('order-confirm').waitFor();
    await frame.getByTestId('order-submit').click();
    await frame.getByTestId('toast').filter({ hasText: '请先阅读并同意交易规则' }).first().waitFor();
    await frame.getByTestId('order-agree').check();
    await frame.getByTestId('order-submit').click();

    await frame.getByTestId('cashier').waitFor();
    await expect.poll(() => frame.getByTestId('cashier-countdown').textContent()).toMatch(/^1[45]:\d\d$/);
    await page.screenshot({ path: 'docs/screenshots/buying-cashier.png' });
    await frame.getByTestId('pay-channel-1').check();
    await frame.getByTestId('pay-submit').click();

    // The sandbox gateway's cashier, then back to the order.
    await frame.getByTestId('sandbox-pay').click();
    await frame.getByTestId('order-detail').waitFor();
    await expect.poll(() => frame.getByTestId('order-status').textContent(), { timeout: 15_000 }).toBe('待收货');
    await expect.poll(() => frame.getByTestId('order-receipt').textContent()).toContain('✓ 已验证');
    await page.screenshot({ path: 'docs/screenshots/buying-delivered.png' });
    await frame.getByTestId('order-confirm-receipt').click();
    await frame.getByRole('button', { name: '确认收货' }).last().click();
    await expect.poll(() => frame.getByTestId('order-status').textContent()).toBe('交易成功');

    // In the game the role now belongs to the buyer.
    await page.locator('#closeView').click();
    await page.locator('#toServers2').click();
    await expect.poll(async () => (await page.locator('.servers').textContent()) ?? '').toMatch(/我的角色 \d\/3/);
    await page.context().close();
  });
});
