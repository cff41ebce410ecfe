import { brokerServerAll, brokerTotalFen } from '@app/protocol/calls/broker';
import {
  type BrokerOrder,
  brokerOrderInfo,
  brokerOrderPlace,
  startOrderDelivery,
} from '@app/protocol/calls/broker-orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import { formatPriceFen } from '@app/protocol/format';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, hook, launchBrowser, MOBILE } from '../browser';
import { docShot, logIn, newPage, toast } from './market-helpers';
import { BROKER_ORDER_ACCOUNTS, BROKER_ORDER_GAME, gameLogin, gameUserWithPhone, idNumber } from './people';

/**
 * 商人卖币, a whole order (docs/decisions/0023-broker.md) on 仙侠 with its own accounts: a player
 * applies as merchant and an operator approves him in the console; he publishes stock; a buyer finds
 * it from the game lobby, orders and pays at the cashier; they talk in the order's chat (已沟通 is
 * refused before both wrote); the merchant delivers and the game moves the coins; the buyer confirms;
 * the merchant's wallet shows the share 待入账, then available after the settlement window.
 */
const GAME = 'demo-xianxia';
const COIN = '仙玉';
const SHOP = '龙腾币行';
const PRICE_FEN = 120;
const QUANTITY = 100_000;
let browser: Browser;

async function opsLogin(page: Page) {
  await page.goto(`${baseUrl()}/ops`);
  await page.getByTestId('ops-username').fill('ops-admin');
  await page.getByTestId('ops-password').fill('demo-ops-123');
  await page.getByTestId('ops-login').click();
  await page.getByTestId('ops-who').waitFor();
}

interface GameRole {
  id: string;
  serverId: string;
  coins: Record<string, number>;
  frozenCoins: Record<string, { coinType: string; amount: number }>;
  frozenBy: string | null;
}

/** An account's roles as the demo game shows them to its player (coins, what is frozen). */
async function rolesOf(account: string): Promise<GameRole[]> {
  const { gameToken } = await gameLogin(account, BROKER_ORDER_GAME);
  const answer = await fetch(`${baseUrl()}${BROKER_ORDER_GAME}/api/roles`, { headers: { 'x-game-token': gameToken } });
  return (await answer.json()).data.roles;
}
const freeCoins = (r: GameRole) =>
  (r.coins[COIN] ?? 0) -
  Object.values(r.frozenCoins)
    .filter((f) => f.coinType === COIN)
    .reduce((sum, f) => sum + f.amount, 0);

/**
 * The journey's merchant (an account with a role holding the coins to deliver: his stock role, whose
 * server he publishes on) and buyer (an account with a role in that server's master group).
 */
