import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hook, launchBrowser, MOBILE } from '../browser';
import { docShot, logIn, phoneNumber, staffDesk } from './market-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('运营 at 1440 px: a coupon campaign made, granted to a player, and seen by him', () => {
  it('creates a campaign (a bad amount refused), grants it by phone, and the player finds the coupon on 我的优惠券', async () => {
    const phone = phoneNumber('136');
    await hook('/dev/session', { phone });
    const ops = await staffDesk(browser, 'ops-operator', 'demo-ops-123');
    await ops.getByTestId('ops-tab-coupons').click();
    await ops.getByTestId('ops-coupons-list').waitFor();
    await ops.getByTestId('ops-coupons-new').click();
    await ops.getByTestId('ops-coupons-title').fill('双十二角色补贴');
    await ops.getByTestId('ops-coupons-name').fill('角色满300减20');
    await ops.getByTestId('ops-coupons-amount').fill('20');
    await ops.getByTestId('ops-coupons-threshold').fill('10');
    await ops.getByTestId('ops-coupons-create').click();
    expect(await ops.getByTestId('ops-coupons-form-error').textContent()).toBe('优惠金额须小于使用门槛');
    await ops.getByTestId('ops-coupons-threshold').fill('300');
    await ops.getByTestId('ops-coupons-budget-count').fill('100');
    await docShot(ops, 'ops-coupons-form');
    await ops.getByTestId('ops-coupons-create').click();
    const row = ops.getByTestId('ops-coupons-row').filter({ hasText: '双十二角色补贴' });
    await row.waitFor();

    await row.getByTestId('ops-coupons-grant').click();
    await ops.getByTestId('ops-coupons-grant-who').fill(phone);
    await ops.getByTestId('ops-coupons-grant-dialog-confirm').click();
    await ops.getByTestId('ops-coupons-grant-dialog-error').waitFor();
    await ops.getByTestId('ops-coupons-grant-reason').fill('用户回访补偿');
    await ops.getByTestId('ops-coupons-grant-dialog-confirm').click();
    expect(await ops.getByTestId('ops-coupons-grant-result').textContent()).toContain('已发放给 1 人，共 1 张');
    await ops.getByTestId('ops-coupons-grant-dialog-confirm').click();
    await expect.poll(() => row.getByTestId('ops-coupons-granted').textContent()).toContain('1 张 · 1 人');
    await docShot(ops, 'ops-coupons-list');
    await ops.context().close();

    const player = await (await browser.newContext(MOBILE)).newPage();
    await player.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(player, phone);
    await player.goto(`${baseUrl()}/h5/pages/userCenter/myCoupon/myCoupon`);
    const coupon = player.getByTestId('coupon').filter({ hasText: '角色满300减20' });
    await coupon.waitFor();
    expect(await coupon.textContent()).toContain('满¥300.00可用');
    await docShot(player, 'ops-coupons-player');
    await player.context().close();
  });
});
