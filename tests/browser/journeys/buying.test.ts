import { joinEvent } from '@app/protocol/calls/coupon';
import { commodityList } from '@app/protocol/calls/exchange';
import { gameTokenLogin } from '@app/protocol/calls/game';
import { identification } from '@app/protocol/calls/identity';
import { changeOrderCoupon, getSellOrderList, h5sdkOrderPlace } from '@app/protocol/calls/orders';
import { bindPhone, checkBindPhone, sendSms } from '@app/protocol/calls/user';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, hook, launchBrowser, MOBILE, skipFirstTimeGuide } from '../browser';
import { docShot, phoneNumber } from './market-helpers';
import { idNumber } from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The demo game's login of an account: its token and first role's server. */
async function gameLogin(account: string) {
  const json = await (
    await fetch(`${baseUrl()}/demo-game/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password: 'demo123' }),
    })
  ).json();
  return json.data as { gameId: string; gameToken: string; serverId?: string } | undefined;
}

/** The market seller (seller01, seller02, …) whose 我卖出的 holds the order: their session. */
async function sellerOf(orderId: string) {
  for (let i = 1; i <= 60; i++) {
    const game = await gameLogin(`seller${String(i).padStart(2, '0')}`);
    if (!game) break;
    const login = await apiCall<{ token: string; uid: string }>(gameTokenLogin, {
      gameId: game.gameId,
      gameToken: game.gameToken,
      serverId: game.serverId ?? 's1',
    });
    if (login.code !== '200') continue;
    const sold = await apiCall<{ list: Array<{ orderId: string }> }>(
      getSellOrderList,
      {},
      { 'x-token': login.data.token },
    );
    if (sold.data.list.some((o) => o.orderId === orderId)) return login.data;
  }
  throw new Error(`no market seller sold order ${orderId}`);
}

/** The amount the cashier asks for, in fen. */
const cashierTotal = async (where: Page | FrameLocator) =>
  Math.round(Number(((await where.getByTestId('cashier-total').textContent()) ?? '').replace(/[¥,]/g, '')) * 100);

describe('buying in the game', () => {
  it('orders a role, pays with alipay in the sandbox cashier, the game moves it, the buyer confirms receipt', async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await skipFirstTimeGuide(page);
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

    // The buyer's phone and real name (their own journeys are elsewhere). The selling journey may
    // have linked buyer1's game account to its seller already, with a phone and a real name.
    const bound = await apiCall<{ bound: boolean }>(checkBindPhone, {}, { 'x-token': token });
    if (!bound.data.bound) {
      const phone = phoneNumber('139');
      await apiCall(sendSms, { smsType: 'phoneLogin', phone });
      const sms = (await (await fetch(`${baseUrl()}/dev/sms/outbox?phone=${phone}`)).json()).data[0];
      expect((await apiCall(bindPhone, { phone, code: sms.code }, { 'x-token': token })).code).toBe('200');
      expect(
        (
          await apiCall(
            identification,
            { realName: '吴买家', idCard: idNumber('19890303', '531') },
            { 'x-token': token },
          )
        ).code,
      ).toBe('200');
    }
    // The newcomer coupons (全场满100减5 among them), to pick on the cashier.
    expect(['200', '10002']).toContain((await apiCall(joinEvent, { eventId: 'newcomer' }, { 'x-token': token })).code);

    // A role on sale in this game, of at least ¥100 so that 全场满100减5 fits it.
    const list = await apiCall<{ list: Array<{ id: string; title: string; price: number }> }>(
      commodityList,
      { type: 1, pageSize: 50, sort: 'priceAsc', priceMin: 10_100 },
      { 'x-appid': 'demo-legend' },
    );
    // Not buyer1's own role (another journey lists it with a consignment key).
    const role = list.data.list.find((c) => !c.title.includes('新手买家') && c.price > 10_000)!;
    await view!.goto(`${baseUrl()}/h5sdk/pages/commodityDetail/index?id=${role.id}`);
    await frame.getByTestId('buy-bar').waitFor();
    await frame.getByTestId('buy-button').click();

    await frame.getByTestId('order-confirm').waitFor();
    await frame.getByTestId('order-submit').click();
    await frame.getByTestId('toast').filter({ hasText: '请先阅读并同意交易规则' }).first().waitFor();
    await frame.getByTestId('order-agree').check();
    await frame.getByTestId('order-submit').click();

    await frame.getByTestId('cashier').waitFor();
    await expect.poll(() => frame.getByTestId('cashier-countdown').textContent()).toMatch(/^1[45]:\d\d$/);
    // The coupon is picked on the cashier: the amount to pay follows it; 不使用 puts it back.
    const full = await cashierTotal(frame);
    const coupon = frame.locator('label', { hasText: '全场满100减5' }).getByTestId('cashier-coupon-option');
    await coupon.click();
    await expect.poll(() => frame.getByTestId('cashier-coupon-held').textContent()).toContain('全场满100减5');
    await expect.poll(() => cashierTotal(frame)).toBe(full - 500);
    await frame.getByTestId('cashier-coupon-remove').click();
    await frame.getByTestId('cashier-coupon-none').waitFor();
    await expect.poll(() => cashierTotal(frame)).toBe(full);
    await coupon.click();
    await expect.poll(() => cashierTotal(frame)).toBe(full - 500);
    expect(await frame.getByTestId('cashier-amount').textContent()).toBe(
      await frame.getByTestId('cashier-total').textContent(),
    );
    const orderId = new URL(view!.url()).searchParams.get('orderId') ?? '';
    // The seller sees it already, while the role is still theirs.
    const seller = await sellerOf(orderId);
    await frame.getByTestId('toast').first().waitFor({ state: 'hidden' });
    await page.screenshot({ path: 'docs/screenshots/buying-cashier.png' });
    await frame.getByTestId('pay-channel-1').check();
    await frame.getByTestId('pay-submit').click();

    // The sandbox gateway's cashier, then back to the order.
    await frame.getByTestId('sandbox-pay').click();
    await frame.getByTestId('order-detail').waitFor();
    await expect.poll(() => frame.getByTestId('order-status').textContent(), { timeout: 15_000 }).toBe('待收货');
    await expect.poll(() => frame.getByTestId('order-receipt').textContent()).toContain('已验证');
    await page.screenshot({ path: 'docs/screenshots/buying-delivered.png' });
    await frame.getByTestId('order-confirm-receipt').click();
    await frame.getByRole('button', { name: '确认收货' }).last().click();
    await expect.poll(() => frame.getByTestId('order-status').textContent()).toBe('交易成功');

    // The seller finds it under 我卖出的, in the seller's words, with what they receive.
    const sellerPage = await (await browser.newContext(MOBILE)).newPage();
    await sellerPage.goto(`${baseUrl()}/h5/pages/index/index`);
    await sellerPage.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('uid', s.uid);
    }, seller);
    await sellerPage.goto(`${baseUrl()}/h5/pages/orderNew/orderList/orderList`);
    await sellerPage.getByTestId('order-tab-sold').click();
    const row = sellerPage.locator(`[data-order-id="${orderId}"]`);
    await expect.poll(() => row.getByTestId('order-row-status').textContent()).toBe('待入账');
    expect(await row.getByTestId('order-row-money').textContent()).toMatch(/^售价 ¥[\d,.]+ · 到手 ¥[\d,.]+$/);
    await docShot(sellerPage, 'orders-seller-list');
    await sellerPage.getByTestId('order-tab-bought').click();
    await sellerPage.getByTestId('order-list').waitFor();
    await expect.poll(() => sellerPage.locator(`[data-order-id="${orderId}"]`).count()).toBe(0);
    await sellerPage.getByTestId('order-tab-sold').click();
    await row.click();
    await expect.poll(() => sellerPage.getByTestId('order-status').textContent()).toBe('待入账');
    await sellerPage.context().close();

    // In the game the role now belongs to the buyer.
    await page.locator('#closeView').click();
    await page.locator('#toServers2').click();
    await expect.poll(async () => (await page.locator('.servers').textContent()) ?? '').toMatch(/我的角色 \d\/3/);
    await page.context().close();
  });

  it('on a PC: the order on the left, the channels on the right; the coupon is picked before the QR code', async () => {
    const session = await hook<{ token: string; uid: string }>('/dev/session', { phone: phoneNumber('136') });
    const headers = { 'x-token': session.token };
    expect(
      (await apiCall(identification, { realName: '郑电脑', idCard: idNumber('19910707', '642') }, headers)).code,
    ).toBe('200');
    expect((await apiCall(joinEvent, { eventId: 'newcomer' }, headers)).code).toBe('200');
    const game = (await gameLogin('buyer1'))!;
    const lots = await apiCall<{ list: Array<{ id: string }> }>(
      commodityList,
      { type: 2, masterServerId: 'm1', pageSize: 20, sort: 'priceDesc', priceMin: 10_100 },
      { 'x-appid': 'demo-legend' },
    );
    let orderId = '';
    for (const lot of lots.data.list) {
      const placed = await apiCall<{ orderId: string }>(
        h5sdkOrderPlace,
        { ...game, commodityId: lot.id, requestKey: `pc-cashier-${Date.now()}-${lot.id}`, agreement: true },
        headers,
      );
      if (placed.code === '200') {
        orderId = placed.data.orderId;
        break;
      }
    }
    expect(orderId).not.toBe('');
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await page.goto(`${baseUrl()}/web/pages/index/index`);
    await page.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('uid', s.uid);
    }, session);
    await page.goto(`${baseUrl()}/web/pages/orderNew/cashier/cashier?orderId=${orderId}`);
    await page.getByTestId('cashier').waitFor();
    // With coupons to choose from, no payment starts before the buyer asks for the QR code.
    await page.getByTestId('cashier-coupon-option').first().waitFor();
    expect(await page.getByTestId('scan-qr').count()).toBe(0);
    const full = await cashierTotal(page);
    await page.locator('label', { hasText: '全场满100减5' }).getByTestId('cashier-coupon-option').click();
    await expect.poll(() => cashierTotal(page)).toBe(full - 500);
    await page.getByTestId('scan-start').click();
    await page.getByTestId('scan-qr').locator('svg').waitFor();
    await page.getByText('已发起支付，优惠券不可更换').waitFor();
    await docShot(page, 'buying-cashier-pc');
    // The amount sent to the gateway never changes.
    const refused = await apiCall(changeOrderCoupon, { orderId, couponId: null }, headers);
    expect({ code: refused.code, msg: refused.msg }).toEqual({ code: '10002', msg: '支付已发起，无法更换优惠券' });
    const link = (await page.getByTestId('scan-qr').getAttribute('data-link')) ?? '';
    await fetch(`${link.replace('/sandbox/pay/', '/sandbox/api/pay/')}/succeed`, { method: 'POST' });
    await page.getByTestId('order-detail').waitFor();
    await page.context().close();
  });
});
