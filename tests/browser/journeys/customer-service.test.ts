import { publishCoin } from '@app/protocol/calls/consignment';
import { gameTokenLogin } from '@app/protocol/calls/game';
import { identification } from '@app/protocol/calls/identity';
import { h5sdkVerifyCode } from '@app/protocol/calls/market';
import { h5sdkOrderPlace, orderInfo } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import { bindPhone, sendSms, userAccountDetail } from '@app/protocol/calls/user';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, hook, launchBrowser, MOBILE } from '../browser';
import { docShot, logIn, phoneNumber } from './market-helpers';
import { gameLogin, idNumber, outbox } from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The market accounts seller20…seller29 in turn until one on the buyer's server lists 30,000 coins at ¥30. */
async function listCoins(serverId: string): Promise<{ data: { commodityId: string } }> {
  for (let n = 20; n <= 29; n++) {
    const game = await gameLogin(`seller${n}`);
    if (game.serverId !== serverId) continue;
    const pt = { gameId: game.gameId, gameToken: game.gameToken, serverId: game.serverId };
    const login = await apiCall<{ token: string }>(gameTokenLogin, pt);
    const seller = { 'x-token': login.data.token };
    const phone = phoneNumber('135');
    await apiCall(sendSms, { smsType: 'phoneLogin', phone });
    await apiCall(bindPhone, { phone, code: (await outbox(phone))[0]!.code }, seller);
    await apiCall(identification, { realName: '钱卖家', idCard: idNumber('19860606', String(200 + n)) }, seller);
    await apiCall(sendSms, { smsType: 'verifyCode', phone: 'auto' }, seller);
    const unlock = (await outbox(phone)).find((m) => m.smsType === 'verifyCode')!.code;
    expect((await apiCall(h5sdkVerifyCode, { ...pt, code: unlock }, seller)).data).toBe(true);
    const listed = await apiCall<{ commodityId: string }>(
      publishCoin,
      { ...pt, coinType: 2, coinNum: 30_000, price: 3_000 },
      seller,
    );
    if (listed.code === '200') return listed;
  }
  throw new Error('no market account could list 30,000 coins');
}

describe('customer service', () => {
  it('the buyer refuses a delivery; customer service has the game take the coins back and refunds the buyer', async () => {
    // A seller lists coins from the game (their own pages have their own journey). A market account
    // of the demo game (seller20…seller29: no other journey binds them) that still holds the coins.
    const buyerGame = await gameLogin('buyer1');
    const listed = await listCoins(buyerGame.serverId);
    // The buyer pays; the game delivers.
    const buyerPhone = phoneNumber('136');
    const buyer = { 'x-token': (await hook<{ token: string }>('/dev/session', { phone: buyerPhone })).token };
    await apiCall(identification, { realName: '孙买家', idCard: idNumber('19910202', '468') }, buyer);
    const order = await apiCall<{ orderId: string; totalAmount: number }>(
      h5sdkOrderPlace,
      {
        ...buyerGame,
        commodityId: listed.data.commodityId,
        requestKey: `cs-journey-${Date.now()}`,
        agreement: true,
      },
      buyer,
    );
    expect(`${order.code} ${order.msg}`).toBe('200 success');
    const { orderId, totalAmount } = order.data;
    const pay = await apiCall<{ tradeNo: string }>(
      wapAlipay,
      { bizNo: orderId, totalAmount, payPrice: totalAmount },
      buyer,
    );
    await fetch(`${baseUrl()}/sandbox/api/pay/${pay.data.tradeNo}/succeed`, { method: 'POST' });
    await expect
      .poll(async () => (await apiCall<{ status: number }>(orderInfo, { orderId }, buyer)).data.status, {
        timeout: 15_000,
      })
      .toBe(51);

    // The buyer refuses the receipt on the order page.
    const mobile = await (await browser.newContext(MOBILE)).newPage();
    await mobile.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(mobile, buyerPhone);
    const orderPage = `${baseUrl()}/h5/pages/orderNew/orderDetail/orderDetail?orderId=${orderId}`;
    await mobile.goto(orderPage);
    await mobile.getByTestId('order-reject').click();
    await expect.poll(() => mobile.getByTestId('order-status').textContent()).toContain('拒绝收货');

    // Customer service: a wrong key is refused; with the key the order is there with the buyer's reason.
    const desk = await (await browser.newContext(DESKTOP)).newPage();
    desk.on('dialog', (d) => void d.accept());
    await desk.goto(`${baseUrl()}/ops`);
    await desk.getByTestId('ops-key').fill('not-the-key');
    await desk.getByTestId('ops-enter').click();
    await expect.poll(() => desk.getByTestId('ops-load-error').textContent()).toBe('客服密钥不正确');
    await desk.getByTestId('ops-key').fill('demo-ops');
    await desk.getByTestId('ops-enter').click();
    await desk.getByTestId('ops-operator').fill('小周');
    const card = desk.locator(`[data-testid="ops-order"][data-order-id="${orderId}"]`);
    await expect.poll(() => card.textContent()).toContain('买家拒绝收货：商品与描述不符');
    expect(await card.textContent()).toContain('30000 金币 已发到买家角色');
    // Without a note the decision is refused with its message, and nothing changes.
    await card.getByTestId('ops-refund').click();
    await expect.poll(() => card.getByTestId('ops-error').textContent()).toBe('请填写处理说明（至少2个字）');
    await card.getByTestId('ops-note').fill('核实买家反馈属实，收回金币退款');
    await docShot(desk, 'ops-refused-receipts');
    const before = (await apiCall<{ balance: { available: number } }>(userAccountDetail, {}, buyer)).data.balance
      .available;
    await card.getByTestId('ops-refund').click();
    await expect.poll(() => card.count()).toBe(0);

    // The buyer sees the order returned, the money back in the balance.
    await mobile.goto(orderPage);
    await expect.poll(() => mobile.getByTestId('order-status').textContent()).toContain('已退回');
    await expect.poll(() => mobile.getByTestId('order-detail').textContent()).toContain('款项已退回买家余额');
    const after = (await apiCall<{ balance: { available: number } }>(userAccountDetail, {}, buyer)).data.balance
      .available;
    expect(after - before).toBe(totalAmount);
    await docShot(mobile, 'ops-buyer-refunded');
    await mobile.context().close();
    await desk.context().close();
  });
});
