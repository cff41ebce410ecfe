import { brokerServerAll, merchantApply, publishCommodity } from '@app/protocol/calls/broker';
import { type BrokerOrder, brokerOrderPlace } from '@app/protocol/calls/broker-orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, launchBrowser, MOBILE } from '../browser';
import { opsApi } from './broker-setup';
import { docShot, logIn, newPage, toast } from './market-helpers';
import { BROKER_TRADE_ACCOUNTS, BROKER_TRADE_GAME, gameLogin, gameUserWithPhone, idNumber } from './people';

/**
 * 商人卖币 delivered by an in-game trade (docs/decisions/0023-broker.md "Delivery by an in-game
 * trade") on 三国 with its own accounts: an operator switches the game's channel to 游戏内交易 in the
 * console; a paid order's merchant starts the trade from his role, both sides see where to meet; the
 * merchant reports 我已交易 with a note and a screenshot; the buyer sees the report and confirms.
 * The channel goes back to 游戏接口发货 at the end.
 */
const GAME = 'demo-sanguo';
const SHOP = '桃园面交行';
const NOTE = '已在许昌城门与买家面交';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
let browser: Browser;

/** The console's API as an operator (the journey's setup and its cleanup; the switch itself is clicked). */
async function ops<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  return (await opsApi<T>(url, method === 'POST' ? (body ?? {}) : undefined)).data;
}

interface GameRole {
  id: string;
  name: string;
  serverId: string;
}
async function rolesOf(account: string): Promise<GameRole[]> {
  const { gameToken } = await gameLogin(account, BROKER_TRADE_GAME);
  const answer = await fetch(`${baseUrl()}${BROKER_TRADE_GAME}/api/roles`, { headers: { 'x-game-token': gameToken } });
  return (await answer.json()).data.roles;
}

/** A merchant's role and a buyer's role of another account in the same master group. */
async function pair() {
  const servers = await apiCall<{ list: Array<{ serverId: string; masterServerId: string }> }>(brokerServerAll, {
    applicationId: GAME,
  });
  const master = (id: string) => servers.data.list.find((s) => s.serverId === id)?.masterServerId;
  const roles = new Map<string, GameRole[]>();
  for (const account of BROKER_TRADE_ACCOUNTS) roles.set(account, await rolesOf(account));
  for (const [merchant, own] of roles)
    for (const from of own)
      for (const [buyer, theirs] of roles) {
        const to = theirs.find((r) => master(r.serverId) === master(from.serverId));
        if (buyer !== merchant && to) return { merchant, buyer, from, to };
      }
  throw new Error(`no merchant and buyer of ${BROKER_TRADE_ACCOUNTS.join(', ')} share a master group`);
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  // The channel as the other journeys know it: delivered through the game's API.
  const { list } = await ops<{
    list: Array<Record<string, unknown> & { applicationId: string; goldTypes: Array<{ goldType: number }> }>;
  }>('GET', '/broker-configs');
  const c = list.find((g) => g.applicationId === GAME);
  if (c && c.delivery !== 'api') {
    const { enabled, minQuantity, maxQuantity, feePercent, deliverMinutes, confirmHours } = c;
    await ops('POST', `/broker-configs/${GAME}`, {
      enabled,
      goldTypes: c.goldTypes.map((g) => g.goldType),
      delivery: 'api',
      minQuantity,
      maxQuantity,
      feePercent,
      deliverMinutes,
      confirmHours,
    });
  }
});

