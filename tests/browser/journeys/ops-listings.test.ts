import { myCommodity } from '@app/protocol/calls/consignment-shelf';
import { gameTokenLogin } from '@app/protocol/calls/game';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, launchBrowser, MOBILE } from '../browser';
import { docShot, logIn, phoneNumber, staffDesk, useSession } from './market-helpers';
import { FREEZE_ACCOUNT, gameLogin } from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** 运营 finds a listing by its id on 查找用户. */
async function findListing(desk: Page, listingId: string) {
  await desk.getByRole('button', { name: '查找用户', exact: true }).click();
  await desk.getByTestId('ops-search-input').fill(listingId);
  await desk.getByTestId('ops-search-submit').click();
  const hit = desk.locator('[data-testid="ops-search-hit"][data-kind="listing"]');
  await hit.first().waitFor();
  return hit.first();
}

/** A market account's web session, from its game login. */
async function sellerSession(account: string): Promise<{ token: string; uid: string }> {
  const login = await apiCall<{ token: string; uid: string }>(gameTokenLogin, await gameLogin(account));
  return login.data;
}

/** Confirms the open listing dialog with a reason. */
async function confirmWith(desk: Page, reason: string) {
  await desk.getByTestId('ops-listing-action-reason').fill(reason);
  await desk.getByTestId('ops-listing-action-dialog-confirm').click();
  await desk.getByTestId('ops-listing-action-dialog').waitFor({ state: 'detached' });
}

describe('运营 at 1440 px freezes a listing suspected of a stolen account: buyer and seller read why, then it is unfrozen', () => {
  it('an empty reason is refused; frozen, the buyer cannot buy or 还价 and the seller reads the reason on his shelf; unfrozen, it sells again', async () => {
    // seller48's role, which the demo market put on sale (no other journey uses him or buys it).
    const seller = await sellerSession(FREEZE_ACCOUNT);
    const shelf = await apiCall<{ list: Array<{ id: string; type: number; status: number }> }>(
      myCommodity,
      { tab: 'all', pageNum: 1, pageSize: 20 },
      { 'x-token': seller.token },
    );
    const role = shelf.data.list.find((l) => l.type === 1 && l.status === 1);
    if (!role) throw new Error(`${FREEZE_ACCOUNT} has no role on sale`);
    const listing = { commodityId: role.id };

    // A buyer has its page open: on sale, 立即购买.
    const buyer = await (await browser.newContext(MOBILE)).newPage();
    await buyer.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(buyer, phoneNumber('137'));
    const detail = `${baseUrl()}/h5/pages/commodityDetail/index?id=${listing.commodityId}`;
    await buyer.goto(detail);
    await expect.poll(() => buyer.getByTestId('buy-button').isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await buyer.getByTestId('frozen-notice').count()).toBe(0);

    // 运营 finds it by its id and freezes it: without a reason the dialog says so and nothing moves.
    const ops = await staffDesk(browser, 'ops-operator', 'demo-ops-123');
    let hit = await findListing(ops, listing.commodityId);
    await hit.getByTestId('ops-listing-freeze').click();
    await ops.getByTestId('ops-listing-action-dialog-confirm').click();
    await ops.getByTestId('ops-listing-action-dialog-error').waitFor();
    expect(await ops.getByTestId('ops-listing-action-dialog-error').textContent()).toMatch(/原因/);
    await ops.getByTestId('ops-listing-action-dialog').getByRole('button', { name: '取消' }).click();
    await buyer.reload();
    await expect.poll(() => buyer.getByTestId('buy-button').isEnabled(), { timeout: 15_000 }).toBe(true);

    const reason = '疑似被盗账号，核实中';
    await hit.getByTestId('ops-listing-freeze').click();
    await confirmWith(ops, reason);
    hit = await findListing(ops, listing.commodityId);
    await hit.getByTestId('ops-listing-unfreeze').waitFor();
    expect(await hit.getByTestId('ops-listing-freeze').count()).toBe(0);
    await docShot(ops, 'ops-listing-frozen');

    // The buyer's page says 已冻结 with the reason; neither 立即购买 nor 还价 is offered.
    await buyer.reload();
    await buyer.getByTestId('frozen-notice').waitFor({ timeout: 15_000 });
    expect(await buyer.getByTestId('frozen-reason').textContent()).toBe(reason);
    expect(await buyer.getByTestId('buy-button').isDisabled()).toBe(true);
    expect(await buyer.getByTestId('buy-button').textContent()).toBe('已冻结');
    expect(await buyer.getByTestId('offer-button').count()).toBe(0);
    await docShot(buyer, 'ops-listing-buyer-frozen');

    // The seller's shelf shows it 已冻结 with the platform's reason and no action of his.
    const shelfPage = await (await browser.newContext(MOBILE)).newPage();
    await shelfPage.goto(`${baseUrl()}/h5/pages/index/index`);
    await useSession(shelfPage, seller);
    await shelfPage.goto(`${baseUrl()}/h5/pages/userCenter/saleShelf/saleShelf`);
    const item = shelfPage.locator(`[data-testid="shelf-item"][data-commodity-id="${listing.commodityId}"]`);
    await item.waitFor({ timeout: 15_000 });
    expect(await item.getByTestId('shelf-status').textContent()).toContain('已冻结');
    expect(await item.textContent()).toContain(`平台冻结：${reason}`);
    expect(await item.getByTestId('shelf-downShelf').count()).toBe(0);
    await docShot(shelfPage, 'ops-listing-seller-frozen');
    await shelfPage.context().close();

    // Unfrozen (its reason kept in the audit): the buyer can buy it again.
    await hit.getByTestId('ops-listing-unfreeze').click();
    await confirmWith(ops, '核实为本人出售，解除冻结');
    hit = await findListing(ops, listing.commodityId);
    await hit.getByTestId('ops-listing-freeze').waitFor();
    await buyer.reload();
    await expect.poll(() => buyer.getByTestId('buy-button').isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await buyer.getByTestId('frozen-notice').count()).toBe(0);

    // Both moves are in 操作日志, with their reasons.
    await ops.getByRole('button', { name: '操作日志', exact: true }).click();
    await expect
      .poll(() => ops.locator('body').textContent(), { timeout: 15_000 })
      .toContain('核实为本人出售，解除冻结');
    expect(await ops.locator('body').textContent()).toContain(reason);
    await buyer.context().close();
    await ops.context().close();
  });
});
