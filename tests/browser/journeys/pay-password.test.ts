import { h5sdkOrderPlace, itemConfirm } from '@app/protocol/calls/orders';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, hook, launchBrowser, MOBILE, signedInPage } from '../browser';
import { docShot, phoneNumber, toast } from './market-helpers';
import {
  gameLogin,
  idNumber,
  JOURNEY_PAY_PIN,
  outbox,
  paidAndDelivered,
  sellerAccounts,
  sellerListsCoins,
  setPayPin,
  tapPin,
} from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** 三国's market accounts 13–18: no other journey binds them (the statement uses 01–12, the broker trade 30–35). */
const GAME = '/demo-sanguo';
const NARROW = { ...MOBILE, viewport: { width: 320, height: 640 } };
const cashierUrl = (scene: string, orderId: string) =>
  `${baseUrl()}/${scene}/pages/orderNew/cashier/cashier?orderId=${orderId}`;
/** The sheet slides up: shot once its animation is over. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);
const noOverflow = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

describe('the payment password (支付密码)', () => {
  it('is set on its page with an SMS code, then asked on the keypad to pay from the balance and to withdraw', async () => {
    const buyerGame = await gameLogin('buyer1', GAME);
    const common = { serverId: buyerGame.serverId, realName: '钱密码', birth: '19850505', idBase: 600, game: GAME };
    const sold = await sellerListsCoins({
      ...common,
      accounts: sellerAccounts(13, 18),
      coins: 20_000,
      priceFen: 20_000,
      phonePrefix: '145',
    });
    const other = await sellerListsCoins({
      ...common,
      accounts: sellerAccounts(13, 18),
      coins: 5_000,
      priceFen: 5_000,
      phonePrefix: '146',
      lots: 2,
    });
    const buyerPhone = phoneNumber('147');
    const { orderId, buyer } = await paidAndDelivered({
      buyerGame,
      commodityId: sold.commodityId,
      phone: buyerPhone,
      realName: '孙密码',
      idCard: idNumber('19910404', '357'),
    });
    expect((await apiCall(itemConfirm, { orderId }, buyer)).code).toBe('200');
    await hook('/dev/sweep', { aheadMinutes: 25 * 60 });

    // The buyer has none yet: the keypad sheet sends him to set one (an SMS code, six digits twice)
    // and the page brings him back; 我的 › 设置 › 账号与安全 then says 已设置.
    const buyerSession = await hook<{ token: string; uid: string }>('/dev/session', { phone: buyerPhone });
    const withdrawUrl = `${baseUrl()}/h5/pages/userCenter/cashWithdrawal/cashWithdrawal`;
    const phone = await signedInPage(browser, MOBILE, buyerSession, withdrawUrl);
    await phone.getByTestId('withdraw-pin-link').filter({ hasText: '设置支付密码' }).waitFor();
    await phone.getByTestId('withdraw-amount').fill('10');
    await phone.getByTestId('withdraw-account').fill(buyerPhone);
    await phone.getByTestId('withdraw-name').fill('孙密码');
    await phone.getByTestId('withdraw-submit').click();
    await phone.getByTestId('pay-password-not-set').waitFor();
    await settled(phone);
    await docShot(phone, 'pay-password-not-set-390');
    await phone.getByTestId('pay-password-set-link').click();
    await phone.getByTestId('pay-password-form').waitFor();
    expect(await phone.getByTestId('pay-password-panel').getAttribute('data-mode')).toBe('set');
    await phone.getByTestId('sms-button').click();
    await toast(phone, '发送成功');
    const code = (await outbox(buyerPhone)).filter((m) => m.smsType === 'verifyCode').at(-1)?.code as string;
    await phone.getByTestId('pay-password-code').fill(code);
    await docShot(phone, 'pay-password-set-390');
    await phone.getByTestId('pay-password-next').click();
    await tapPin(phone, '111111', 'new-pin');
    await expect
      .poll(() => phone.getByTestId('pay-password-pin-error').textContent())
      .toBe('支付密码不能是相同或连续的数字');
    await tapPin(phone, JOURNEY_PAY_PIN, 'new-pin');
    await expect.poll(() => phone.getByTestId('pay-password-prompt').textContent()).toBe('请再次输入以确认');
    await docShot(phone, 'pay-password-confirm-390');
    await tapPin(phone, JOURNEY_PAY_PIN, 'new-pin');
    await toast(phone, '支付密码设置成功');
    await phone.waitForURL(/cashWithdrawal/);
    await phone.getByTestId('withdraw-pin-link').filter({ hasText: '忘记或重置支付密码' }).waitFor();
    await phone.goto(`${baseUrl()}/h5/pages/userCenter/settingPage/settingPage`);
    await phone.getByTestId('settings-pay-password').filter({ hasText: '已设置' }).waitFor();
    await phone.context().close();

    // The seller pays an order from his balance (¥190 from the sale): a wrong pin once, then the right one.
    await setPayPin(sold.phone);
    const seller = await hook<{ token: string; uid: string }>('/dev/session', { phone: sold.phone });
    const order = async (commodityId: string) => {
      const placed = await apiCall<{ orderId: string }>(
        h5sdkOrderPlace,
        { ...buyerGame, commodityId, requestKey: `pay-pin-${Date.now()}`, agreement: true },
        { 'x-token': seller.token },
      );
      expect(placed.code).toBe('200');
      return placed.data.orderId;
    };
    const first = await order(other.commodityIds[0] as string);
    const cashier = await signedInPage(browser, MOBILE, seller, cashierUrl('h5', first));
    await cashier.getByTestId('pay-channel-3').check();
    await cashier.getByTestId('pay-submit').click();
    await cashier.getByTestId('pay-password-sheet').waitFor();
    expect(await cashier.getByTestId('pay-password-amount').textContent()).toBe('¥50.00');
    expect(await cashier.locator('[data-testid="pay-password-sheet"] input').count()).toBe(0);
    await tapPin(cashier, '000001');
    await expect.poll(() => cashier.getByTestId('pay-password-error').textContent()).toBe('支付密码错误，还可尝试4次');
    expect(await cashier.getByTestId('pay-pin-dots').getAttribute('data-count')).toBe('0');
    await settled(cashier);
    await docShot(cashier, 'pay-password-wrong-390');
    await tapPin(cashier, JOURNEY_PAY_PIN);
    await cashier.waitForURL(/orderDetail/);

    // Then he withdraws to Alipay (the sandbox), with the pin.
    await cashier.goto(`${baseUrl()}/h5/pages/userCenter/cashWithdrawal/cashWithdrawal`);
    await expect.poll(() => cashier.getByTestId('wallet-balance').textContent()).toContain('¥140.00');
    await cashier.getByTestId('withdraw-amount').fill('100');
    await cashier.getByTestId('withdraw-account').fill(sold.phone);
    await cashier.getByTestId('withdraw-name').fill('钱密码');
    await cashier.getByTestId('withdraw-submit').click();
    await cashier.getByTestId('pay-password-sheet').waitFor();
    await settled(cashier);
    await docShot(cashier, 'pay-password-withdraw-390');
    await tapPin(cashier, JOURNEY_PAY_PIN);
    await toast(cashier, '提现申请已提交，等待审核');
    await expect.poll(() => cashier.getByTestId('withdraw-record').first().textContent()).toContain('审核中');
    await hook('/dev/sweep', { aheadMinutes: 1 });
    await cashier.reload();
    await expect.poll(() => cashier.getByTestId('withdraw-record').first().textContent()).toContain('已到账');

    // The statement shows each movement.
    await cashier.getByTestId('wallet-statement-link').click();
    const lines = cashier.getByTestId('statement-line');
    await expect.poll(() => lines.count()).toBe(4);
    expect(await lines.allTextContents()).toEqual([
      expect.stringMatching(/^提现手续费.*−¥1\.00余额 ¥40\.00$/),
      expect.stringMatching(/^提现.*−¥99\.00余额 ¥41\.00$/),
      expect.stringMatching(/^购买支付.*−¥50\.00余额 ¥140\.00$/),
      expect.stringMatching(/^出售收入.*\+¥190\.00余额 ¥190\.00$/),
    ]);
    await docShot(cashier, 'pay-password-statement-390');
    await cashier.context().close();

    // At 320 px the keypad fits.
    const narrow = await signedInPage(
      browser,
      NARROW,
      seller,
      `${baseUrl()}/h5/pages/userCenter/cashWithdrawal/cashWithdrawal`,
    );
    await narrow.getByTestId('withdraw-amount').fill('10');
    await narrow.getByTestId('withdraw-account').fill(sold.phone);
    await narrow.getByTestId('withdraw-name').fill('钱密码');
    await narrow.getByTestId('withdraw-submit').click();
    await narrow.getByTestId('pay-pin-key-0').waitFor();
    await noOverflow(narrow);
    await settled(narrow);
    await docShot(narrow, 'pay-password-withdraw-320');
    await narrow.goto(`${baseUrl()}/h5/pages/userCenter/payPassword/payPassword`);
    await narrow.getByTestId('pay-password-state').waitFor();
    await noOverflow(narrow);
    await docShot(narrow, 'pay-password-page-320');
    await narrow.context().close();

    // On a PC: the keypad in a centred dialog over the cashier, for the balance part (¥40 of ¥50) of a
    // combined payment, the rest through the sandbox; the set/reset page in the account area.
    const second = await order(other.commodityIds[1] as string);
    const pc = await signedInPage(browser, DESKTOP, seller, cashierUrl('web', second));
    await pc.getByTestId('pay-channel-5').check();
    await pc.getByTestId('pay-submit').click();
    await pc.getByTestId('pay-password-sheet').waitFor();
    expect(await pc.getByTestId('pay-password-amount').textContent()).toBe('¥40.00');
    await settled(pc);
    await docShot(pc, 'pay-password-cashier-1440');
    await tapPin(pc, JOURNEY_PAY_PIN);
    await pc.getByTestId('sandbox-pay').click();
    await pc.waitForURL(/orderDetail/);
    await pc.getByTestId('pc-menu-payPassword').click();
    await pc.getByTestId('pay-password-state').waitFor();
    expect(await pc.getByTestId('pay-password-panel').getAttribute('data-mode')).toBe('reset');
    await pc.getByTestId('pay-password-name').waitFor();
    await docShot(pc, 'pay-password-page-1440');
    await pc.context().close();
  });
});
