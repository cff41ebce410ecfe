import {
  bargainSetting,
  createOfferOrder,
  OFFER_PAY_MINUTES,
  offerAgree,
  offerList,
  offerRefuse,
  sellerBoundText,
} from '@app/protocol/calls/bargain';
import { publishCoin } from '@app/protocol/calls/consignment';
import { gameTokenLogin, roleList } from '@app/protocol/calls/game';
import { identification } from '@app/protocol/calls/identity';
import { h5sdkVerifyCode } from '@app/protocol/calls/market';
import { cancelOrder, orderInfo } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import { bindPhone, sendSms, userAccountDetail } from '@app/protocol/calls/user';
import { formatPriceFen } from '@app/protocol/format';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, hook, launchBrowser, MOBILE } from '../browser';
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

/** Until the finite CSS animations (a mask's fade-in) have finished, for a screenshot. */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState === 'finished' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );

const card = (page: Page, offerId: string) => page.locator(`[data-testid="offer-card"][data-offer-id="${offerId}"]`);

interface OfferView {
  offerId: string;
  commodityId: string;
  status: number;
  orderId: string | null;
  deposit: { bizNo: string; amount: number; status: string } | null;
}

const proposals = async (who: Player, viewer: 1 | 2) =>
  (await apiCall<{ list: OfferView[] }>(offerList, { viewer, page: 1, pageSize: 20 }, who.headers)).data.list;

const available = async (who: Player) =>
  (await apiCall<{ balance: { available: number } }>(userAccountDetail, {}, who.headers)).data.balance.available;

/** The card's status after reloading until it reads so (the server moves a proposal on a payment's notification). */
async function statusOnReload(page: Page, offerId: string, label: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        await card(page, offerId).waitFor();
        return card(page, offerId).getByTestId('offer-status').textContent();
      },
      { timeout: 20_000 },
    )
    .toBe(label);
}

/** The buyer proposes on a listing by the API and pays its deposit through the sandbox gateway; answers the proposal once it reached the seller (11). */
async function proposeAndPay(buyer: Player, target: string, commodityId: string, price: number): Promise<string> {
  const made = await apiCall<OfferView>(
    createOfferOrder,
    {
      commodityId,
      price,
      requestKey: `offers-journey-${commodityId}-${Date.now()}`,
      agreement: true,
      gameAccountId: target.split('|')[0],
      gameRoleId: target.split('|')[1],
    },
    buyer.headers,
  );
  expect(made.code).toBe('200');
  const deposit = made.data.deposit!;
  const pay = await apiCall<{ tradeNo: string }>(
    wapAlipay,
    { bizNo: deposit.bizNo, totalAmount: deposit.amount, payPrice: deposit.amount },
    buyer.headers,
  );
  expect(pay.code).toBe('200');
  await fetch(`${baseUrl()}/sandbox/api/pay/${pay.data.tradeNo}/succeed`, { method: 'POST' });
  await expect
    .poll(async () => (await proposals(buyer, 1)).find((o) => o.offerId === made.data.offerId)?.status, {
      timeout: 15_000,
    })
    .toBe(11);
  return made.data.offerId;
}

