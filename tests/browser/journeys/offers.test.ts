import { createOfferOrder, offerList } from '@app/protocol/calls/bargain';
import { publishCoin } from '@app/protocol/calls/consignment';
import { gameTokenLogin, roleList } from '@app/protocol/calls/game';
import { identification } from '@app/protocol/calls/identity';
import { conversationList } from '@app/protocol/calls/im';
import { h5sdkVerifyCode } from '@app/protocol/calls/market';
import { noticeList } from '@app/protocol/calls/notices';
import { orderInfo } from '@app/protocol/calls/orders';
import { bindPhone, sendSms } from '@app/protocol/calls/user';
import { formatPriceFen } from '@app/protocol/format';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, launchBrowser, MOBILE, screenshot } from '../browser';
import { detailUrl, docShot, phoneNumber, toast } from './market-helpers';
import { gameLogin, idNumber, outbox } from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

interface Player {
  account: string;
  pt: { gameId: string; gameToken: string; serverId: string };
  session: { token: string; uid: string };
  headers: { 'x-token': string };
  phone: string;
}

/**
 * A market account of the demo game (seller30…seller45: no other journey uses them) logged in to
 * the exchange from the game, with a phone and a real name: so the buyer has linked roles to
 * receive in the H5 scene, and neither touches the demo players other journeys set up.
 */
async function player(account: string, realName: string, birth: string): Promise<Player> {
  const pt = await gameLogin(account);
  const login = await apiCall<{ token: string; uid: string }>(gameTokenLogin, pt);
  expect(login.code).toBe('200');
  const headers = { 'x-token': login.data.token };
  const phone = phoneNumber('137');
  await apiCall(sendSms, { smsType: 'phoneLogin', phone });
  expect((await apiCall(bindPhone, { phone, code: (await outbox(phone))[0]!.code }, headers)).code).toBe('200');
  const id = idNumber(birth, String(100 + Number(account.slice(-2))).slice(-3));
  expect((await apiCall(identification, { realName, idCard: id }, headers)).code).toBe('200');
  return { account, pt, session: login.data, headers, phone };
}

/** The seller lists two lots of 30,000 coins at ¥30 from their role (the selling journey covers the pages). */
async function listTwoLots(): Promise<{ seller: Player; lots: string[] }> {
  for (let n = 45; n >= 38; n--) {
    const seller = await player(`seller${n}`, '冯卖家', '19870909');
    await apiCall(sendSms, { smsType: 'verifyCode', phone: 'auto' }, seller.headers);
    const unlock = (await outbox(seller.phone)).find((m) => m.smsType === 'verifyCode')!.code;
    expect((await apiCall(h5sdkVerifyCode, { ...seller.pt, code: unlock }, seller.headers)).data).toBe(true);
    const lots: string[] = [];
    for (let i = 0; i < 2; i++) {
      const listed = await apiCall<{ commodityId: string }>(
        publishCoin,
        { ...seller.pt, coinType: 2, coinNum: 30_000, price: 3_000 },
        seller.headers,
      );
      if (listed.code === '200') lots.push(listed.data.commodityId);
    }
    if (lots.length === 2) return { seller, lots };
  }
  throw new Error('no market account could list two lots of coins');
}

/** A buyer with a role on the seller's server, to receive the coins: their session and that role. */
async function buyerOn(serverId: string): Promise<{ buyer: Player; target: string }> {
  for (let n = 30; n <= 37; n++) {
    const buyer = await player(`seller${n}`, '褚买家', '19930303');
    const roles = await apiCall<{ list: Array<{ roleId: string; serverId: string; accountId: string }> }>(
      roleList,
      {},
      { ...buyer.headers, 'x-appid': buyer.pt.gameId },
    );
    const role = roles.data.list.find((r) => r.serverId === serverId);
    if (role) return { buyer, target: `${role.accountId}|${role.roleId}` };
  }
  throw new Error(`no market account has a role on ${serverId}`);
}

async function loggedInPage(who: Player): Promise<Page> {
  const page = await (await browser.newContext(MOBILE)).newPage();
  await page.goto(`${baseUrl()}/h5/pages/index/index`);
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('uid', s.uid);
  }, who.session);
  return page;
}

const card = (page: Page, offerId: string) => page.locator(`[data-testid="offer-card"][data-offer-id="${offerId}"]`);