async function pair(): Promise<{ merchant: string; buyer: string; serverId: string; stockRole: string }> {
  const servers = await apiCall<{ list: Array<{ serverId: string; masterServerId: string }> }>(brokerServerAll, {
    applicationId: GAME,
  });
  const master = (id: string) => servers.data.list.find((s) => s.serverId === id)?.masterServerId;
  const roles = new Map<string, GameRole[]>();
  for (const account of BROKER_ORDER_ACCOUNTS) roles.set(account, await rolesOf(account));
  for (const [merchant, own] of roles)
    for (const stock of own.filter((r) => !r.frozenBy && freeCoins(r) >= QUANTITY * 2))
      for (const [buyer, theirs] of roles)
        if (buyer !== merchant && theirs.some((r) => master(r.serverId) === master(stock.serverId)))
          return { merchant, buyer, serverId: stock.serverId, stockRole: stock.id };
  throw new Error(`no merchant and buyer of ${BROKER_ORDER_ACCOUNTS.join(', ')} share a master group`);
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('商人卖币: a whole broker order', () => {
  let accounts: Awaited<ReturnType<typeof pair>>;
  let merchant: Awaited<ReturnType<typeof gameUserWithPhone>>;
  let buyer: Awaited<ReturnType<typeof gameUserWithPhone>>;
  let commodityId: string;
  let desk: Page;
  let phone: Page;
  let shop: Page;

  it('applies, is approved, publishes, is bought and paid, talks, delivers through the game, is confirmed and settled', async () => {
    accounts = await pair();
    merchant = await gameUserWithPhone({
      account: accounts.merchant,
      game: BROKER_ORDER_GAME,
      phonePrefix: '135',
      realName: '韩掌柜',
      idCard: idNumber('19860606', '811'),
    });
    buyer = await gameUserWithPhone({
      account: accounts.buyer,
      game: BROKER_ORDER_GAME,
      phonePrefix: '131',
      realName: '吕买家',
      idCard: idNumber('19920202', '812'),
    });

    // 商人入驻 on the phone.
    shop = await newPage(browser, MOBILE);
    await shop.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(shop, merchant.phone);
    await shop.goto(`${baseUrl()}/h5/pages/broker/merchantApply?applicationId=${GAME}`);
    await shop.getByTestId('merchant-shop-name').fill(SHOP);
    await shop.getByTestId('merchant-agree').check();
    await shop.getByTestId('merchant-apply').click();
    await expect.poll(() => shop.getByTestId('merchant-status-word').textContent()).toBe('审核中');

    // The operator approves it in the console with the credit recorded.
    desk = await newPage(browser, DESKTOP);
    await opsLogin(desk);
    await desk.getByTestId('ops-tab-merchants').click();
    const row = desk.locator(`[data-testid="ops-merchant-row"][data-shop="${SHOP}"]`);
    await row.getByTestId('ops-merchant-approve').click();
    await desk.getByTestId('ops-merchant-credit').fill('3000');
    await desk.getByTestId('ops-merchant-note').fill('实名已核验，保证金3000元');
    await desk.getByTestId('ops-merchant-confirm').click();
    await desk.getByTestId('ops-merchant-filter').selectOption('approved');
    await expect.poll(() => row.getByTestId('ops-merchant-status').textContent()).toBe('已开通');

    // He publishes stock on his role's server: ¥1.20 per 万, 300万 in stock, 1万–100万 per order.
    await shop.goto(`${baseUrl()}/h5/pages/broker/merchantCenter?applicationId=${GAME}`);
    await expect.poll(() => shop.getByTestId('merchant-shop').textContent()).toContain(SHOP);
    await shop.getByTestId('publish-open').click();
    await shop.getByTestId('publish-server').selectOption(accounts.serverId);
    await shop.getByTestId('publish-gold').selectOption('2');
    await shop.getByTestId('publish-price').fill('1.2');
    await shop.getByTestId('publish-stock').fill('300');
    await shop.getByTestId('publish-min').fill('1');
    await shop.getByTestId('publish-max').fill('100');
    await shop.getByTestId('publish-submit').click();
    await toast(shop, '发布成功，商品已上架');
    const mine = shop.getByTestId('my-listing').first();
    await expect.poll(() => mine.getByTestId('listing-status').textContent()).toBe('出售中');
    commodityId = (await mine.getAttribute('data-commodity-id')) ?? '';

    // The buyer comes from the game lobby's 商人卖币 entry to the game's merchant listings.
    phone = await newPage(browser, MOBILE);
    await phone.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(phone, buyer.phone);
    await phone.goto(`${baseUrl()}/h5/pages/gameLobby/index`);
    await phone.locator(`[data-testid="lobby-broker-entry"][data-app-id="${GAME}"]`).click();
    await phone.waitForURL(/broker\/commodityList\?applicationId=demo-xianxia/);
    await phone.goto(`${baseUrl()}/h5/pages/broker/commodityList?applicationId=${GAME}&goldType=2`);
    const card = phone.locator(`[data-testid="broker-card"][data-commodity-id="${commodityId}"]`);
    await expect.poll(() => card.getByTestId('broker-shop').textContent()).toBe(SHOP);
    // The demo merchants sell beside him (his price is below theirs: first).
    await expect
      .poll(() => phone.getByTestId('broker-shop').allTextContents())
      .toEqual(expect.arrayContaining([SHOP, expect.stringMatching(/^(金源商行|万通币铺)$/)]));
    expect((await phone.getByTestId('broker-shop').allTextContents())[0]).toBe(SHOP);
    await docShot(phone, 'broker-list');
    await card.click();
    await phone.waitForURL(/broker\/commodityDetail\?commodityId=/);
    await phone.getByTestId('broker-quantity').fill('10');
    const total = brokerTotalFen(QUANTITY, PRICE_FEN);
    await expect.poll(() => phone.getByTestId('broker-total').textContent()).toBe(formatPriceFen(total));
    await phone.getByTestId('broker-buy').click();
    await phone.waitForURL(/broker\/orderConfirm\?commodityId=\d+&quantity=100000/);
    await expect.poll(() => phone.getByTestId('order-role').locator('option').count()).toBeGreaterThan(1);
    await phone.getByTestId('order-role').selectOption({ index: 1 });
    await phone.getByTestId('order-agree').check();
    await phone.getByTestId('order-submit').click();

    // The cashier, the sandbox gateway, back to the order: 已付款 with the merchant's promise.
    await phone.getByTestId('cashier').waitFor();
    expect(await phone.getByTestId('cashier-total').textContent()).toBe(formatPriceFen(total));
    await phone.getByTestId('pay-submit').click();
    await phone.getByTestId('sandbox-pay').click();
    await phone.getByTestId('broker-order-detail').waitFor();
    await expect.poll(() => phone.getByTestId('broker-order-status').textContent(), { timeout: 15_000 }).toBe('已付款');
    expect(await phone.getByTestId('broker-promise-minutes').textContent()).toMatch(/^商人承诺付款后\d+分钟内发货$/);
    expect(await phone.getByTestId('broker-promise-left').textContent()).toMatch(/^剩余 \d\d:\d\d$/);
    // Within the promise the buyer can urge but not cancel.
    expect(await phone.getByTestId('broker-order-cancel').count()).toBe(0);
    const orderUrl = phone.url();

    // The merchant's workbench: 已沟通 is refused before both wrote in the order's chat.
    await shop.goto(`${baseUrl()}/h5/pages/broker/merchantCenter?applicationId=${GAME}&view=orders`);
    const sold = shop.getByTestId('merchant-order').first();
    await expect.poll(() => sold.getByTestId('merchant-order-status').textContent()).toBe('已付款');
    await sold.getByTestId('merchant-order-engaged').click();
    await expect
      .poll(() => sold.getByTestId('merchant-order-problem').textContent())
      .toBe('买卖双方都在订单聊天中发言后，才能标记为已沟通');

    // They talk in the order's chat.
    await phone.getByText('联系商人').click();
    await phone.getByTestId('im-chat').waitFor();
    await phone.getByTestId('im-text').fill('你好，请发到我选的角色，谢谢');
    await phone.getByTestId('im-send').click();
    await shop.goto(`${baseUrl()}/h5/pages/broker/merchantCenter?applicationId=${GAME}&view=orders`);
    await shop.getByTestId('merchant-order').first().getByText('联系买家').click();
    await shop.getByTestId('im-chat').waitFor();
    await expect
      .poll(() => shop.getByTestId('im-message').allTextContents())
      .toContainEqual(expect.stringContaining('请发到我选的角色'));
    await shop.getByTestId('im-text').fill('收到，马上发货');
    await shop.getByTestId('im-send').click();
    await expect
      .poll(() => phone.getByTestId('im-message').allTextContents())
      .toContainEqual(expect.stringContaining('马上发货'));

    // 已沟通, then delivery from his stock role: the game moves the coins and signs it.
    await shop.goto(`${baseUrl()}/h5/pages/broker/merchantCenter?applicationId=${GAME}&view=orders`);
    const order = shop.getByTestId('merchant-order').first();
    await order.getByTestId('merchant-order-engaged').click();
    await expect.poll(() => order.getByTestId('merchant-order-status').textContent()).toBe('已沟通过');
    await order.getByTestId('merchant-order-deliver').click();
    await expect.poll(() => order.getByTestId('merchant-deliver-role').locator('option').count()).toBeGreaterThan(1);
    await order.getByTestId('merchant-deliver-role').selectOption(`${accounts.merchant}|${accounts.stockRole}`);
    await order.getByTestId('merchant-deliver-submit').click();
    await expect
      .poll(() => order.getByTestId('merchant-order-status').textContent(), { timeout: 15_000 })
      .toBe('发货完成');
    await docShot(shop, 'merchant-workbench', true);

    // The buyer sees the game's signed record and confirms.
    await phone.goto(orderUrl);
    await expect
      .poll(() => phone.getByTestId('broker-order-status').textContent(), { timeout: 15_000 })
      .toBe('发货完成');
    expect(await phone.getByTestId('broker-order-receipt').textContent()).toContain('游戏签名已验证');
    await docShot(phone, 'broker-order');
    await phone.getByTestId('broker-order-confirm').click();
    await phone.getByTestId('modal-button-确认收货').click();
    await expect.poll(() => phone.getByTestId('broker-order-status').textContent()).toBe('交易成功(待入账)');

    // The merchant's wallet: his share (the total less the 3 % fee) 待入账, then available.
    const share = total - Math.round((total * 3) / 100);
    await shop.goto(`${baseUrl()}/h5/pages/userCenter/cashWithdrawal/cashWithdrawal`);
    await expect
      .poll(() => shop.getByTestId('wallet-balance').textContent())
      .toContain(`待入账 ${formatPriceFen(share)}`);
    await hook('/dev/sweep', { aheadMinutes: 25 * 60 });
    await shop.reload();
    await expect
      .poll(() => shop.getByTestId('wallet-balance').textContent())
      .toContain(`可提现余额${formatPriceFen(share)}`);
    expect(await shop.getByTestId('wallet-balance').textContent()).toContain('待入账 ¥0.00');
    await shop.goto(`${baseUrl()}/h5/pages/broker/merchantCenter?applicationId=${GAME}&view=orders`);
    await expect
      .poll(() => shop.getByTestId('merchant-order').first().getByTestId('merchant-order-status').textContent())
      .toBe('交易成功(已到账)');

    // The same list and workbench at 1440 px.
    const pc = await newPage(browser, DESKTOP);
    await pc.goto(`${baseUrl()}/web/pages/index/index`);
    await logIn(pc, merchant.phone);
    await pc.goto(
      `${baseUrl()}/web/pages/broker/commodityList?applicationId=${GAME}&serverId=${accounts.serverId}&goldType=2`,
    );
    await pc.locator(`[data-testid="broker-card"][data-commodity-id="${commodityId}"]`).waitFor();
    await docShot(pc, 'pc-broker-list');
    await pc.goto(`${baseUrl()}/web/pages/broker/merchantCenter?applicationId=${GAME}&view=orders`);
    await expect
      .poll(() => pc.getByTestId('merchant-order').first().getByTestId('merchant-order-status').textContent())
      .toBe('交易成功(已到账)');
    await docShot(pc, 'pc-merchant-workbench', true);
    // A page past the last: the pager leads back, and hides once everything fits on one page.
    await pc.goto(`${baseUrl()}/web/pages/broker/merchantCenter?applicationId=${GAME}&view=orders&orderPage=2`);
    await pc.getByTestId('broker-pager').waitFor();
    expect(await pc.getByTestId('broker-pager').textContent()).toContain('第 2 页');
    expect(await pc.getByTestId('broker-pager-next').isDisabled()).toBe(true);
    await pc.getByTestId('broker-pager-prev').click();
    await pc.getByTestId('merchant-order').first().waitFor();
    expect(new URL(pc.url()).searchParams.has('orderPage')).toBe(false);
    expect(await pc.getByTestId('broker-pager').count()).toBe(0);
  });

  it('a refused receipt: customer service refunds it in the console, the buyer rates the service', async () => {
    // A second order, paid through the sandbox and delivered by the game (the steps above, by API).
    const theirs = (await rolesOf(accounts.buyer)).find((r) => r.serverId === accounts.serverId) ?? null;
    const servers = await apiCall<{ list: Array<{ serverId: string; masterServerId: string }> }>(brokerServerAll, {
      applicationId: GAME,
    });
    const master = (id: string) => servers.data.list.find((s) => s.serverId === id)?.masterServerId;
    const role =
      theirs ?? (await rolesOf(accounts.buyer)).find((r) => master(r.serverId) === master(accounts.serverId));
    const placed = await apiCall<BrokerOrder>(
      brokerOrderPlace,
      {
        commodityId,
        quantity: 20_000,
        gameAccountId: accounts.buyer,
        gameRoleId: role?.id ?? '',
        requestKey: `broker-journey-${Date.now()}`,
        agreement: true,
      },
      buyer.headers,
    );
    expect(placed.code).toBe('200');
    const { orderId, bizNo, totalAmount } = placed.data;
    const pay = await apiCall<{ tradeNo: string }>(
      wapAlipay,
      { bizNo, totalAmount, payPrice: totalAmount },
      buyer.headers,
    );
    await fetch(`${baseUrl()}/sandbox/api/pay/${pay.data.tradeNo}/succeed`, { method: 'POST' });
    const delivered = await apiCall<BrokerOrder>(
      startOrderDelivery,
      { orderId, gameAccountId: accounts.merchant, gameRoleId: accounts.stockRole },
      merchant.headers,
    );
    expect(delivered.data.status).toBe(107);

    // The buyer refuses it on the order page, with a reason.
    await phone.goto(`${baseUrl()}/h5/pages/broker/orderDetail?orderId=${orderId}`);
    await expect.poll(() => phone.getByTestId('broker-order-status').textContent()).toBe('发货完成');
    await phone.getByTestId('broker-order-refuse').click();
    await phone.getByTestId('broker-refuse-reason').fill('到账数量不对');
    await phone.getByTestId('broker-refuse-submit').click();
    await expect.poll(() => phone.getByTestId('broker-order-status').textContent()).toBe('拒绝收货');

    // 商人订单 in the console: a refund needs a note; then it leaves the list.
    desk.on('dialog', (d) => void d.accept());
    await desk.goto(`${baseUrl()}/ops`);
    await desk.getByTestId('ops-tab-refused').click();
    const card = desk.locator(`[data-testid="ops-broker-order"][data-order-id="${orderId}"]`);
    await expect.poll(() => card.getByTestId('ops-broker-status').textContent()).toBe('拒绝收货 · 待处理');
    // 进入会话: 客服 joins the order's chat in the workbench window, the order's card beside it.
    const [workbench] = await Promise.all([
      desk.context().waitForEvent('page'),
      card.getByTestId('ops-broker-chat').click(),
    ]);
    await workbench.waitForURL(/indexForWorkingTable\?.*brokerOrderId=/);
    const beside = workbench.getByTestId('ops-wb-panel');
    await expect.poll(() => beside.getByTestId('ops-broker-status').textContent()).toBe('拒绝收货 · 待处理');
    expect(await beside.getByTestId('ops-broker-chat').count()).toBe(0);
    await expect.poll(() => workbench.getByTestId('im-system').last().textContent()).toContain('客服已介入');
    await workbench.getByTestId('im-text').fill('您好，我是客服，正在核对游戏凭证。');
    await workbench.getByTestId('im-send').click();
    await expect.poll(() => workbench.getByTestId('im-message').last().textContent()).toContain('正在核对游戏凭证');
    await docShot(workbench, 'ops-broker-workbench');
    await workbench.close();
    // The buyer sees 客服 in the same conversation.
    const seen = await apiCall<{ teamInfo: { groupId: string } }>(brokerOrderInfo, { orderId }, buyer.headers);
    await phone.goto(
      `${baseUrl()}/h5/pages/personalTransaction/IM/conversation/index2?groupId=${seen.data.teamInfo.groupId}`,
    );
    await expect
      .poll(() => phone.getByTestId('im-system').allTextContents())
      .toContainEqual(expect.stringContaining('客服已介入'));
    await expect
      .poll(() => phone.getByTestId('im-message').allTextContents())
      .toContainEqual(expect.stringContaining('正在核对游戏凭证'));
    await phone.goto(`${baseUrl()}/h5/pages/broker/orderDetail?orderId=${orderId}`);
    await card.getByTestId('ops-broker-refund').click();
    await expect.poll(() => card.getByTestId('ops-broker-error').textContent()).toBe('请填写处理说明（至少2个字）');
    await card.getByTestId('ops-broker-note').fill('游戏凭证显示数量不足，退款给买家');
    await docShot(desk, 'ops-broker-orders');
    await card.getByTestId('ops-broker-refund').click();
    await expect.poll(() => card.count()).toBe(0);

    // The buyer's order: 已退回, the money in his balance; he rates the service once.
    await phone.reload();
    await expect.poll(() => phone.getByTestId('broker-order-status').textContent()).toBe('已退回');
    await phone.getByTestId('broker-rating-submit').click();
    await expect.poll(() => phone.getByTestId('broker-rating-problem').textContent()).toBe('请选择评分');
    await phone.getByTestId('broker-rating-star-4').click();
    await phone.getByTestId('broker-rating-comment').fill('处理及时');
    await phone.getByTestId('broker-rating-submit').click();
    await expect.poll(() => phone.getByTestId('broker-rating-done').textContent()).toContain('处理及时');
    expect(await phone.getByTestId('broker-rating').count()).toBe(0);
    // The merchant rates it from his workbench, on his own.
    await shop.goto(`${baseUrl()}/h5/pages/broker/merchantCenter?applicationId=${GAME}&view=orders`);
    const row = shop.locator(`[data-testid="merchant-order"][data-order-id="${orderId}"]`);
    await expect.poll(() => row.getByTestId('merchant-order-status').textContent()).toBe('已退回');
    await row.getByTestId('broker-rating-star-3').click();
    await row.getByTestId('broker-rating-submit').click();
    await expect.poll(() => row.getByTestId('broker-rating-done').count()).toBe(1);
  });
});
