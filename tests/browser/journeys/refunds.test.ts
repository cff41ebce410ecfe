import { identification } from '@app/protocol/calls/identity';
import { h5sdkOrderPlace, itemReject, orderInfo } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, hook, launchBrowser, MOBILE, screenshot, signedInPage } from '../browser';
import { phoneNumber } from './market-helpers';
import { gameLogin, idNumber, sellerAccounts, sellerListsCoins } from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/**
 * 三国's market accounts 20–29 and 36–39: no other journey binds them there (the statement uses 01–12,
 * ops-money and pay-password 13–19, broker-trade 30–35, account pages 40–44).
 */
const GAME = '/demo-sanguo';

describe('a refund to the original channel (原路退回)', () => {
  it('a 花呗 payment refunded by customer service reads 原路退回 花呗 with its days, then 已原路退回, on a phone and on a PC', async () => {
    const buyerGame = await gameLogin('buyer1', GAME);
    const listed = await sellerListsCoins({
      accounts: [...sellerAccounts(20, 29), ...sellerAccounts(36, 39)],
      serverId: buyerGame.serverId,
      coins: 26_110,
      priceFen: 26_110,
      realName: '钱退款',
      birth: '19870707',
      idBase: 640,
      phonePrefix: '133',
      game: GAME,
    });
    const phone = phoneNumber('139');
    const session = await hook<{ token: string; uid: string }>('/dev/session', { phone });
    const buyer = { 'x-token': session.token };
    await apiCall(identification, { realName: '孙花呗', idCard: idNumber('19920202', '357') }, buyer);
    const order = await apiCall<{ orderId: string; totalAmount: number }>(
      h5sdkOrderPlace,
      { ...buyerGame, commodityId: listed.commodityId, requestKey: `journey-refund-${Date.now()}`, agreement: true },
      buyer,
    );
    expect(order.code).toBe('200');
    const { orderId, totalAmount } = order.data;
    // Paid with 花呗 (channel 4) at the sandbox cashier; the game delivers.
    const pay = await apiCall<{ tradeNo: string }>(
      wapAlipay,
      { bizNo: orderId, totalAmount, payPrice: totalAmount, payChannelType: 4 },
      buyer,
    );
    await fetch(`${baseUrl()}/sandbox/api/pay/${pay.data.tradeNo}/succeed`, { method: 'POST' });
    await expect
      .poll(async () => (await apiCall<{ status: number }>(orderInfo, { orderId }, buyer)).data.status, {
        timeout: 15_000,
      })
      .toBe(51);
    expect((await apiCall(itemReject, { orderId, reason: '数量不对' }, buyer)).code).toBe('200');
    // The sandbox gateway will not answer this trade's refund at once (asked later, as a real gateway may).
    const mode = await fetch(`${baseUrl()}/sandbox/api/pay/${pay.data.tradeNo}/refund-mode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'timeout' }),
    });
    expect(await mode.json()).toEqual({ ok: true });
    // Customer service refunds it.
    const login = await fetch(`${baseUrl()}/ops/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ops-cs', password: 'demo-cs-123' }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const resolved = await fetch(`${baseUrl()}/ops/v1/orders/${orderId}/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ decision: 'refund', note: '买家反馈属实' }),
    });
    expect(((await resolved.json()) as { code: string }).code).toBe('200');

    const detail = (scene: string) => `${baseUrl()}/${scene}/pages/orderNew/orderDetail/orderDetail?orderId=${orderId}`;
    const mobile = await signedInPage(browser, MOBILE, session, detail('h5'));
    const line = mobile.getByTestId('order-refund');
    await expect.poll(() => line.textContent()).toContain('原路退回 花呗，预计 1–3 个工作日到账');
    expect(await line.textContent()).toContain('¥261.10');
    await screenshot(mobile, 'refund-in-transit-390');
    // The wallet's statement: 退款中 with where it goes.
    await mobile.goto(`${baseUrl()}/h5/pages/userCenter/fundDetail/fundDetail`);
    await expect.poll(() => mobile.getByTestId('statement-refunds').textContent()).toContain('退款中¥261.10');
    expect(await mobile.getByTestId('statement-refund-line').textContent()).toContain('原路退回 花呗');
    await screenshot(mobile, 'refund-statement-390');
    await mobile.context().close();

    const narrow = await signedInPage(
      browser,
      { ...MOBILE, viewport: { width: 320, height: 640 } },
      session,
      detail('h5'),
    );
    await expect.poll(() => narrow.getByTestId('order-refund').textContent()).toContain('原路退回 花呗');
    const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(narrow, 'refund-in-transit-320');
    await narrow.context().close();

    // The sweep asks the gateway: the refund arrived.
    await hook('/dev/sweep', { aheadMinutes: 5 });
    const pc = await signedInPage(browser, DESKTOP, session, detail('web'));
    await expect.poll(() => pc.getByTestId('order-refund').textContent()).toContain('已原路退回 花呗');
    expect(await pc.getByTestId('order-refund').textContent()).toContain('到账');
    await screenshot(pc, 'refund-returned-1440');
    await pc.context().close();
  });
});