describe('offers (出价)', () => {
  it('the buyer offers below the price, the seller agrees, the buyer pays the offer; another offer is refused', async () => {
    const { seller, lots } = await listTwoLots();
    const [lotA, lotB] = lots as [string, string];
    const { buyer, target } = await buyerOn(seller.pt.serverId);
    const myOffers = async () =>
      (
        await apiCall<{ list: Array<{ offerId: string; commodityId: string }> }>(
          offerList,
          { viewer: 1, page: 1, pageSize: 20 },
          buyer.headers,
        )
      ).data.list;

    // The buyer, on the H5 detail page: 出价 beside 立即购买; too low is said inline and nothing is sent.
    const mobile = await loggedInPage(buyer);
    await mobile.goto(detailUrl('h5', lotA));
    await mobile.getByTestId('offer-button').click();
    const dialog = mobile.getByTestId('offer-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('offer-list-price').textContent()).toBe('¥30.00');
    await dialog.getByTestId('offer-amount').fill('10');
    await dialog.getByTestId('offer-target').selectOption(target);
    await dialog.getByTestId('offer-agree').check();
    await dialog.getByTestId('offer-submit').click();
    await expect.poll(() => dialog.getByTestId('offer-problem').textContent()).toBe('出价不能低于售价的50%（¥15.00）');
    await docShot(mobile, 'offers-dialog-too-low');
    await dialog.getByTestId('offer-amount').fill('30');
    await dialog.getByTestId('offer-submit').click();
    await expect.poll(() => dialog.getByTestId('offer-problem').textContent()).toBe('出价需低于售价 ¥30.00');
    expect(await myOffers()).toEqual([]);
    await dialog.getByTestId('offer-amount').fill('25');
    await docShot(mobile, 'offers-dialog');
    await dialog.getByTestId('offer-submit').click();
    await toast(mobile, '出价成功，等待卖家回应');
    await mobile.waitForURL(/\/h5\/pages\/bargain\/myOffers$/);
    const [offerA] = await myOffers();
    expect(offerA?.commodityId).toBe(lotA);
    const mine = card(mobile, offerA!.offerId);
    await expect.poll(() => mine.getByTestId('offer-status').textContent()).toBe('出价中，等待卖家回应');
    expect(await mine.getByTestId('offer-price').textContent()).toBe('¥25.00');
    expect(await mine.getByTestId('offer-countdown').textContent()).toMatch(/^卖家回应剩余 2[34]:\d\d:\d\d$/);
    await mine.getByTestId('offer-cancel').waitFor();

    // A second offer, on the other lot (by API: the dialog was shown above).
    const second = await apiCall<{ offerId: string }>(
      createOfferOrder,
      {
        commodityId: lotB,
        price: 2_000,
        requestKey: `offers-journey-${Date.now()}`,
        agreement: true,
        gameAccountId: target.split('|')[0],
        gameRoleId: target.split('|')[1],
      },
      buyer.headers,
    );
    expect(second.code).toBe('200');
    const offerB = second.data.offerId;
    await mobile.reload();
    await card(mobile, offerB).waitFor();
    await docShot(mobile, 'offers-mine');

    // The seller, in their own browser, was told: the tab bar's 消息 counts the two offers; the
    // notification 收到新的出价 jumps to 收到的出价, both waiting; agrees to one, refuses the other.
    const sellerPage = await loggedInPage(seller);
    await sellerPage.goto(`${baseUrl()}/h5/pages/my/index`);
    // The badge is what the seller has unread (the two offers at least; another journey's order with
    // one of his listings may have told him more).
    const unread = async () =>
      (await apiCall<{ unread: number }>(noticeList, {}, seller.headers)).data.unread +
      (await apiCall<{ unread: number }>(conversationList, {}, seller.headers)).data.unread;
    expect(await unread()).toBeGreaterThanOrEqual(2);
    await expect
      .poll(async () => Number(await sellerPage.getByTestId('tab-3').getByTestId('unread-badge').textContent()))
      .toBe(await unread());
    await sellerPage.getByTestId('tab-3').click();
    await sellerPage.getByTestId('messages-tab-notices').click();
    const told = sellerPage.getByTestId('notice').filter({ hasText: '收到新的出价' });
    await expect.poll(() => told.count()).toBe(2);
    expect(await told.first().textContent()).toContain('请在 24 小时内处理');
    await docShot(sellerPage, 'notices-offer-received');
    await told.first().click();
    await sellerPage.waitForURL(/bargain\/receivedOffers/);
    const received = card(sellerPage, offerA!.offerId);
    await expect.poll(() => received.getByTestId('offer-status').textContent()).toBe('买家出价，请在倒计时内处理');
    await card(sellerPage, offerB).waitFor();
    await docShot(sellerPage, 'offers-received');
    await received.getByTestId('offer-agree-button').click();
    await expect
      .poll(() => sellerPage.getByTestId('offer-confirm').getByTestId('modal-content').textContent())
      .toBe('同意后将为买家锁定该商品，买家需在120分钟内付款');
    await sellerPage.getByTestId('offer-confirm').getByTestId('modal-button-同意').click();
    await expect.poll(() => received.getByTestId('offer-status').textContent()).toBe('已同意，等待买家付款');
    const refused = card(sellerPage, offerB);
    await refused.getByTestId('offer-refuse').click();
    await sellerPage.getByTestId('offer-confirm').getByTestId('modal-button-拒绝').click();
    await expect.poll(() => refused.getByTestId('offer-status').textContent()).toBe('您已拒绝');

    // The buyer: told in 消息 that the seller agreed; the notification leads to 我的出价, where the
    // agreed offer is to be paid (21) and the other refused.
    await mobile.goto(`${baseUrl()}/h5/pages/message/index`);
    await mobile.getByTestId('messages-tab-notices').click();
    await mobile.getByTestId('notice').filter({ hasText: '卖家同意了您的出价' }).click();
    await mobile.waitForURL(/bargain\/myOffers/);
    await expect.poll(() => mine.getAttribute('data-status')).toBe('21');
    expect(await mine.getByTestId('offer-status').textContent()).toBe('卖家已同意，请在倒计时结束前付款');
    expect(await mine.getByTestId('offer-countdown').textContent()).toMatch(/^付款剩余 0[12]:\d\d:\d\d$/);
    await expect.poll(() => card(mobile, offerB).getByTestId('offer-status').textContent()).toBe('卖家已拒绝');

    // 去付款: the cashier of the order placed at the offered price.
    await mine.getByTestId('offer-pay').click();
    await mobile.getByTestId('cashier').waitFor();
    const orderId = new URL(mobile.url()).searchParams.get('orderId') ?? '';
    const order = await apiCall<{ price: number; totalAmount: number; commodityId: string }>(
      orderInfo,
      { orderId },
      buyer.headers,
    );
    expect(order.data).toMatchObject({ price: 2_500, commodityId: lotA });
    expect(await mobile.getByTestId('cashier-total').textContent()).toBe(formatPriceFen(order.data.totalAmount));
    await mobile.getByTestId('pay-channel-1').check();
    await mobile.getByTestId('pay-submit').click();
    await mobile.getByTestId('sandbox-pay').click();
    await mobile.getByTestId('order-detail').waitFor();

    // Once the order is paid the offer is 交易完成 (the server follows the order when the list is read).
    await mobile.goto(`${baseUrl()}/h5/pages/bargain/myOffers`);
    await expect
      .poll(
        async () => {
          await mobile.reload();
          await mine.waitFor();
          return mine.getByTestId('offer-status').textContent();
        },
        { timeout: 20_000 },
      )
      .toBe('交易完成');
    expect(await card(mobile, offerB).getByTestId('offer-status').textContent()).toBe('卖家已拒绝');
    await docShot(mobile, 'offers-mine-done');
    await sellerPage.reload();
    await expect.poll(() => received.getByTestId('offer-status').textContent()).toBe('交易完成');
    await mobile.context().close();
    await sellerPage.context().close();

    // On a PC (web scene): the refused lot is offered for again from its detail, then withdrawn.
    const desk = await (await browser.newContext(DESKTOP)).newPage();
    await desk.goto(`${baseUrl()}/web/pages/index/index`);
    await desk.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('uid', s.uid);
    }, buyer.session);
    await desk.goto(detailUrl('web', lotB));
    await desk.getByTestId('offer-button').waitFor();
    await screenshot(desk, 'offers-detail-pc');
    await desk.getByTestId('offer-button').click();
    const pcDialog = desk.getByTestId('offer-dialog');
    await pcDialog.getByTestId('offer-amount').fill('18.5');
    await pcDialog.getByTestId('offer-target').selectOption(target);
    await pcDialog.getByTestId('offer-submit').click();
    await expect.poll(() => pcDialog.getByTestId('offer-problem').textContent()).toBe('请先阅读并同意交易规则');
    await pcDialog.getByTestId('offer-agree').check();
    await pcDialog.getByTestId('offer-submit').click();
    await desk.waitForURL(/\/web\/pages\/bargain\/myOffers$/);
    const third = desk.getByTestId('offer-card').filter({ hasText: '¥18.50' });
    await expect.poll(() => third.getByTestId('offer-status').textContent()).toBe('出价中，等待卖家回应');
    await desk.getByTestId('toast').first().waitFor({ state: 'hidden' });
    await docShot(desk, 'offers-mine-pc');
    await third.getByTestId('offer-cancel').click();
    await desk.getByTestId('offer-confirm').getByTestId('modal-button-撤回').click();
    await expect.poll(() => third.getByTestId('offer-status').textContent()).toBe('您已撤回出价');
    expect(await third.getByTestId('offer-cancel').count()).toBe(0);
    await desk.context().close();
  });
});