describe('商人卖币 by an in-game trade', () => {
  it('the operator switches 三国 to 游戏内交易; the merchant trades in the game and reports it; the buyer checks the report and confirms', async () => {
    const { merchant: merchantAccount, buyer: buyerAccount, from, to } = await pair();
    const merchant = await gameUserWithPhone({
      account: merchantAccount,
      game: BROKER_TRADE_GAME,
      phonePrefix: '135',
      realName: '关掌柜',
      idCard: idNumber('19850808', '821'),
    });
    const buyer = await gameUserWithPhone({
      account: buyerAccount,
      game: BROKER_TRADE_GAME,
      phonePrefix: '131',
      realName: '张买家',
      idCard: idNumber('19930303', '822'),
    });
    const applied = await apiCall<{ merchantId: string }>(
      merchantApply,
      { applicationId: GAME, shopName: SHOP, agreement: true },
      merchant.headers,
    );
    expect(applied.code).toBe('200');
    await ops('POST', `/merchants/${applied.data.merchantId}/decide`, { decision: 'approve', creditFen: 300_000 });

    // The operator sets 三国's channel to 游戏内交易 in the console's 商人频道.
    const desk = await newPage(browser, DESKTOP);
    await desk.goto(`${baseUrl()}/ops`);
    await desk.getByTestId('ops-username').fill('ops-admin');
    await desk.getByTestId('ops-password').fill('demo-ops-123');
    await desk.getByTestId('ops-login').click();
    await desk.getByTestId('ops-who').waitFor();
    await desk.getByTestId('ops-tab-channels').click();
    const channel = desk.locator(`[data-testid="ops-channel-row"][data-app-id="${GAME}"]`);
    await expect.poll(() => channel.getByTestId('ops-channel-delivery').textContent()).toBe('游戏接口发货');
    await channel.getByTestId('ops-channel-edit').click();
    // A wrong setting is refused and changes nothing.
    await desk.getByTestId('ops-channel-minQuantity').fill('200000000');
    await desk.getByTestId('ops-channel-save').click();
    await expect.poll(() => desk.getByTestId('ops-channel-error').textContent()).toBe('单笔最少数量不能大于最多数量');
    await desk.getByTestId('ops-channel-minQuantity').fill('10000');
    // The coin types are the game's own, all ticked; an open channel with none is refused.
    const coins = desk.getByTestId('ops-channel-gold-type-choices').locator('input[type="checkbox"]');
    const coinCount = await coins.count();
    expect(coinCount).toBeGreaterThan(1);
    for (let i = 0; i < coinCount; i++) await coins.nth(i).uncheck();
    await desk.getByTestId('ops-channel-save').click();
    await expect.poll(() => desk.getByTestId('ops-channel-error').textContent()).toBe('开放频道时请至少选择一个币种');
    for (let i = 0; i < coinCount; i++) await coins.nth(i).check();
    await desk.getByTestId('ops-channel-delivery-select').selectOption('trade');
    await docShot(desk, 'ops-broker-channels');
    await desk.getByTestId('ops-channel-save').click();
    await expect.poll(() => channel.getByTestId('ops-channel-delivery').textContent()).toBe('游戏内交易');

    // Stock on his role's server; the buyer orders 10万 to his role and pays.
    const listed = await apiCall<{ commodityId: string }>(
      publishCommodity,
      {
        applicationId: GAME,
        serverId: from.serverId,
        goldType: 2,
        unitPrice: 110,
        stock: 3_000_000,
        minPerOrder: 10_000,
        maxPerOrder: 1_000_000,
        deliverMinutes: 30,
      },
      merchant.headers,
    );
    expect(listed.code).toBe('200');
    const placed = await apiCall<BrokerOrder>(
      brokerOrderPlace,
      {
        commodityId: listed.data.commodityId,
        quantity: 100_000,
        gameAccountId: buyerAccount,
        gameRoleId: to.id,
        requestKey: `broker-trade-${Date.now()}`,
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

    // The buyer's order page: an in-game trade, arranged in the chat.
    const phone = await newPage(browser, MOBILE);
    await phone.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(phone, buyer.phone);
    const orderUrl = `${baseUrl()}/h5/pages/broker/orderDetail?orderId=${orderId}`;
    await phone.goto(orderUrl);
    await expect.poll(() => phone.getByTestId('broker-order-status').textContent(), { timeout: 15_000 }).toBe('已付款');
    expect(await phone.getByTestId('broker-order-head').textContent()).toContain('约定游戏内交易的时间和地点');
    expect(await phone.getByTestId('trade-meet-from').textContent()).toBe('商人开始交易时告知');
    expect(await phone.getByTestId('trade-meet-to').textContent()).toContain(to.name);

    // The merchant starts the trade from his role on the workbench: nothing moves in the game.
    const shop = await newPage(browser, MOBILE);
    await shop.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(shop, merchant.phone);
    await shop.goto(`${baseUrl()}/h5/pages/broker/merchantCenter?applicationId=${GAME}&view=orders`);
    const row = shop.locator(`[data-testid="merchant-order"][data-order-id="${orderId}"]`);
    await expect.poll(() => row.getByTestId('merchant-order-status').textContent()).toBe('已付款');
    expect(await row.getByTestId('merchant-order-delivery').textContent()).toBe('游戏内交易');
    await row.getByTestId('merchant-order-deliver').click();
    await expect.poll(() => row.getByTestId('merchant-deliver-role').locator('option').count()).toBeGreaterThan(1);
    await row.getByTestId('merchant-deliver-role').selectOption(`${merchantAccount}|${from.id}`);
    await row.getByTestId('merchant-deliver-submit').click();
    await toast(shop, '已开始交易，请按约定进入游戏与买家交易');
    await expect.poll(() => row.getByTestId('merchant-order-status').textContent()).toBe('发货中');
    expect(await row.getByTestId('trade-meet-from').textContent()).toContain(from.name);
    expect(await row.getByTestId('merchant-order-refresh').count()).toBe(0);

    // The buyer now sees whom to meet, and the chat says it too.
    await phone.reload();
    await expect.poll(() => phone.getByTestId('broker-order-status').textContent()).toBe('发货中');
    expect(await phone.getByTestId('trade-meet-from').textContent()).toContain(from.name);
    expect(await phone.getByTestId('broker-order-confirm').count()).toBe(0);
    await phone.getByText('联系商人').click();
    await phone.getByTestId('im-chat').waitFor();
    await expect
      .poll(() => phone.getByTestId('im-system').allTextContents())
      .toContainEqual(expect.stringContaining(`商人角色「${from.name}」`));

    // 我已交易 with a note and a screenshot.
    await row.getByTestId('merchant-order-report').click();
    await row.getByTestId('trade-report-note').fill(NOTE);
    await row
      .getByTestId('trade-report-input')
      .setInputFiles({ name: 'trade.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => row.getByTestId('trade-report-image').count()).toBe(1);
    await expect.poll(() => row.locator('.trade-shot-state').count(), { timeout: 15_000 }).toBe(0);
    await row.getByTestId('trade-report-submit').click();
    await toast(shop, '已报告交易完成，等待买家确认收货');
    await expect.poll(() => row.getByTestId('merchant-order-status').textContent()).toBe('发货完成');
    // The screenshot is in the order's chat, as the merchant's image.
    await phone.reload();
    await phone.getByTestId('im-chat').waitFor();
    await expect.poll(() => phone.locator('[data-testid="im-message"] img').count(), { timeout: 15_000 }).toBe(1);
    await shop.reload();
    await expect.poll(() => row.getByTestId('merchant-order-status').textContent()).toBe('发货完成');
    await docShot(shop, 'merchant-trade-report', true);

    // The buyer reads the report (note and screenshot) before confirming.
    await phone.goto(orderUrl);
    await expect.poll(() => phone.getByTestId('broker-order-status').textContent()).toBe('发货完成');
    expect(await phone.getByTestId('trade-report').textContent()).toContain(NOTE);
    expect(await phone.getByTestId('trade-report-shots').textContent()).toContain('1 张交易截图已发送到订单聊天');
    await docShot(phone, 'broker-trade-order', true);
    await phone.getByTestId('broker-order-confirm').click();
    await phone.getByTestId('modal-button-确认收货').click();
    await expect.poll(() => phone.getByTestId('broker-order-status').textContent()).toBe('交易成功(待入账)');

    // Back to 游戏接口发货 in the console.
    await channel.getByTestId('ops-channel-edit').click();
    await desk.getByTestId('ops-channel-delivery-select').selectOption('api');
    await desk.getByTestId('ops-channel-save').click();
    await expect.poll(() => channel.getByTestId('ops-channel-delivery').textContent()).toBe('游戏接口发货');
  });
});
