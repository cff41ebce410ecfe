import { bidDepth, myBids, postBid } from '@app/protocol/calls/bid-book';
import type { BrokerListing } from '@app/protocol/calls/broker';
import { type BrokerOrder, brokerOrderPlace } from '@app/protocol/calls/broker-orders';
import { commodityList } from '@app/protocol/calls/exchange';
import { gameTokenLogin, roleList } from '@app/protocol/calls/game';
import { identification } from '@app/protocol/calls/identity';
import { wapAlipay } from '@app/protocol/calls/pay';
import { bindPhone, sendSms, userAccountDetail } from '@app/protocol/calls/user';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, hook, launchBrowser, MOBILE, screenshot } from '../browser';
import { approvedMerchant, brokerListing, namedPerson } from './broker-setup';
import { docShot, logIn, newPage, phoneNumber, toast } from './market-helpers';
import { BID_BOOK_ACCOUNTS, gameLogin, idNumber, outbox } from './people';

type GameRole = { accountId: string; roleId: string; serverId: string; roleName: string };

/**
 * 求购 (docs/decisions/0025-bid-book.md) on 传奇: a buyer (seller46's game account, a phone and a
 * real name) posts bids on a merchant's coin page and sees the book; the merchant sells into them
 * from his listing in the merchant center; the buyer's 我的求购 shows one filled and one partly
 * filled, which he withdraws (the rest of its money back). Then a bid beyond his balance: he pays
 * the difference at the cashier and it stands; a player (seller47) sells into it from his role on
 * the coin page and follows the 卖出订单.
 */
const GAME = 'demo-legend';
let browser: Browser;
let listing: BrokerListing;
let buyerPhone: string;
let merchantPhone: string;
let buyerHeaders: { 'x-token': string };
let buyerRole: { accountId: string; roleId: string; serverId: string };

/** A merchant (a new phone with a real name) approved in the console, with coins on sale on `serverId`. */
async function merchantWithStock(serverId: string) {
  const merchant = await namedPerson('135', '周商人', '19850505', '861');
  merchantPhone = merchant.phone;
  await approvedMerchant(merchant.headers, '收金商行');
  return brokerListing(merchant.headers, { serverId, unitPrice: 210, stock: 5_000_000, deliverMinutes: 30 });
}

/** A player of the journey logs in from the game (his account linked), binds a new phone and a real name. */
async function verifiedPlayer(account: string, realName: string, idSeq: string) {
  const game = await gameLogin(account);
  const pt = { gameId: game.gameId, gameToken: game.gameToken, serverId: game.serverId };
  const login = await apiCall<{ token: string; roleId?: string }>(gameTokenLogin, pt);
  const headers = { 'x-token': login.data.token };
  const phone = phoneNumber('134');
  await apiCall(sendSms, { smsType: 'phoneLogin', phone });
  const code = (await outbox(phone))[0]!.code;
  expect((await apiCall(bindPhone, { phone, code }, headers)).code).toBe('200');
  expect((await apiCall(identification, { realName, idCard: idNumber('19900909', idSeq) }, headers)).code).toBe('200');
  return { account, phone, headers, serverId: game.serverId };
}

/** The roles of a player's linked accounts, as the game lists them. */
const rolesOf = async (headers: { 'x-token': string }) =>
  (await apiCall<{ list: GameRole[] }>(roleList, {}, { ...headers, 'x-appid': GAME })).data.list;

/** The bid book's buyer: seller46 logs in from the game, binds a new phone and a real name. */
async function buyer() {
  const [account] = BID_BOOK_ACCOUNTS as [string];
  const who = await verifiedPlayer(account, '吴求购', '846');
  buyerHeaders = who.headers;
  buyerPhone = who.phone;
  return who;
}

/**
 * Money on the buyer's balance the way the cashier leaves it there: an order he started paying
 * timed out before the payment arrived; its refund to 支付宝 (原路退回) was refused by the gateway,
 * so the payment went to his balance.
 */
