import { itemConfirm } from '@app/protocol/calls/orders';
import { extractSave } from '@app/protocol/calls/withdrawal';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, hook, launchBrowser, MOBILE, screenshot, signedInPage } from '../browser';
import { phoneNumber } from './market-helpers';
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

/** 三国's market accounts 01–12: no other journey binds them (account pages use 40–45, the broker trade 30–35). */
const GAME = '/demo-sanguo';

describe('the wallet statement (资金明细)', () => {
  it('shows a sale as 待入账 with its day, then in the balance, a withdrawal frozen, filtered by kind, on a phone and on a PC', async () => {
    const buyerGame = await gameLogin('buyer1', GAME);
    const listed = await sellerListsCoins({
      accounts: sellerAccounts(1, 12),
      serverId: buyerGame.serverId,
      coins: 20_000,
      priceFen: 20_000,
      realName: '钱明细',
      birth: '19860606',
      idBase: 500,
      phonePrefix: '131',
      game: GAME,
    });
    const { orderId, buyer } = await paidAndDelivered({
      buyerGame,
      commodityId: listed.commodityId,
      phone: phoneNumber('132'),
      realName: '孙买家',
      idCard: idNumber('19910303', '246'),
    });
    expect((await apiCall(itemConfirm, { orderId }, buyer)).code).toBe('200');
    const seller = await hook<{ token: string; uid: string }>('/dev/session', { phone: listed.phone });
    const url = (scene: string) => `${baseUrl()}/${scene}/pages/userCenter/fundDetail/fundDetail`;

    // 待入账 with the day it settles; the balance has no line yet.
    const phone = await signedInPage(browser, MOBILE, seller, `${baseUrl()}/h5/pages/userCenter/index`);
    await phone.getByTestId('my-statement-entry').click();
    await expect.poll(() => phone.getByTestId('statement-pending').textContent()).toContain('待入账¥190.00');
    expect(await phone.getByTestId('statement-settle-day').textContent()).toMatch(/^预计\d{4}\/\d{1,2}\/\d{1,2}入账$/);
    await phone.getByTestId('statement-empty').waitFor();
    await screenshot(phone, 'statement-pending-390');

    // After the protection window the sale is in the balance; a withdrawal is frozen with its fee.
    await hook('/dev/sweep', { aheadMinutes: 25 * 60 });
    await setPayPin(listed.phone);
    const wd = await apiCall(
      extractSave,
      {
        amount: 10_000,
        accountType: 'alipay',
        accountNo: listed.phone,
        accountName: '钱明细',
        payPassword: JOURNEY_PAY_PIN,
      },
      { 'x-token': seller.token },
    );
    expect(wd.code).toBe('200');
    await phone.reload();
    const lines = phone.getByTestId('statement-line');
    await expect.poll(() => lines.count()).toBe(3);
    expect(await lines.allTextContents()).toEqual([
      expect.stringMatching(/^提现手续费冻结中.*流水号 LS\d{16}−¥1\.00余额 ¥90\.00$/),
      expect.stringMatching(/^提现冻结中.*−¥99\.00余额 ¥91\.00$/),
      expect.stringMatching(/^出售收入.*订单 .*\+¥190\.00余额 ¥190\.00$/),
    ]);
    expect(await phone.getByTestId('statement-pending').count()).toBe(0);
    await screenshot(phone, 'statement-390');
    await phone.getByTestId('statement-kind-sale').click();
    await expect.poll(() => lines.count()).toBe(1);
    await phone.getByTestId('statement-order').click();
    await phone.waitForURL(/orderDetail/);
    await phone.context().close();

    const narrow = await signedInPage(browser, { ...MOBILE, viewport: { width: 320, height: 640 } }, seller, url('h5'));
    await expect.poll(() => narrow.getByTestId('statement-line').count()).toBe(3);
    const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(narrow, 'statement-320');
    await narrow.context().close();

    const pc = await signedInPage(browser, DESKTOP, seller, url('web'));
    await expect.poll(() => pc.getByTestId('statement-table').locator('tbody tr').count()).toBe(3);
    await pc.getByTestId('pc-menu-walletStatement').waitFor();
    await screenshot(pc, 'statement-1440');
    await pc.getByTestId('statement-kind-withdrawal').click();
    await expect.poll(() => pc.getByTestId('statement-line').count()).toBe(2);
    const thisMonth = await pc.getByTestId('statement-month').locator('option').nth(1).getAttribute('value');
    await pc.getByTestId('statement-month').selectOption(thisMonth as string);
    await expect.poll(() => pc.getByTestId('statement-line').count()).toBe(2);
    await pc.getByTestId('statement-month').selectOption({ index: 2 });
    await pc.getByTestId('statement-empty').filter({ hasText: '该条件下暂无资金明细' }).waitFor();
    await pc.context().close();
  });
});
