import { userAccountDetail } from '@app/protocol/calls/user';
import { formatPriceFen } from '@app/protocol/format';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, launchBrowser, MOBILE } from '../browser';
import { docShot, logIn, phoneNumber } from './market-helpers';
import { gameLogin, idNumber, paidAndDelivered, sellerAccounts, sellerListsCoins } from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('customer service', () => {
  it('the buyer refuses a delivery; customer service joins the case from 客服工单, sees the timeline and receipt beside the chat and refunds from the workbench', async () => {
    // A seller lists coins from the game (their own pages have their own journey). A market account
    // of the demo game (seller20…seller29: no other journey binds them) that still holds the coins.
    const buyerGame = await gameLogin('buyer1');
    const listed = await sellerListsCoins({
      accounts: sellerAccounts(20, 29),
      serverId: buyerGame.serverId,
      coins: 30_000,
      priceFen: 3_000,
      realName: '钱卖家',
      birth: '19860606',
      idBase: 200,
      phonePrefix: '135',
    });
    // The buyer pays; the game delivers.
    const buyerPhone = phoneNumber('136');
    const { orderId, totalAmount, buyer } = await paidAndDelivered({
      buyerGame,
      commodityId: listed.commodityId,
      phone: buyerPhone,
      realName: '孙买家',
      idCard: idNumber('19910202', '468'),
    });

    // The buyer refuses the receipt on the order page.
    const mobile = await (await browser.newContext(MOBILE)).newPage();
    await mobile.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(mobile, buyerPhone);
    const orderPage = `${baseUrl()}/h5/pages/orderNew/orderDetail/orderDetail?orderId=${orderId}`;
    await mobile.goto(orderPage);
    await mobile.getByTestId('order-reject').click();
    await mobile.getByTestId('refusal-reason-商品与描述不符').click();
    await mobile.getByTestId('refusal-submit').click();
    await mobile.getByTestId('modal-button-确认拒绝').click();
    await expect.poll(() => mobile.getByTestId('order-status').textContent()).toContain('拒绝收货');

    // Customer service logs in with a staff account (a wrong password is refused); the order is
    // there with the buyer's reason.
    const desk = await (await browser.newContext(DESKTOP)).newPage();
    desk.on('dialog', (d) => void d.accept());
    await desk.goto(`${baseUrl()}/ops`);
    await desk.getByTestId('ops-username').fill('ops-cs');
    await desk.getByTestId('ops-password').fill('not-the-password');
    await docShot(desk, 'ops-login');
    await desk.getByTestId('ops-login').click();
    await expect.poll(() => desk.getByTestId('ops-login-error').textContent()).toBe('用户名或密码错误');
    await desk.getByTestId('ops-password').fill('demo-cs-123');
    await desk.getByTestId('ops-login').click();
    await expect.poll(() => desk.getByTestId('ops-who').textContent()).toContain('演示客服');
    expect(await desk.getByTestId('ops-tab-audit').count()).toBe(0);
    const card = desk.locator(`[data-testid="ops-order"][data-order-id="${orderId}"]`);
    await expect.poll(() => card.textContent()).toContain('买家拒绝收货：商品与描述不符');
    expect(await card.textContent()).toContain('30000 金币 已发到买家角色');
    // An internal note, then the decision: without a note it is refused with its message.
    await card.getByTestId('ops-memo').fill('已联系买家，截图显示金币数量不符');
    await card.getByTestId('ops-memo-add').click();
    await expect.poll(() => card.getByTestId('ops-staff-note').textContent()).toContain('演示客服');
    await card.getByTestId('ops-refund').click();
    await expect.poll(() => card.getByTestId('ops-error').textContent()).toBe('请填写处理说明（至少2个字）');
    await docShot(desk, 'ops-refused-receipts');

    // The refusal opened a 客服 request by itself: customer service joins it from 客服工单, and the
    // workbench opens in its own window: the chat on the left, the order, its timeline and the
    // game's signed receipt on the right.
    await desk.getByTestId('ops-tab-support').click();
    const request = desk.locator('[data-testid="ops-support"]').filter({ hasText: '拒绝收货：商品与描述不符' });
    await request.waitFor();
    expect(await request.textContent()).toContain('买家申请');
    // Asked today (the request's seconds read as seconds, not 1970/1/21).
    const today = new Date().toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' });
    expect(await request.getByTestId('ops-support-asked').textContent()).toContain(today);
    const [workbench] = await Promise.all([
      desk.context().waitForEvent('page'),
      request.getByTestId('ops-support-join').click(),
    ]);
    workbench.on('dialog', (d) => void d.accept());
    await workbench.waitForURL(/indexForWorkingTable\?.*requestId=/);
    // The chat login is asked over the console session, not carried in the address.
    expect(workbench.url()).not.toMatch(/tencentToken|tencentAccount/);
    const panel = workbench.getByTestId('ops-wb-panel');
    await expect.poll(() => workbench.getByTestId('ops-wb-status').textContent()).toBe('拒绝收货');
    const summary = await workbench.getByTestId('ops-wb-order').textContent();
    expect(summary).toContain(`买家实付${(totalAmount / 100).toFixed(2).replace(/^/, '¥')}`);
    expect(summary).toContain('申请原因拒绝收货：商品与描述不符');
    const receipt = await workbench.getByTestId('ops-wb-receipt').textContent();
    expect(receipt).toContain('× 30000');
    expect(await workbench.getByTestId('ops-wb-signature').textContent()).toBe('签名有效');
    const steps = workbench.getByTestId('ops-wb-step');
    expect((await steps.allTextContents()).map((t) => t.slice(0, 4))).toEqual(
      expect.arrayContaining(['买家下单', '买家付款', '游戏交付', '拒绝收货', '买家申请', '客服接入']),
    );
    expect(await workbench.getByTestId('ops-wb-timeline').textContent()).toContain('演示客服：已联系买家');
    // Customer service writes in the chat as 客服; the panel stays beside it.
    await expect.poll(() => workbench.getByTestId('im-system').last().textContent()).toContain('已进入聊天');
    await workbench.getByTestId('im-text').fill('您好，我是客服。游戏交付记录已核实，请稍候，正在为您处理退款。');
    await workbench.getByTestId('im-send').click();
    await expect.poll(() => workbench.getByTestId('im-message').last().textContent()).toContain('正在为您处理退款');
    await workbench.getByTestId('ops-support-note').fill('核实买家反馈属实，收回金币退款');
    expect(await panel.getByTestId('ops-support-refund').textContent()).toBe('退款');
    await docShot(workbench, 'ops-workbench');

    // 退款 from the workbench: the game takes the coins back, the request closes, the card leaves the console.
    const before = (await apiCall<{ balance: { available: number } }>(userAccountDetail, {}, buyer)).data.balance
      .available;
    await panel.getByTestId('ops-support-refund').click();
    await expect
      .poll(() => workbench.getByTestId('ops-wb-done').textContent(), { timeout: 15_000 })
      .toContain('已退款给买家');
    expect(await workbench.getByTestId('ops-wb-status').textContent()).toBe('已退回');
    expect(await workbench.getByTestId('ops-wb-timeline').textContent()).toContain('客服退款');
    await expect
      .poll(() => workbench.getByTestId('im-system').last().textContent())
      .toContain('客服处理结果：退款给买家');
    await docShot(workbench, 'ops-workbench-refunded');
    await workbench.close();
    await desk.getByTestId('ops-tab-refused').click();
    await expect.poll(() => card.count()).toBe(0);
    await desk.getByTestId('ops-tab-support').click();
    await expect.poll(() => request.count()).toBe(0);

    // The buyer sees the order returned, the money on its way back to 支付宝 (原路退回), not the balance.
    await mobile.goto(orderPage);
    await expect.poll(() => mobile.getByTestId('order-status').textContent()).toContain('已退回');
    await expect.poll(() => mobile.getByTestId('order-detail').textContent()).toContain('款项已原路退回');
    await expect.poll(() => mobile.getByTestId('order-refund').first().textContent()).toContain('原路退回 支付宝');
    expect(await mobile.getByTestId('order-refund').first().textContent()).toContain(formatPriceFen(totalAmount));
    const after = (await apiCall<{ balance: { available: number } }>(userAccountDetail, {}, buyer)).data.balance
      .available;
    expect(after).toBe(before);
    await docShot(mobile, 'ops-buyer-refunded');
    await mobile.context().close();

    // The customer-service member logs out; an operator reads the audit of that order.
    await desk.getByTestId('ops-logout').click();
    await expect.poll(() => desk.getByTestId('ops-login').count()).toBe(1);
    await desk.getByTestId('ops-username').fill('ops-operator');
    await desk.getByTestId('ops-password').fill('demo-ops-123');
    await desk.getByTestId('ops-login').click();
    await desk.getByTestId('ops-tab-audit').click();
    await desk.getByTestId('ops-audit-order').fill(orderId);
    await desk.getByTestId('ops-audit-search').click();
    const rows = desk.getByTestId('ops-audit-row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(0).getAttribute('data-action')).toBe('support.close');
    expect(await rows.nth(1).getAttribute('data-action')).toBe('order.refund');
    expect(await rows.nth(1).textContent()).toContain('拒绝收货 → 已退回');
    expect(await rows.nth(1).textContent()).toContain('演示客服');
    expect(await rows.nth(2).getAttribute('data-action')).toBe('order.note');
    await desk.getByTestId('ops-audit-order').fill('');
    await desk.getByTestId('ops-audit-search').click();
    await expect.poll(() => rows.count()).toBeGreaterThan(2);
    await docShot(desk, 'ops-audit');
    expect(await desk.getByTestId('ops-tab-staff').count()).toBe(0);

    // An admin manages the staff (员工) and anyone sets up their second factor (安全设置).
    await desk.getByTestId('ops-logout').click();
    await desk.getByTestId('ops-username').fill('ops-admin');
    await desk.getByTestId('ops-password').fill('demo-ops-123');
    await desk.getByTestId('ops-login').click();
    await desk.getByTestId('ops-tab-staff').click();
    await expect.poll(() => desk.getByTestId('ops-staff-row').count()).toBeGreaterThanOrEqual(3);
    expect(await desk.locator('[data-testid="ops-staff-row"][data-username="ops-cs"]').textContent()).toContain(
      '演示客服',
    );
    await docShot(desk, 'ops-staff');
    await desk.getByTestId('ops-tab-security').click();
    await desk.getByTestId('ops-totp-start').click();
    await expect.poll(() => desk.getByTestId('ops-totp-secret').textContent()).toMatch(/^[A-Z2-7]{32}$/);
    await docShot(desk, 'ops-security');
    await desk.context().close();
  });
});