describe('还价 with a deposit (保证金)', () => {
  let seller: Player;
  let lots: string[];
  let buyer: Player;
  let target: string;
  beforeAll(async () => {
    ({ seller, lots } = await listTwoLots());
    ({ buyer, target } = await buyerOn(seller.pt.serverId));
  });

  it('the seller allows 还价 on his shelf; the buyer proposes and pays the deposit; the seller agrees; the buyer pays the rest with the deposit taken off', async () => {
    const [lotA] = lots as [string, string];
    // Without the seller's leave a normal listing has no 还价.
    const mobile = await loggedInPage(buyer);
    await mobile.goto(detailUrl('h5', lotA));
    await mobile.getByTestId('buy-button').waitFor();
    expect(await mobile.getByTestId('offer-button').count()).toBe(0);

    // The seller's shelf: 还价设置 on the lot, a floor at or above the price is refused inline.
    const sellerPage = await loggedInPage(seller);
    await sellerPage.goto(`${baseUrl()}/h5/pages/userCenter/saleShelf/saleShelf`);
    const item = sellerPage.locator(`[data-testid="shelf-item"][data-commodity-id="${lotA}"]`);
    await item.getByTestId('shelf-bargain').click();
    const setting = sellerPage.getByTestId('bargain-setting-dialog');
    await setting.getByTestId('bargain-allow').check();
    await setting.getByTestId('bargain-floor').fill('30');
    await setting.getByTestId('bargain-save').click();
    await expect.poll(() => setting.getByTestId('bargain-problem').textContent()).toBe('底价需低于售价 ¥30.00');
    await setting.getByTestId('bargain-floor').fill('20');
    await settled(sellerPage);
    await docShot(sellerPage, 'offers-bargain-setting');
    await setting.getByTestId('bargain-save').click();
    await toast(sellerPage, '已开启还价');
    await item.getByTestId('shelf-bargain').click();
    await expect.poll(() => setting.getByTestId('bargain-floor').inputValue()).toBe('20.00');
    await setting.getByRole('button', { name: '取消' }).click();

    // The buyer: 还价 beside 立即购买; too low is said inline; the deposit follows the typed price.
    await mobile.reload();
    await mobile.getByTestId('offer-button').click();
    const dialog = mobile.getByTestId('offer-dialog');
    await dialog.waitFor();
    expect(await mobile.getByTestId('offer-button').textContent()).toBe('还价');
    expect(await dialog.locator('#offer-dialog-title').textContent()).toBe('还价');
    expect(await dialog.getByTestId('offer-list-price').textContent()).toBe('¥30.00');
    expect(await dialog.getByTestId('offer-deposit-amount').textContent()).toBe('价格的5%，最低¥10.00，最高¥500.00');
    expect(await dialog.getByTestId('offer-rules').textContent()).toContain(
      '同意后未按时付款或取消订单将扣除保证金，其中部分赔付卖家',
    );
    await dialog.getByTestId('offer-amount').fill('10');
    await dialog.getByTestId('offer-target').selectOption(target);
    await dialog.getByTestId('offer-agree').check();
    await dialog.getByTestId('offer-submit').click();
    await expect.poll(() => dialog.getByTestId('offer-problem').textContent()).toBe('还价不能低于售价的50%（¥15.00）');
    await settled(mobile);
    await docShot(mobile, 'offers-dialog-too-low');
    await dialog.getByTestId('offer-amount').fill('25');
    await expect.poll(() => dialog.getByTestId('offer-deposit-amount').textContent()).toBe('¥10.00');
    await settled(mobile);
    await docShot(mobile, 'offers-dialog');
    expect(await proposals(buyer, 1)).toEqual([]);
    await dialog.getByTestId('offer-submit').click();

    // The cashier pays the deposit (bizNo D…), then brings the buyer back to his proposals.
    await toast(mobile, '还价已提交，请支付保证金');
    await mobile.waitForURL(/\/h5\/pages\/orderNew\/cashier\/cashier\?orderId=D\d+$/);
    const [mine] = await proposals(buyer, 1);
    expect(mine).toMatchObject({ commodityId: lotA, status: 1, deposit: { amount: 1_000, status: 'unpaid' } });
    const cashier = mobile.getByTestId('cashier');
    await expect.poll(() => cashier.getAttribute('data-mode')).toBe('deposit');
    expect(await mobile.getByTestId('cashier-amount').textContent()).toBe('¥10.00');
    expect(await mobile.getByTestId('cashier-title').textContent()).toContain('金币');
    expect(await mobile.getByTestId('cashier-countdown').textContent()).toMatch(/^1[45]:\d\d$/);
    expect(await mobile.getByTestId('cashier-note').textContent()).toContain('保证金原路退还');
    await mobile.getByTestId('toast').first().waitFor({ state: 'hidden' });
    await docShot(mobile, 'offers-cashier-deposit');
    await mobile.getByTestId('pay-channel-1').check();
    await mobile.getByTestId('pay-submit').click();
    await mobile.getByTestId('sandbox-pay').click();
    await mobile.waitForURL(/\/h5\/pages\/bargain\/myOffers$/);
    const offerId = mine!.offerId;
    await statusOnReload(mobile, offerId, '还价中，等待卖家回应');
    const mineCard = card(mobile, offerId);
    expect(await mineCard.getByTestId('offer-deposit').textContent()).toBe('保证金 ¥10.00 · 冻结中');
    expect(await mineCard.getByTestId('offer-countdown').textContent()).toMatch(/^卖家回应剩余 2[34]:\d\d:\d\d$/);
    await mineCard.getByTestId('offer-withdraw').waitFor();
    expect(await mineCard.getByTestId('feed-time').textContent()).toMatch(/^(刚刚|\d+分钟前)$/);
    await docShot(mobile, 'offers-mine');

    // The seller is told once the deposit is held; the notification leads to 收到的还价/出价; he agrees.
    await sellerPage.goto(`${baseUrl()}/h5/pages/message/index`);
    await sellerPage.getByTestId('messages-tab-notices').click();
    const told = sellerPage.getByTestId('notice').filter({ hasText: '收到新的还价' });
    await expect.poll(() => told.count()).toBe(1);
    expect(await told.getByTestId('feed-time').textContent()).toMatch(/^(刚刚|\d+分钟前)$/);
    await docShot(sellerPage, 'notices-offer-received');
    await told.click();
    await sellerPage.waitForURL(/bargain\/receivedOffers/);
    const received = card(sellerPage, offerId);
    await expect.poll(() => received.getByTestId('offer-status').textContent()).toBe('买家还价，请在倒计时内处理');
    expect(await received.getByTestId('offer-deposit').textContent()).toBe('买家保证金 ¥10.00 · 冻结中');
    expect(await received.getByTestId('offer-countdown').textContent()).toMatch(/^回应剩余 2[34]:\d\d:\d\d$/);
    // What he commits to, beside 同意 (issue 31).
    expect(await received.getByTestId('offer-seller-commitment').textContent()).toContain('按该还价成交');
    await docShot(sellerPage, 'offers-received');
    await received.getByTestId('offer-agree-button').click();
    await expect
      .poll(() => sellerPage.getByTestId('offer-confirm').getByTestId('modal-content').textContent())
      .toBe(`同意后将为买家锁定该商品，买家需在${OFFER_PAY_MINUTES}分钟内付款，期间您不能取消`);
    await sellerPage.getByTestId('offer-confirm').getByTestId('modal-button-同意').click();
    await expect.poll(() => received.getByTestId('offer-status').textContent()).toBe('已同意，等待买家付款');
    // Bound once he agreed (decision 0036): his rule on the card, no 取消成交.
    expect(await received.getByTestId('offer-seller-bound').textContent()).toBe(sellerBoundText('还价'));
    expect(await received.getByRole('button').count()).toBe(0);

    // The buyer's 我的还价 follows the seller's answer as it comes (pushed), with no reload.
    await expect
      .poll(() => mineCard.getByTestId('offer-status').textContent(), { timeout: 10_000 })
      .toBe('卖家已同意，请在倒计时结束前付款，超时将扣除保证金');
    // The buyer pays the order: the deposit is taken off what is left to pay.
    expect(await mineCard.getByTestId('offer-to-pay').textContent()).toBe('付款时保证金抵扣 -¥10.00');
    expect(await mineCard.getByTestId('offer-countdown').textContent()).toMatch(/^付款剩余 0[12]:\d\d:\d\d$/);
    await mineCard.getByTestId('offer-pay').click();
    await mobile.getByTestId('cashier').waitFor();
    const orderId = new URL(mobile.url()).searchParams.get('orderId') ?? '';
    const order = await apiCall<{ price: number; totalAmount: number; depositAmount: number; buyerFee: number }>(
      orderInfo,
      { orderId },
      buyer.headers,
    );
    expect(order.data).toMatchObject({ price: 2_500, depositAmount: 1_000 });
    expect(await mobile.getByTestId('cashier-deposit').textContent()).toBe('保证金抵扣-¥10.00');
    expect(await mobile.getByTestId('cashier-total').textContent()).toBe(formatPriceFen(order.data.totalAmount));
    await mobile.getByTestId('pay-channel-1').check();
    await mobile.getByTestId('pay-submit').click();
    await mobile.getByTestId('sandbox-pay').click();
    await mobile.getByTestId('order-detail').waitFor();
    expect(await mobile.getByTestId('order-deposit').textContent()).toBe('保证金抵扣-¥10.00');

    // Once the order is paid the proposal is 交易完成 and the deposit went into the price.
    await mobile.goto(`${baseUrl()}/h5/pages/bargain/myOffers`);
    await statusOnReload(mobile, offerId, '交易完成');
    expect(await mineCard.getByTestId('offer-deposit').textContent()).toBe('保证金 ¥10.00 · 已抵扣货款');
    await docShot(mobile, 'offers-mine-done');
    await sellerPage.reload();
    await expect.poll(() => received.getByTestId('offer-status').textContent()).toBe('交易完成');
    await mobile.context().close();
    await sellerPage.context().close();
  });

  it('on a PC the buyer proposes and pays the deposit by scanning; the seller agrees, the buyer never pays: the deposit is forfeited and the seller compensated in his wallet', async () => {
    const [, lotB] = lots as [string, string];
    const allowed = await apiCall(
      bargainSetting,
      { commodityId: lotB, allowBargain: true, floorPrice: null },
      seller.headers,
    );
    expect(allowed.code).toBe('200');

    const desk = await (await browser.newContext(DESKTOP)).newPage();
    await desk.goto(`${baseUrl()}/web/pages/index/index`);
    await desk.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('uid', s.uid);
    }, buyer.session);
    await desk.goto(detailUrl('web', lotB));
    await desk.getByTestId('offer-button').click();
    const dialog = desk.getByTestId('offer-dialog');
    await dialog.getByTestId('offer-amount').fill('20');
    await dialog.getByTestId('offer-target').selectOption(target);
    await dialog.getByTestId('offer-agree').check();
    await expect.poll(() => dialog.getByTestId('offer-deposit-amount').textContent()).toBe('¥10.00');
    await settled(desk);
    await docShot(desk, 'offers-dialog-pc');
    await dialog.getByTestId('offer-submit').click();

    // The PC cashier: the deposit on the left, 支付宝 by QR code; once paid it moves on by itself.
    await desk.waitForURL(/\/web\/pages\/orderNew\/cashier\/cashier\?orderId=D\d+$/);
    await desk.getByTestId('scan-qr').locator('svg').waitFor();
    expect(await desk.getByTestId('cashier-amount').textContent()).toBe('¥10.00');
    await desk.getByTestId('toast').first().waitFor({ state: 'hidden' });
    await docShot(desk, 'offers-cashier-deposit-pc');
    const link = (await desk.getByTestId('scan-qr').getAttribute('data-link')) ?? '';
    await fetch(`${link.replace('/sandbox/pay/', '/sandbox/api/pay/')}/succeed`, { method: 'POST' });
    await desk.waitForURL(/\/web\/pages\/bargain\/myOffers$/, { timeout: 20_000 });
    const offer = (await proposals(buyer, 1)).find((o) => o.commodityId === lotB)!;
    await statusOnReload(desk, offer.offerId, '还价中，等待卖家回应');
    await docShot(desk, 'offers-mine-pc');

    // The seller agrees; the buyer lets the payment time run out (the sweeper, the clock moved on).
    const before = await available(seller);
    expect((await apiCall(offerAgree, { offerId: offer.offerId }, seller.headers)).code).toBe('200');
    await hook('/dev/sweep', { aheadMinutes: OFFER_PAY_MINUTES + 1 });
    await statusOnReload(desk, offer.offerId, '付款超时，保证金已扣除');
    expect(await card(desk, offer.offerId).getByTestId('offer-deposit').textContent()).toBe('保证金 ¥10.00 · 已扣除');
    await desk.context().close();

    // The seller: 80 % of the deposit is on his balance at once, told in 消息, on the card and in his wallet.
    await expect.poll(() => available(seller), { timeout: 20_000 }).toBe(before + 800);
    const sellerPage = await loggedInPage(seller);
    await sellerPage.goto(`${baseUrl()}/h5/pages/bargain/receivedOffers`);
    const received = card(sellerPage, offer.offerId);
    await expect
      .poll(() => received.getByTestId('offer-status').textContent())
      .toBe('买家付款超时，您已获得保证金赔付');
    expect(await received.getByTestId('offer-deposit').textContent()).toBe('买家保证金 ¥10.00 · 已获赔付 ¥8.00');
    await docShot(sellerPage, 'offers-received-compensated');
    await sellerPage.goto(`${baseUrl()}/h5/pages/message/index`);
    await sellerPage.getByTestId('messages-tab-notices').click();
    await sellerPage.getByTestId('notice').filter({ hasText: '买家违约，保证金赔付已到账' }).first().waitFor();
    await sellerPage.goto(`${baseUrl()}/h5/pages/userCenter/cashWithdrawal/cashWithdrawal`);
    await expect
      .poll(() => sellerPage.getByTestId('wallet-balance').textContent())
      .toContain(formatPriceFen(before + 800));
    await sellerPage.context().close();
  });

  it('the seller is bound once he agrees: no 取消成交 on a phone or at 1440 px, the server refuses it and nothing moves; the buyer walks away himself; another proposal is refused with a reason', async () => {
    const [, lotB] = lots as [string, string];
    // The lapsed proposal put the listing back on sale.
    const agreedOnce = await proposeAndPay(buyer, target, lotB, 2_200);
    const sellerPage = await loggedInPage(seller);
    await sellerPage.goto(`${baseUrl()}/h5/pages/bargain/receivedOffers`);
    const first = card(sellerPage, agreedOnce);
    expect(await first.getByTestId('offer-seller-commitment').textContent()).toBe(
      `同意即承诺按该还价成交：商品为买家锁定${OFFER_PAY_MINUTES}分钟，期间您不能取消；买家未按时付款或取消订单，保证金部分赔付给您。`,
    );
    await first.getByTestId('offer-agree-button').click();
    await sellerPage.getByTestId('offer-confirm').getByTestId('modal-button-同意').click();
    await toast(sellerPage, '已同意，等待买家付款');
    await expect.poll(() => first.getByTestId('offer-status').textContent()).toBe('已同意，等待买家付款');
    // On his phone: his rule instead of a way out, and the buyer's time left.
    expect(await first.getByTestId('offer-seller-bound').textContent()).toBe(sellerBoundText('还价'));
    expect(await first.getByRole('button').count()).toBe(0);
    expect(await first.getByTestId('offer-countdown').textContent()).toMatch(/^买家付款剩余 0[12]:\d\d:\d\d$/);
    await sellerPage.getByTestId('toast').first().waitFor({ state: 'hidden' });
    await docShot(sellerPage, 'offers-agreed-bound');
    await sellerPage.setViewportSize({ width: 320, height: 640 });
    await first.scrollIntoViewIfNeeded();
    await docShot(sellerPage, 'offers-agreed-bound-320');
    await sellerPage.setViewportSize(MOBILE.viewport);

    // The call 取消成交 made is refused with the same words, and nothing moved: the proposal, its
    // deposit, the order, the lot and both balances.
    const now = async () => {
      const offer = (await proposals(seller, 2)).find((o) => o.offerId === agreedOnce)!;
      const order = (await apiCall(orderInfo, { orderId: offer.orderId! }, buyer.headers)).data;
      return { offer, order, buyer: await available(buyer), seller: await available(seller) };
    };
    const before = await now();
    expect(before.offer).toMatchObject({ status: 21, deposit: { status: 'held' } });
    const refusal = await apiCall(offerRefuse, { offerId: agreedOnce, reason: '不想卖了' }, seller.headers);
    expect({ code: refusal.code, msg: refusal.msg }).toEqual({ code: '10002', msg: sellerBoundText('还价') });
    expect(await now()).toEqual(before);

    // At 1440 px the same card, the same rule, no button.
    const desk = await (await browser.newContext(DESKTOP)).newPage();
    await desk.goto(`${baseUrl()}/web/pages/index/index`);
    await desk.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('uid', s.uid);
    }, seller.session);
    await desk.goto(`${baseUrl()}/web/pages/bargain/receivedOffers`);
    const onDesk = card(desk, agreedOnce);
    await expect.poll(() => onDesk.getByTestId('offer-status').textContent()).toBe('已同意，等待买家付款');
    expect(await onDesk.getByTestId('offer-seller-bound').textContent()).toBe(sellerBoundText('还价'));
    expect(await onDesk.getByRole('button').count()).toBe(0);
    await docShot(desk, 'offers-agreed-bound-pc');
    await desk.context().close();

    // The buyer may still walk away (his deposit forfeited, part of it to the seller); the lot is on sale again.
    expect((await apiCall(cancelOrder, { orderId: before.offer.orderId! }, buyer.headers)).code).toBe('200');
    await sellerPage.reload();
    await expect.poll(() => first.getByTestId('offer-status').textContent()).toBe('买家违约取消，您已获得保证金赔付');
    expect(await first.getByTestId('offer-deposit').textContent()).toBe('买家保证金 ¥10.00 · 已获赔付 ¥8.00');
    expect(await first.getByTestId('offer-seller-bound').count()).toBe(0);
    await expect.poll(() => available(seller)).toBe(before.seller + 800);

    const refusedOne = await proposeAndPay(buyer, target, lotB, 2_100);
    await sellerPage.reload();
    const second = card(sellerPage, refusedOne);
    await second.getByTestId('offer-refuse').click();
    await sellerPage.getByTestId('offer-refuse-reason').fill('价格太低了');
    await settled(sellerPage);
    await docShot(sellerPage, 'offers-refuse');
    await sellerPage.getByTestId('offer-confirm').getByTestId('modal-button-拒绝').click();
    await expect.poll(() => second.getByTestId('offer-status').textContent()).toBe('您已拒绝');
    await sellerPage.context().close();

    // The buyer sees the one he walked away from with his deposit forfeited, the refused one with it back and the seller's reason.
    const mobile = await loggedInPage(buyer);
    await mobile.goto(`${baseUrl()}/h5/pages/bargain/myOffers`);
    const walkedAway = card(mobile, agreedOnce);
    await expect.poll(() => walkedAway.getByTestId('offer-status').textContent()).toBe('您已取消订单，保证金已扣除');
    expect(await walkedAway.getByTestId('offer-deposit').textContent()).toBe('保证金 ¥10.00 · 已扣除');
    const refused = card(mobile, refusedOne);
    expect(await refused.getByTestId('offer-status').textContent()).toBe('卖家已拒绝，保证金已退回');
    expect(await refused.getByTestId('offer-note').textContent()).toBe('卖家：价格太低了');
    expect(await refused.getByTestId('offer-deposit').textContent()).toBe('保证金 ¥10.00 · 已退回');
    await mobile.context().close();
  });
});
