import { brokerServerAll } from '@app/protocol/calls/broker';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, launchBrowser, MOBILE } from '../browser';
import { approvedMerchant, BROKER_GAME, brokerListing, namedPerson } from './broker-setup';
import { docShot, logIn, newPage, toast } from './market-helpers';

/**
 * 退出商户 (issue 31): an approved merchant leaves the channel from 商人中心 after a confirm; with a
 * listing on sale the server's refusal is shown as it comes, nothing changes; delisted, he leaves
 * and the page offers 重新申请. On a phone (390 px and 320 px) and a PC.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const SMALL = { ...MOBILE, viewport: { width: 320, height: 640 } } as const;

async function center(page: Page, phone: string, scene: 'h5' | 'web') {
  await page.goto(`${baseUrl()}/${scene}/pages/index/index`);
  await logIn(page, phone);
  await page.goto(`${baseUrl()}/${scene}/pages/broker/merchantCenter?applicationId=${BROKER_GAME}`);
  await page.getByTestId('merchant-shop').waitFor();
}

describe('退出商户 on the merchant page', () => {
  it('refuses while a listing is on sale, then leaves once it is delisted', async () => {
    const me = await namedPerson('135', '周退出', '19860606', '801');
    await approvedMerchant(me.headers, '退出测试金铺');
    const servers = await apiCall<{ list: Array<{ serverId: string }> }>(brokerServerAll, {
      applicationId: BROKER_GAME,
    });
    const serverId = servers.data.list[0]!.serverId;
    const listing = await brokerListing(me.headers, { serverId, unitPrice: 150, stock: 200_000 });

    const phone = await newPage(browser, MOBILE);
    await center(phone, me.phone, 'h5');
    await phone.getByTestId('merchant-leave').click();
    await phone.getByTestId('modal-button-确认退出').waitFor();
    await docShot(phone, 'merchant-leave-confirm-phone');
    await phone.getByTestId('modal-button-确认退出').click();
    await toast(phone, '您有出售中的商品，请先下架或将库存清零后再退出商户');
    await phone.getByTestId('merchant-shop').waitFor();

    const small = await (await browser.newContext(SMALL)).newPage();
    await center(small, me.phone, 'h5');
    await docShot(small, 'merchant-leave-320');
    const pc = await newPage(browser, DESKTOP);
    await center(pc, me.phone, 'web');
    await docShot(pc, 'merchant-leave-pc');

    // Delisted: he leaves.
    const row = phone.locator(`[data-commodity-id="${listing.commodityId}"]`);
    await row.getByRole('button', { name: '下架' }).click();
    await phone.getByTestId('modal-button-确认下架').click();
    await toast(phone, '已下架');
    await phone.getByTestId('merchant-leave').click();
    await phone.getByTestId('modal-button-确认退出').click();
    await toast(phone, '已退出商户');
    await phone.getByTestId('merchant-status-word').filter({ hasText: '已退出' }).waitFor();
    await phone.getByTestId('merchant-apply-entry').filter({ hasText: '重新申请' }).waitFor();
    await docShot(phone, 'merchant-left-phone');

    await pc.reload();
    await pc.getByTestId('merchant-status-word').filter({ hasText: '已退出' }).waitFor();
    await docShot(pc, 'merchant-left-pc');
  });
});
