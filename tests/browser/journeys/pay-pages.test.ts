import { commodityList } from '@app/protocol/calls/exchange';
import { identification } from '@app/protocol/calls/identity';
import { h5sdkOrderPlace } from '@app/protocol/calls/orders';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, hook, launchBrowser, MOBILE } from '../browser';
import { docShot, phoneNumber } from './market-helpers';
import { idNumber } from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** A web buyer (phone, real name) ordering coin lots of 传奇·演示 for buyer1's role in the game. */
async function buyer() {
  const session = await hook<{ token: string; uid: string }>('/dev/session', { phone: phoneNumber('138') });
  const headers = { 'x-token': session.token };
  expect(
    (await apiCall(identification, { realName: '扫码买家', idCard: idNumber('19920404', '468') }, headers)).code,
  ).toBe('200');
  const game = (
    await (
      await fetch(`${baseUrl()}/demo-game/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'buyer1', password: 'demo123' }),
      })
    ).json()
  ).data as { gameId: string; gameToken: string; serverId: string };
  const lots = await apiCall<{ list: Array<{ id: string }> }>(
    commodityList,
    { type: 2, masterServerId: 'm1', pageSize: 10, sort: 'newest' },
    { 'x-appid': 'demo-legend' },
  );
  let next = 0;
  const order = async () => {
    for (;;) {
      const lot = lots.data.list[next++];
      if (!lot) throw new Error('no coin lot left to buy');
      const placed = await apiCall<{ orderId: string; totalAmount: number }>(
        h5sdkOrderPlace,
        { ...game, commodityId: lot.id, requestKey: `pay-pages-${Date.now()}-${next}`, agreement: true },
        headers,
      );
      if (placed.code === '200') return placed.data;
    }
  };
  return { session, order };
}

describe('paying on a PC and from WeChat', () => {
  it('draws the scan-pay QR code on a PC and moves on once the phone paid', async () => {
    const { session, order } = await buyer();
    const o = await order();
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await page.goto(`${baseUrl()}/web/pages/index/index`);
    await page.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('uid', s.uid);
    }, session);
    await page.goto(`${baseUrl()}/web/pages/orderNew/cashier/cashier?orderId=${o.orderId}`);
    await page.getByTestId('scan-qr').locator('svg').waitFor();
    const link = (await page.getByTestId('scan-qr').getAttribute('data-link')) ?? '';
    expect(link).toMatch(/\/sandbox\/pay\/P\w+$/);
    await docShot(page, 'pay-scan-qr');
    // The phone that scanned it pays in the cashier the code leads to.
    await fetch(`${link.replace('/sandbox/pay/', '/sandbox/api/pay/')}/succeed`, { method: 'POST' });
    await page.getByTestId('order-detail').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('order-status').textContent()).toMatch(/支付成功|待收货/);
    await page.context().close();
  });

  it('the WeChat landing starts the WeChat payment from rechargePageParam', async () => {
    const { session, order } = await buyer();
    const o = await order();
    const page = await (await browser.newContext(MOBILE)).newPage();
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    await page.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('uid', s.uid);
    }, session);
    await page.goto(
      `${baseUrl()}/h5/pages/orderNew/orderConfirmPlace/orderConfirmPlaceForWx?rechargePageParam=not-base64`,
    );
    await expect.poll(() => page.getByTestId('wechat-landing').textContent()).toBe('支付参数无效，请返回订单重新支付');
    const param = Buffer.from(JSON.stringify({ bizNo: o.orderId, totalAmount: o.totalAmount })).toString('base64url');
    await page.goto(
      `${baseUrl()}/h5/pages/orderNew/orderConfirmPlace/orderConfirmPlaceForWx?rechargePageParam=${param}`,
    );
    await page.waitForURL(/\/sandbox\/pay\//);
    expect(await page.textContent('body')).toContain('微信支付');
    await page.getByTestId('sandbox-pay').click();
    await page.getByTestId('order-detail').waitFor({ timeout: 15_000 });
    await page.context().close();
  });
});
