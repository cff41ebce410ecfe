import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hook, launchBrowser, MOBILE } from '../browser';
import { docShot, phoneNumber, staffDesk } from './market-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Finds a player by phone on 查找 and opens his page. */
async function openUser(desk: Page, phone: string) {
  await desk.getByRole('button', { name: '查找用户', exact: true }).click();
  await desk.getByTestId('ops-search-input').fill(phone);
  await desk.getByTestId('ops-search-submit').click();
  await desk.getByTestId('ops-search-open-user').first().click();
  await desk.getByTestId('ops-user-page').waitFor();
}

describe('运营 and 客服 at 1440 px: a player found, banned with a reason he reads, and let back in', () => {
  it('客服 sees the player without the actions; 运营 bans (an empty reason refused), the player reads why, 运营 lifts it', async () => {
    const phone = phoneNumber('135');
    const session = await hook<{ token: string; uid: string }>('/dev/session', { phone });
    const player = await (await browser.newContext(MOBILE)).newPage();
    await player.goto(`${baseUrl()}/h5/pages/index/index`);
    await player.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('uid', s.uid);
    }, session);

    // 客服 finds him (a wrong query first) and reads his page; the actions are not 客服's.
    const cs = await staffDesk(browser, 'ops-cs', 'demo-cs-123');
    await cs.getByRole('button', { name: '查找用户', exact: true }).click();
    await cs.getByTestId('ops-search-submit').click();
    await cs.locator('.ops-error').filter({ hasText: '请输入' }).first().waitFor();
    await openUser(cs, phone);
    expect(await cs.getByTestId('ops-user-actions').count()).toBe(0);
    expect(await cs.getByTestId('ops-user-page').textContent()).toContain('由运营或管理员操作');
    await cs.context().close();

    // 运营 bans him for 7 days: the reason is required, then the page says 已封禁.
    const ops = await staffDesk(browser, 'ops-operator', 'demo-ops-123');
    await openUser(ops, phone);
    await ops.getByTestId('ops-user-action-ban').click();
    await ops.getByTestId('ops-user-action-dialog-confirm').click();
    await ops.getByTestId('ops-user-action-dialog-error').waitFor();
    await ops.getByTestId('ops-user-action-reason').fill('多次恶意拒绝收货，封禁7天');
    await ops.getByTestId('ops-user-action-dialog-confirm').click();
    await ops.getByTestId('ops-user-banned').waitFor();
    await docShot(ops, 'ops-operator-banned');

    // The player's next page answers the ban with its reason, not a blank page.
    await player.goto(`${baseUrl()}/h5/pages/userCenter/index`);
    await expect.poll(() => player.locator('body').textContent(), { timeout: 15_000 }).toContain('封禁');
    await docShot(player, 'ops-operator-player-banned');

    // Lifted (with a reason): he signs in again and his pages work.
    await ops.getByTestId('ops-user-action-unban').click();
    await ops.getByTestId('ops-user-action-reason').fill('申诉核实，解除封禁');
    await ops.getByTestId('ops-user-action-dialog-confirm').click();
    await expect.poll(() => ops.getByTestId('ops-user-banned').count()).toBe(0);
    await ops.context().close();
    const again = await hook<{ token: string; uid: string }>('/dev/session', { phone });
    await player.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('uid', s.uid);
    }, again);
    await player.goto(`${baseUrl()}/h5/pages/userCenter/index`);
    await player.getByTestId('my-coupon-entry').waitFor();
    expect(await player.locator('body').textContent()).not.toContain('封禁');
    await player.context().close();
  });
});
