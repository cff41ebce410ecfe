import { itemConfirm } from '@app/protocol/calls/orders';
import { extractSave } from '@app/protocol/calls/withdrawal';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DESKTOP, hook, launchBrowser } from '../browser';
import { docShot, phoneNumber, staffDesk } from './market-helpers';
import {
  gameLogin,
  idNumber,
  JOURNEY_PAY_PIN,
  paidAndDelivered,
  sellerAccounts,
  sellerListsCoins,
  setPayPin,
} from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** 仙侠's market accounts 01–19: no other journey binds them (三国's are all taken; 仙侠's broker order uses 20–29, the auction 30–45). */
const GAME = '/demo-xianxia';
const NARROW = { viewport: { width: 1024, height: 768 } } as const;
const beijingDay = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The same page at 1024 px, kept beside the 1440 px one. */
async function shotsOf(page: Page, name: string, fullPage = false) {
  await docShot(page, name, fullPage);
  await page.setViewportSize(NARROW.viewport);
  await docShot(page, `${name}-1024`, fullPage);
  await page.setViewportSize(DESKTOP.viewport);
}

describe('财务: 提现审核, 对账, 账务', () => {
  it('财务 signs in, refuses one payout with a reason and approves another, reads the day’s reconciliation with its mismatch, and the ledger', async () => {
    // A seller's ¥190 from a sale, after the protection window (the journeys' review threshold is ¥150).
    const buyerGame = await gameLogin('buyer1', GAME);
    const listed = await sellerListsCoins({
      accounts: sellerAccounts(1, 19),
      serverId: buyerGame.serverId,
      coins: 20_000,
      priceFen: 20_000,
      realName: '钱对账',
      birth: '19870707',
      idBase: 600,
      phonePrefix: '137',
      game: GAME,
    });
    const { orderId, buyer } = await paidAndDelivered({
      buyerGame,
      commodityId: listed.commodityId,
      phone: phoneNumber('138'),
      realName: '孙买家',
      idCard: idNumber('19910404', '135'),
    });
    expect((await apiCall(itemConfirm, { orderId }, buyer)).code).toBe('200');
    await hook('/dev/sweep', { aheadMinutes: 25 * 60 });
    const seller = await hook<{ token: string; uid: string }>('/dev/session', { phone: listed.phone });
    await setPayPin(listed.phone);
    const withdraw = (accountNo: string) =>
      apiCall<{ id: string; status: string }>(
        extractSave,
        { amount: 16_000, accountType: 'alipay', accountNo, accountName: '钱对账', payPassword: JOURNEY_PAY_PIN },
        { 'x-token': seller.token },
      );
    const first = await withdraw(listed.phone);
    expect(first.data.status).toBe('in_review');

    // 财务 signs in: the money tabs and nothing of orders or merchants.
    const desk = await staffDesk(browser, 'ops-finance', 'demo-fin-123');
    await expect.poll(() => desk.getByTestId('ops-who').textContent()).toContain('财务');
    expect(await desk.getByTestId('ops-tab-refused').count()).toBe(0);
    expect(await desk.getByTestId('ops-tab-merchants').count()).toBe(0);
    await desk.getByTestId('ops-tab-withdrawals').click();
    const row = (id: string) => desk.locator(`[data-testid="ops-withdrawal-row"][data-withdrawal-id="${id}"]`);
    await row(first.data.id).waitFor();
    const text = (await row(first.data.id).textContent()) ?? '';
    expect(text).toContain(seller.uid);
    expect(text).toContain(`${listed.phone.slice(0, 3)}****${listed.phone.slice(-4)}`);
    expect(text).not.toContain(listed.phone);
    expect(text).toContain('¥160.00');
    expect(text).toContain('实名一致');
    expect(text).toContain('超过审核金额');
    expect(text).toContain('首次提现');
    await shotsOf(desk, 'ops-withdrawals');

    // Refuse: the reason is required (an empty one is refused in the dialog), then the money goes back.
    await row(first.data.id).getByTestId('ops-withdrawal-refuse').click();
    await desk.getByTestId('ops-withdrawal-dialog-confirm').click();
    await expect
      .poll(() => desk.getByTestId('ops-withdrawal-dialog-error').textContent())
      .toContain('请填写不通过的原因');
    await desk.getByTestId('ops-withdrawal-reason').fill('收款账户需核实');
    await docShot(desk, 'ops-withdrawal-refuse');
    await desk.getByTestId('ops-withdrawal-dialog-confirm').click();
    await expect.poll(() => row(first.data.id).count()).toBe(0);
    await desk.getByTestId('ops-withdrawal-view-all').click();
    await expect.poll(() => row(first.data.id).getAttribute('data-status')).toBe('refused');
    expect(await row(first.data.id).textContent()).toContain('审核未通过：收款账户需核实');

    // A second request, to an account the sandbox leaves unanswered when paying; 财务 approves it.
    const second = await withdraw('13800009999');
    expect(second.data.status).toBe('in_review');
    await desk.getByTestId('ops-withdrawal-view-review').click();
    await row(second.data.id).getByTestId('ops-withdrawal-approve').click();
    await desk.getByTestId('ops-withdrawal-dialog-confirm').click();
    await expect.poll(() => row(second.data.id).count()).toBe(0);
    // The sweep pays it: the provider gives no answer yet, so ours waits (打款结果待确认).
    await hook('/dev/sweep', { aheadMinutes: 0 });
    await desk.getByTestId('ops-withdrawal-view-open').click();
    await expect.poll(() => row(second.data.id).getAttribute('data-status')).toBe('unknown');
    expect(await row(second.data.id).textContent()).toContain('打款结果待确认');

    // 对账 for today: the provider's record says paid, ours does not — listed, not fixed.
    await desk.getByTestId('ops-tab-reconcile').click();
    await desk.getByTestId('ops-reconcile-day').fill(beijingDay());
    await desk.getByTestId('ops-reconcile-run-button').click();
    const result = desk.getByTestId('ops-reconcile-result');
    await result.waitFor();
    const line = result.getByTestId('ops-reconcile-line').filter({ hasText: `#${second.data.id}` });
    await expect.poll(() => line.textContent()).toContain('打款未结，待渠道结果');
    expect(await line.textContent()).toContain('unknown');
    expect(await line.textContent()).toContain('paid');
    expect(Number(await result.getByTestId('ops-reconcile-mismatches').first().textContent())).toBeGreaterThanOrEqual(
      1,
    );
    await expect.poll(() => desk.getByTestId('ops-reconcile-history-row').count()).toBeGreaterThanOrEqual(1);
    await shotsOf(desk, 'ops-reconcile');

    // 账务: the books balance; the seller's account by uid with its transfers; fee income.
    await desk.getByTestId('ops-tab-ledger').click();
    await expect.poll(() => desk.getByTestId('ops-ledger-balanced').textContent()).toBe('账目平衡');
    await desk.getByTestId('ops-ledger-uid').fill(seller.uid);
    await desk.getByTestId('ops-ledger-search').click();
    await desk.getByTestId('ops-ledger-account').first().click();
    await expect.poll(() => desk.getByTestId('ops-ledger-transfer').count()).toBeGreaterThanOrEqual(3);
    expect(await desk.getByTestId('ops-ledger-transfers').textContent()).toContain('出售收入');
    await expect.poll(() => desk.getByTestId('ops-fee-row').count()).toBeGreaterThanOrEqual(1);
    await shotsOf(desk, 'ops-ledger', true);

    // Both decisions are in 操作日志 under 财务's name.
    await desk.getByTestId('ops-tab-audit').click();
    const audit = desk.getByTestId('ops-audit-row');
    await expect.poll(() => audit.count()).toBeGreaterThanOrEqual(3);
    const actions = await desk
      .getByTestId('ops-audit-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
    expect(actions).toEqual(expect.arrayContaining(['withdrawal.approve', 'withdrawal.refuse', 'reconcile.run']));
    await desk.context().close();
  });
});
