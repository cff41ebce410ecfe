import { publishCoin } from '@app/protocol/calls/consignment';
import { identification } from '@app/protocol/calls/identity';
import { h5sdkVerifyCode } from '@app/protocol/calls/market';
import { h5sdkOrderPlace, itemConfirm } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import { bindPhone, sendSms } from '@app/protocol/calls/user';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, hook, launchBrowser, skipFirstTimeGuide } from '../browser';
import { phoneNumber } from './market-helpers';
import { gameLogin, idNumber, JOURNEY_PAY_PIN, outbox, setPayPin, tapPin } from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the seller’s money', () => {
  it('a sale shows as 待入账, becomes available after the protection window, and is withdrawn', async () => {
    // The seller, in the game: the SDK view logs them in; phone, real name and the sale lock by API.
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await skipFirstTimeGuide(page);
    await page.goto(`${baseUrl()}/demo-game/host`);
    await page.getByTestId('game-account').fill('player1');
    await page.getByTestId('game-login').click();
    await page.getByText('当前角色').waitFor();
    await page.getByTestId('game-open-market').click();
    const frame = page.frameLocator('#frame');
    await frame.getByTestId('tab-bar').waitFor();
    const view = page.frames().find((f) => f.url().includes('/h5sdk/'))!;
    await expect.poll(() => view.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    const token = (await view.evaluate(() => localStorage.getItem('token'))) as string;
    const info = await view.evaluate(() => JSON.parse(localStorage.getItem('loginInfoStr') ?? '{}'));
    const pt = { gameId: info.game_id, gameToken: info.game_token, serverId: info.server_id };
    const seller = { 'x-token': token };
    const phone = phoneNumber('133');
    await apiCall(sendSms, { smsType: 'phoneLogin', phone });
    expect((await apiCall(bindPhone, { phone, code: (await outbox(phone))[0]!.code }, seller)).code).toBe('200');
    expect(
      (await apiCall(identification, { realName: '周卖家', idCard: idNumber('19850808', '159') }, seller)).code,
    ).toBe('200');
    await apiCall(sendSms, { smsType: 'verifyCode', phone: 'auto' }, seller);
    const unlock = (await outbox(phone)).find((m) => m.smsType === 'verifyCode')!.code;
    expect((await apiCall(h5sdkVerifyCode, { ...pt, code: unlock }, seller)).data).toBe(true);
    const listed = await apiCall<{ commodityId: string }>(
      publishCoin,
      { ...pt, coinType: 2, coinNum: 200_000, price: 20_000 },
      seller,
    );
    expect(listed.code).toBe('200');

    // A buyer orders it, pays in the sandbox and confirms receipt (their own pages have their own journey).
    const buyerSession = await hook<{ token: string }>('/dev/session', { phone: phoneNumber('134') });
    const buyer = { 'x-token': buyerSession.token };
    expect(
      (await apiCall(identification, { realName: '郑买家', idCard: idNumber('19900101', '357') }, buyer)).code,
    ).toBe('200');
    const buyerGame = await gameLogin('buyer1');
    const order = await apiCall<{ orderId: string; totalAmount: number }>(
      h5sdkOrderPlace,
      {
        ...buyerGame,
        commodityId: listed.data.commodityId,
        requestKey: `money-journey-${Date.now()}`,
        agreement: true,
      },
      buyer,
    );
    expect(order.code).toBe('200');
    const pay = await apiCall<{ tradeNo: string }>(
      wapAlipay,
      { bizNo: order.data.orderId, totalAmount: 20_000, payPrice: 20_000 },
      buyer,
    );
    await fetch(`${baseUrl()}/sandbox/api/pay/${pay.data.tradeNo}/succeed`, { method: 'POST' });
    await expect
      .poll(async () => (await apiCall(itemConfirm, { orderId: order.data.orderId }, buyer)).code, { timeout: 15_000 })
      .toBe('200');

    // The seller's wallet: 待入账 first, then available after the protection window; then withdrawn.
    await view.goto(`${baseUrl()}/h5sdk/pages/userCenter/cashWithdrawal/cashWithdrawal`);
    await expect.poll(() => frame.getByTestId('wallet-balance').textContent()).toContain('待入账 ¥190.00');
    await page.screenshot({ path: 'docs/screenshots/money-pending.png' });
    await hook('/dev/sweep', { aheadMinutes: 25 * 60 });
    await view.goto(view.url());
    await expect.poll(() => frame.getByTestId('wallet-balance').textContent()).toContain('¥190.00');
    expect(await frame.getByTestId('wallet-balance').textContent()).toContain('待入账 ¥0.00');
    await setPayPin(phone);
    await frame.getByTestId('withdraw-amount').fill('100');
    await frame.getByTestId('withdraw-account').fill(phone);
    await frame.getByTestId('withdraw-name').fill('周卖家');
    await frame.getByTestId('withdraw-submit').click();
    await tapPin(frame, JOURNEY_PAY_PIN);
    await expect.poll(() => frame.getByTestId('withdraw-record').first().textContent()).toContain('审核中');
    await expect.poll(() => frame.getByTestId('wallet-balance').textContent()).toContain('冻结中 ¥100.00');
    await hook('/dev/sweep', { aheadMinutes: 1 });
    await view.goto(view.url());
    await expect.poll(() => frame.getByTestId('withdraw-record').first().textContent()).toContain('已到账');
    await expect.poll(() => frame.getByTestId('wallet-balance').textContent()).toContain('¥90.00');
    await page.screenshot({ path: 'docs/screenshots/money-withdrawn.png' });
    await page.context().close();
  });
});