async function fundBuyer(amountCoins: number) {
  const order = await apiCall<BrokerOrder>(
    brokerOrderPlace,
    {
      commodityId: listing.commodityId,
      quantity: amountCoins,
      gameAccountId: buyerRole.accountId,
      gameRoleId: buyerRole.roleId,
      requestKey: `bidbook-fund-${Date.now()}`,
      agreement: true,
    },
    buyerHeaders,
  );
  expect(order.code).toBe('200');
  const pay = await apiCall<{ tradeNo: string }>(
    wapAlipay,
    { bizNo: order.data.bizNo, totalAmount: order.data.totalAmount, payPrice: order.data.totalAmount },
    buyerHeaders,
  );
  expect(pay.code).toBe('200');
  const mode = await fetch(`${baseUrl()}/sandbox/api/pay/${pay.data.tradeNo}/refund-mode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'refuse' }),
  });
  expect(await mode.json()).toEqual({ ok: true });
  await hook('/dev/sweep', { aheadMinutes: 16 });
  await fetch(`${baseUrl()}/sandbox/api/pay/${pay.data.tradeNo}/succeed`, { method: 'POST' });
  const available = async () =>
    (await apiCall<{ balance: { available: number } }>(userAccountDetail, {}, buyerHeaders)).data.balance.available;
  // Set up in beforeAll (no expect.poll there): the refused refund lands on the balance within moments.
  for (let tries = 0; (await available()) < order.data.totalAmount; tries++) {
    if (tries > 75) throw new Error('the late payment never reached the buyer’s balance');
    await new Promise((r) => setTimeout(r, 200));
  }
  return order.data.totalAmount;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const who = await buyer();
  listing = await merchantWithStock(who.serverId);
  // The buyer's role on that server (the game's own id), as his role list tells it.
  const role = (await rolesOf(buyerHeaders)).find((r) => r.serverId === who.serverId);
  if (!role) throw new Error(`seller46 has no role on ${who.serverId}`);
  buyerRole = role;
  await fundBuyer(1_000_000);
});
afterAll(() => browser.close());

describe('求购: bids stand on the coin page, a merchant sells into the best, the buyer withdraws the rest', () => {
  it('posts on the phone, refuses bad bids, shows the depth; the merchant sells; 我的求购 fills and withdraws', async () => {
    // Another bid of his, placed through the API, so the book has two levels below the listing's price.
    const other = await apiCall(
      postBid,
      {
        applicationId: GAME,
        serverId: listing.serverId,
        goldType: 2,
        unitPrice: 185,
        quantity: 300_000,
        expireTime: Math.floor(Date.now() / 1000) + 86_400,
        gameAccountId: buyerRole.accountId,
        gameRoleId: buyerRole.roleId,
        requestKey: `bidbook-other-${Date.now()}`,
      },
      buyerHeaders,
    );
    expect(other.code).toBe('200');

    const phone = await newPage(browser, MOBILE);
    await phone.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(phone, buyerPhone);
    await phone.goto(`${baseUrl()}/h5/pages/broker/commodityDetail?commodityId=${listing.commodityId}`);
    const book = phone.getByTestId('bid-book');
    await book.scrollIntoViewIfNeeded();
    // The merchant's ask among the demo merchants' (the demo market seeds two per game).
    await expect
      .poll(async () => (await phone.getByTestId('bid-depth-ask').allTextContents()).join(' '))
      .toContain('¥2.10');
    await expect.poll(() => phone.getByTestId('bid-depth-bid').first().textContent()).toContain('¥1.85');

    // A price at or above the cheapest merchant's: told that buying outright costs less; none below it.
    await phone.getByTestId('bid-price').fill('99');
    await expect.poll(() => phone.getByTestId('bid-dearer').textContent()).toMatch(/^已有商人以 ¥\d+\.\d{2}\/万 在售/);
    await expect.poll(() => phone.getByTestId('bid-dearer-buy').getAttribute('href')).toMatch(/commodityId=/);
    await phone.getByTestId('bid-form').scrollIntoViewIfNeeded();
    await screenshot(phone, 'bid-dearer');
    await phone.getByTestId('bid-price').fill('0.01');
    await expect.poll(() => phone.getByTestId('bid-dearer').count()).toBe(0);

    // Bad input: half a 万, then more than the balance holds (the server's words).
    await phone.getByTestId('bid-price').fill('1.9');
    await phone.getByTestId('bid-quantity').fill('2.5');
    await phone.getByTestId('bid-role').selectOption(`${buyerRole.accountId}|${buyerRole.roleId}`);
    await phone.getByTestId('bid-submit').click();
    await expect.poll(() => phone.getByTestId('bid-problem').textContent()).toBe('求购数量须为整万');
    await phone.getByTestId('bid-quantity').fill('5000');
    await phone.getByTestId('bid-submit').click();
    await expect
      .poll(() => phone.getByTestId('bid-problem').textContent())
      .toBe('余额不足：求购需冻结¥9,500.00，请先充值或减少数量');
    // 50万 at ¥1.90: ¥95.00 held.
    await phone.getByTestId('bid-quantity').fill('50');
    await expect.poll(() => phone.getByText('将冻结余额 ¥95.00').count()).toBe(1);
    await phone.getByTestId('bid-submit').click();
    await toast(phone, '求购已挂出，已冻结¥95.00');
    await expect.poll(() => phone.getByTestId('bid-depth-bid').first().textContent()).toContain('¥1.90');
    expect(await phone.getByTestId('bid-depth-bid').allTextContents()).toHaveLength(2);
    await phone.getByTestId('toast').first().waitFor({ state: 'hidden' });
    await book.evaluate((el) => {
      el.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -64);
    });
    await docShot(phone, 'bid-book');

    // The same book as depth beside the price history of a consignment 金币 listing of that group,
    // with 挂单求购 leading to a merchant listing's book.
    const coins = await apiCall<{ list: Array<{ id: string }> }>(
      commodityList,
      { type: 2, masterServerId: listing.masterServerId, coinType: 2, pageSize: 1 },
      { 'x-appid': GAME },
    );
    const coinId = coins.data.list[0]?.id;
    expect(coinId).toBeTruthy();
    await phone.goto(`${baseUrl()}/h5/pages/commodityDetail/index?id=${coinId}&applicationId=${GAME}`);
    await phone.getByTestId('price-history').waitFor();
    const coinBook = phone.getByTestId('coin-bid-depth');
    await coinBook.scrollIntoViewIfNeeded();
    await expect.poll(() => coinBook.getByTestId('bid-depth-bid').first().textContent()).toContain('¥1.90');
    await expect
      .poll(() => coinBook.getByTestId('coin-bid-post').getAttribute('href'))
      .toMatch(/\/h5\/pages\/broker\/commodityDetail\?commodityId=\d+#bid-book$/);
    await docShot(phone, 'coin-detail-bid-depth');
    await coinBook.getByTestId('coin-bid-post').click();
    await phone.getByTestId('bid-book').waitFor();
    await phone.getByTestId('bid-submit').waitFor();
    await phone.goto(`${baseUrl()}/h5/pages/broker/commodityDetail?commodityId=${listing.commodityId}`);

    // The merchant sells 60万 down to ¥1.85 from his listing: the ¥1.90 bid whole, 10万 of the ¥1.85 one.
    const shop = await newPage(browser, MOBILE);
    await shop.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(shop, merchantPhone);
    await shop.goto(`${baseUrl()}/h5/pages/broker/merchantCenter?applicationId=${GAME}`);
    const row = shop.locator(`[data-testid="my-listing"][data-commodity-id="${listing.commodityId}"]`);
    await row.getByTestId('listing-sell-to-bid').click();
    await expect.poll(() => row.getByTestId('bid-sell-best').textContent()).toContain('¥1.90/万');
    await row.getByTestId('bid-sell-quantity').fill('60');
    await row.getByTestId('bid-sell-min').fill('1.85');
    await row.getByTestId('bid-sell-submit').click();
    await toast(shop, '已卖出60万');
    // Each fill is a paid order of his to deliver.
    const sold = await apiCall<{ list: Array<{ status: number; quantity: number }> }>(myBids, {}, buyerHeaders);
    expect(sold.data.list.map((b) => [b.status, b.quantity])).toEqual([
      [1, 500_000],
      [0, 300_000],
    ]);

    // 我的求购: one filled, one with 10万 filled; withdrawn, its ¥37.00 left comes back.
    await phone.reload();
    await phone.getByTestId('bid-tab-mine').click();
    const mine = phone.getByTestId('my-bid');
    await expect.poll(() => mine.first().getByTestId('my-bid-status').textContent()).toBe('已成交');
    await expect.poll(() => mine.nth(1).getByTestId('my-bid-filled').textContent()).toBe('10万');
    await mine.nth(1).getByTestId('my-bid-cancel').click();
    await phone.getByRole('button', { name: '确认撤销' }).click();
    await toast(phone, '已撤销，¥37.00已退回余额');
    await expect.poll(() => mine.nth(1).getByTestId('my-bid-status').textContent()).toBe('已撤销');
    const depth = await apiCall<{ bids: unknown[] }>(bidDepth, {
      applicationId: GAME,
      serverId: listing.serverId,
      goldType: 2,
    });
    expect(depth.data.bids).toEqual([]);

    // The PC page of the coin: the book beside the listing (a new bid so it has depth).
    expect(
      (
        await apiCall(
          postBid,
          {
            applicationId: GAME,
            serverId: listing.serverId,
            goldType: 2,
            unitPrice: 195,
            quantity: 200_000,
            expireTime: Math.floor(Date.now() / 1000) + 86_400,
            gameAccountId: buyerRole.accountId,
            gameRoleId: buyerRole.roleId,
            requestKey: `bidbook-pc-${Date.now()}`,
          },
          buyerHeaders,
        )
      ).code,
    ).toBe('200');
    const pc = await newPage(browser, DESKTOP);
    await pc.goto(`${baseUrl()}/web/pages/index/index`);
    await logIn(pc, buyerPhone);
    await pc.goto(`${baseUrl()}/web/pages/broker/commodityDetail?commodityId=${listing.commodityId}`);
    await pc.getByTestId('bid-book').evaluate((el) => {
      el.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -72);
    });
    await expect.poll(() => pc.getByTestId('bid-depth-bid').first().textContent()).toContain('¥1.95');
    await docShot(pc, 'pc-bid-book');
  });
  it('a bid beyond the balance is paid at the cashier and stands; a player sells into it from his role and sees the 卖出订单', async () => {
    // seller47 and the buyer both have a role on one server: the book there.
    const seller = await verifiedPlayer(BID_BOOK_ACCOUNTS[1] as string, '郑卖家', '847');
    const sellerRoles = await rolesOf(seller.headers);
    const buyerRoles = await rolesOf(buyerHeaders);
    const shared = sellerRoles.find((r) => buyerRoles.some((b) => b.serverId === r.serverId));
    if (!shared) throw new Error('seller46 and seller47 share no server');
    const receiving = buyerRoles.find((b) => b.serverId === shared.serverId) as GameRole;
    // A listing of the merchant there gives the coin its page.
    const merchantHeaders = {
      'x-token': (await hook<{ token: string }>('/dev/session', { phone: merchantPhone })).token,
    };
    const coin =
      shared.serverId === listing.serverId
        ? listing
        : await brokerListing(merchantHeaders, {
            serverId: shared.serverId,
            unitPrice: 230,
            stock: 1_000_000,
            deliverMinutes: 30,
          });
    const coinPage = (scene: 'h5' | 'web') =>
      `${baseUrl()}/${scene}/pages/broker/commodityDetail?commodityId=${coin.commodityId}`;

    // The buyer bids 100万 at ¥2.00 (¥200.00): more than his balance. Refused, he pays the difference.
    const phone = await newPage(browser, MOBILE);
    await phone.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(phone, buyerPhone);
    await phone.goto(coinPage('h5'));
    await phone.getByTestId('bid-book').scrollIntoViewIfNeeded();
    await phone.getByTestId('bid-price').fill('2');
    await phone.getByTestId('bid-quantity').fill('100');
    await phone.getByTestId('bid-role').selectOption(`${receiving.accountId}|${receiving.roleId}`);
    await phone.getByTestId('bid-submit').click();
    await expect
      .poll(() => phone.getByTestId('bid-problem').textContent())
      .toBe('余额不足：求购需冻结¥200.00，请先充值或减少数量');
    await phone.getByTestId('bid-pay-shortfall').click();
    await phone.waitForURL(/\/h5\/pages\/orderNew\/cashier\/cashier\?orderId=Q\d+$/);
    await expect.poll(() => phone.getByTestId('cashier').getAttribute('data-mode')).toBe('bid');
    // His balance (¥57.50 after the first bids) is held; the ¥142.50 left is paid here.
    expect(await phone.getByTestId('cashier-amount').textContent()).toBe('¥142.50');
    expect(await phone.getByTestId('cashier-title').textContent()).toContain('100万金币');
    expect(await phone.getByTestId('cashier-countdown').textContent()).toMatch(/^1[45]:\d\d$/);
    await phone.getByTestId('toast').first().waitFor({ state: 'hidden' });
    await docShot(phone, 'bid-book-cashier');
    await phone.getByTestId('pay-channel-1').check();
    await phone.getByTestId('pay-submit').click();
    await phone.getByTestId('sandbox-pay').click();
    // Back on the coin's page: the bid stands, ¥200.00 held.
    await phone.waitForURL((url) => url.pathname.endsWith('/broker/commodityDetail'));
    await expect.poll(() => phone.getByTestId('bid-depth-bid').first().textContent()).toContain('¥2.00');
    await phone.getByTestId('bid-tab-mine').click();
    const standing = phone.getByTestId('my-bid').first();
    await expect.poll(() => standing.getByTestId('my-bid-status').textContent()).toBe('求购中');
    const funded = await apiCall<{ list: Array<{ bidId: string; status: number; reservedAmount: number }> }>(
      myBids,
      {},
      buyerHeaders,
    );
    expect(funded.data.list[0]).toMatchObject({ status: 0, reservedAmount: 20_000 });

    // seller47 sells from his role on the coin's page: wrong inputs first, then 30万 at ¥2.00 or more.
    const sellerPage = await newPage(browser, MOBILE);
    await sellerPage.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(sellerPage, seller.phone);
    await sellerPage.goto(coinPage('h5'));
    await sellerPage.getByTestId('bid-book').scrollIntoViewIfNeeded();
    await sellerPage.getByTestId('bid-tab-sell').click();
    const form = sellerPage.getByTestId('bid-role-sell');
    await expect.poll(() => form.getByTestId('bid-role-best').textContent()).toContain('¥2.00/万');
    await form.getByTestId('bid-role-sell-quantity').fill('30');
    await form.getByTestId('bid-role-sell-submit').click();
    await expect.poll(() => form.getByTestId('bid-role-sell-problem').textContent()).toBe('请选择出售角色');
    await form.getByTestId('bid-role-sell-role').selectOption(`${shared.accountId}|${shared.roleId}`);
    await form.getByTestId('bid-role-sell-min').fill('2.5');
    await form.getByTestId('bid-role-sell-submit').click();
    await expect.poll(() => form.getByTestId('bid-role-sell-problem').textContent()).toBe('当前没有不低于该价格的求购');
    await form.getByTestId('bid-role-sell-min').fill('2');
    await form.getByTestId('bid-role-sell-quantity').fill('99999');
    await form.getByTestId('bid-role-sell-submit').click();
    await expect
      .poll(() => form.getByTestId('bid-role-sell-problem').textContent())
      .toMatch(/^角色的金币不足，当前可出售\d+$/);
    await form.getByTestId('bid-role-sell-quantity').fill('30');
    await form.getByTestId('bid-role-sell-submit').click();
    await expect.poll(() => form.getByTestId('bid-role-sold-quantity').textContent()).toBe('30万');
    const fill = form.getByTestId('bid-role-fill');
    expect(await fill.count()).toBe(1);
    expect(await fill.first().textContent()).toContain('¥60.00');
    await docShot(sellerPage, 'bid-book-role-sell');
    await fill.first().getByTestId('bid-role-fill-order').click();
    await sellerPage.waitForURL(/\/h5\/pages\/broker\/orderDetail\?orderId=\d+&view=sold$/);
    await expect.poll(() => sellerPage.getByTestId('broker-order-total').textContent()).toBe('¥60.00');
    expect(await sellerPage.getByTestId('broker-order-pay').count()).toBe(0);

    // The buyer's bid took 30万 of 100万.
    const after = await apiCall<{ list: Array<{ status: number; filledQuantity: number }> }>(myBids, {}, buyerHeaders);
    expect(after.data.list[0]).toMatchObject({ status: 0, filledQuantity: 300_000 });

    // The merchant has no role of his own in the game: he is told he cannot sell from one.
    const shop = await newPage(browser, MOBILE);
    await shop.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(shop, merchantPhone);
    await shop.goto(coinPage('h5'));
    await shop.getByTestId('bid-book').scrollIntoViewIfNeeded();
    await shop.getByTestId('bid-tab-sell').click();
    await shop.getByTestId('bid-role-sell-quantity').fill('10');
    await shop.getByTestId('bid-role-sell-submit').click();
    await expect
      .poll(() => shop.getByTestId('bid-role-sell-problem').textContent())
      .toBe('您在该服务器组没有游戏角色，无法出售');
  });
});
