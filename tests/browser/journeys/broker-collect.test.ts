import { brokerServerAll, updateCommodityStock } from '@app/protocol/calls/broker';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, launchBrowser, MOBILE } from '../browser';
import { approvedMerchant, BROKER_GAME, brokerListing, namedPerson } from './broker-setup';
import { docShot, logIn, newPage, phoneNumber, toast } from './market-helpers';

/**
 * 收藏 of a broker listing (docs/decisions/0023-broker.md "Collections") on 传奇, whose channel the
 * demo opens: collected on its detail, found under 我的收藏 → 商人商品, greyed 已失效 once sold out
 * and cleared. Its people are new phones, so no other journey's accounts are touched.
 */
const GAME = BROKER_GAME;
let browser: Browser;
let serverId: string;

const rows = (page: Page) => page.getByTestId('broker-collect-row');
const rowOf = (page: Page, id: string) =>
  page.locator(`[data-testid="broker-collect-row"]:has([data-commodity-id="${id}"])`);

beforeAll(async () => {
  browser = await launchBrowser();
  const servers = await apiCall<{ list: Array<{ serverId: string }> }>(brokerServerAll, { applicationId: GAME });
  serverId = servers.data.list[0]!.serverId;
});
afterAll(() => browser.close());

/** A merchant approved through the console's API, with two listings on `serverId`. */
async function merchantWithListings() {
  const { headers } = await namedPerson('134', '周掌柜', '19940404', '731');
  await approvedMerchant(headers, '聚金收藏铺');
  const publish = (unitPrice: number, stock: number) => brokerListing(headers, { serverId, unitPrice, stock });
  return { headers, kept: await publish(145, 20_000_000), soldOut: await publish(132, 3_000_000) };
}

describe('收藏 a broker listing: on its detail, under 我的收藏 → 商人商品, 已失效 once sold out', () => {
  it('collects from the detail (login first), lists it, greys the sold-out one and clears it', async () => {
    const merchant = await merchantWithListings();
    const buyerPhone = phoneNumber('135');

    // Signed out, 收藏 leads to the login page.
    const phone = await newPage(browser, MOBILE);
    await phone.goto(`${baseUrl()}/h5/pages/broker/commodityDetail?commodityId=${merchant.kept.commodityId}`);
    const toggle = phone.getByTestId('broker-collect-toggle');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    const box = await toggle.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
    await toggle.click();
    await phone.waitForURL(/login/);

    // Signed in: collect both listings on their details.
    await logIn(phone, buyerPhone);
    for (const lot of [merchant.soldOut, merchant.kept]) {
      await phone.goto(`${baseUrl()}/h5/pages/broker/commodityDetail?commodityId=${lot.commodityId}`);
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
      expect(await toggle.textContent()).toBe('收藏');
      await toggle.click();
      await toast(phone, '收藏成功');
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      expect(await toggle.textContent()).toBe('已收藏');
    }
    // Still collected after a reload (the server's answer, not the page's memory).
    await phone.reload();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await phone.getByTestId('toast').waitFor({ state: 'detached' });
    await docShot(phone, 'broker-detail-collected-phone');

    // 我的收藏 → 商人商品: both, newest first, linking to their details.
    await phone.goto(`${baseUrl()}/h5/pages/userCenter/myCollect/index`);
    await phone.getByTestId('collect-tab-broker').click();
    await expect.poll(() => rows(phone).count()).toBe(2);
    expect(await phone.getByTestId('collect-tab-broker').getAttribute('aria-selected')).toBe('true');
    expect(await rows(phone).first().getByTestId('broker-card').getAttribute('data-commodity-id')).toBe(
      merchant.kept.commodityId,
    );
    expect(await phone.getByTestId('broker-clear-invalid').isDisabled()).toBe(true);

    // The merchant sells out one: it is greyed 已失效 on reload.
    const sold = await apiCall(
      updateCommodityStock,
      { commodityId: merchant.soldOut.commodityId, stock: 0 },
      merchant.headers,
    );
    expect(sold.code).toBe('200');
    await phone.reload();
    await expect.poll(() => rowOf(phone, merchant.soldOut.commodityId).getAttribute('data-invalid')).toBe('true');
    expect(await rowOf(phone, merchant.soldOut.commodityId).getByTestId('broker-invalid').textContent()).toBe('已失效');
    expect(await rowOf(phone, merchant.kept.commodityId).getAttribute('data-invalid')).toBe('false');
    await docShot(phone, 'broker-collections-phone');

    // The same tab at 1440 px.
    const pc = await newPage(browser, DESKTOP);
    await pc.goto(`${baseUrl()}/web/pages/index/index`);
    await logIn(pc, buyerPhone);
    await pc.goto(`${baseUrl()}/web/pages/userCenter/myCollect/index?tab=broker`);
    await expect.poll(() => rows(pc).count()).toBe(2);
    await docShot(pc, 'broker-collections-pc');

    // A card opens the listing's detail; 清除失效 removes the sold-out one only.
    await rowOf(phone, merchant.kept.commodityId).getByTestId('broker-card').click();
    await phone.waitForURL(new RegExp(`broker/commodityDetail\\?commodityId=${merchant.kept.commodityId}`));
    await phone.goBack();
    await phone.getByTestId('broker-clear-invalid').click();
    await phone.getByRole('button', { name: '确定' }).click();
    await toast(phone, '已清除失效商品（1）');
    await expect.poll(() => rows(phone).count()).toBe(1);
    expect(await rows(phone).first().getByTestId('broker-card').getAttribute('data-commodity-id')).toBe(
      merchant.kept.commodityId,
    );
  });
});
