import { brokerServerAll, brokerTotalFen, merchantApply, publishCommodity } from '@app/protocol/calls/broker';
import { formatPriceFen } from '@app/protocol/format';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, launchBrowser, MOBILE } from '../browser';
import { approvedMerchant, brokerListing, namedPerson } from './broker-setup';
import { docShot, logIn, newPage, toast } from './market-helpers';

/**
 * 商人卖币 (docs/decisions/0023-broker.md) on 传奇, whose channel the demo opens. Its people are new
 * phones (no game account is needed to be a merchant), so no other journey's accounts are touched.
 */
const GAME = 'demo-legend';
let browser: Browser;
let serverId: string;
let serverName: string;

/** A new phone with a real name: its session and its headers. */
const person = (prefix: string, realName: string, seq: number) =>
  namedPerson(prefix, realName, '19880808', String(seq));

/** Another merchant of the game, approved through the console's API, with one listing on `serverId`. */
async function otherMerchant(shopName: string, seq: number, unitPrice: number, stock: number) {
  const { headers } = await person('139', '钱商人', seq);
  await approvedMerchant(headers, shopName);
  return brokerListing(headers, { serverId, unitPrice, stock });
}

async function opsLogin(page: Page) {
  await page.goto(`${baseUrl()}/ops`);
  await page.getByTestId('ops-username').fill('ops-admin');
  await page.getByTestId('ops-password').fill('demo-ops-123');
  await page.getByTestId('ops-login').click();
  await page.getByTestId('ops-who').waitFor();
}

/** The listed cards among `ids`, in the list's order (the demo merchants' listings sit around them). */
const cardIds = async (page: Page, ids: readonly string[]) =>
  (
    await page.getByTestId('broker-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-commodity-id')))
  ).filter((id) => id !== null && ids.includes(id));

beforeAll(async () => {
  browser = await launchBrowser();
  const servers = await apiCall<{ list: Array<{ serverId: string; serverName: string }> }>(brokerServerAll, {
    applicationId: GAME,
  });
  serverId = servers.data.list[0]!.serverId;
  serverName = servers.data.list[0]!.serverName;
});
afterAll(() => browser.close());

describe('商人卖币: a merchant is approved, publishes stock, buyers see it, stock 0 takes it off the market', () => {
  it('applies, is approved in the console, publishes within bounds, shows in the list and detail, sells out', async () => {
    const shopName = '龙城金铺';
    const me = await person('137', '金掌柜', 701);
    // Another applicant, whom the operator turns down with a reason.
    const turnedDown = await person('136', '孙申请', 704);
    expect(
      (
        await apiCall(
          merchantApply,
          { applicationId: GAME, shopName: '低价金币批发', agreement: true },
          turnedDown.headers,
        )
      ).code,
    ).toBe('200');

    // The channel's entry sits beside the coin listings of the game.
    const phone = await newPage(browser, MOBILE);
    await phone.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(phone, me.phone);
    await phone.goto(`${baseUrl()}/h5/pages/commodityList/list?applicationId=${GAME}&type=2`);
    await phone.getByTestId('broker-entry').waitFor();
    await phone.getByTestId('commodity-card').first().waitFor();
    await docShot(phone, 'broker-entry-phone');
    await phone.getByTestId('broker-entry').click();
    await phone.waitForURL(/broker\/commodityList\?applicationId=demo-legend/);
    await phone.getByTestId('broker-merchant-entry').click();
    await phone.waitForURL(/broker\/merchantCenter/);
    await phone.getByTestId('merchant-apply-entry').click();

    // 商人入驻: the terms must be accepted; then 审核中.
    await phone.waitForURL(/broker\/merchantApply/);
    await phone.getByTestId('merchant-shop-name').fill(shopName);
    await phone.getByTestId('merchant-apply').click();
    await expect.poll(() => phone.getByTestId('merchant-problem').textContent()).toBe('请先阅读并同意商人服务协议');
    await phone.getByTestId('merchant-agree').check();
    await phone.getByTestId('merchant-apply').click();
    await expect.poll(() => phone.getByTestId('merchant-status-word').textContent()).toBe('审核中');
    expect(await phone.getByTestId('merchant-apply-form').count()).toBe(0);

    // The operator approves it with the credit recorded (none given: a zh-CN refusal first).
    const desk = await newPage(browser, DESKTOP);
    await opsLogin(desk);
    await desk.getByTestId('ops-tab-merchants').click();
    const row = desk.locator(`[data-testid="ops-merchant-row"][data-shop="${shopName}"]`);
    await expect.poll(() => row.getByTestId('ops-merchant-status').textContent()).toBe('审核中');
    await row.getByTestId('ops-merchant-approve').click();
    await desk.getByTestId('ops-merchant-confirm').click();
    await expect
      .poll(() => desk.getByTestId('ops-merchant-error').textContent())
      .toBe('请填写保证金或授信额度（元，最多2位小数）');
    await desk.getByTestId('ops-merchant-credit').fill('5000');
    await desk.getByTestId('ops-merchant-note').fill('实名已核验，保证金5000元');
    await docShot(desk, 'ops-merchants');
    await desk.getByTestId('ops-merchant-confirm').click();
    // Approved, it leaves the 审核中 list (and its form closes) before the next decision opens.
    await expect.poll(() => row.count()).toBe(0);
    const other = desk.locator('[data-testid="ops-merchant-row"][data-shop="低价金币批发"]');
    await other.getByTestId('ops-merchant-reject').click();
    await desk.getByTestId('ops-merchant-confirm').click();
    await expect.poll(() => desk.getByTestId('ops-merchant-error').textContent()).toBe('请填写原因（至少2个字）');
    await desk.getByTestId('ops-merchant-note').fill('店铺名称含引流词，请修改后重新申请');
    await desk.getByTestId('ops-merchant-confirm').click();
    await expect.poll(() => other.count()).toBe(0);
    await desk.getByTestId('ops-merchant-filter').selectOption('approved');
    await expect.poll(() => row.getByTestId('ops-merchant-status').textContent()).toBe('已开通');

    // Two more merchants of the game, so the list is a market.
    const dear = await otherMerchant('聚宝阁', 702, 168, 30_000_000);
    const cheap = await otherMerchant('天下金行', 703, 139, 8_000_000);

    // The one turned down sees 未通过 with the operator's reason, and may apply again.
    const refused = await newPage(browser, MOBILE);
    await refused.goto(`${baseUrl()}/h5/pages/index/index`);
    await logIn(refused, turnedDown.phone);
    await refused.goto(`${baseUrl()}/h5/pages/broker/merchantApply?applicationId=${GAME}`);
    await expect.poll(() => refused.getByTestId('merchant-status-word').textContent()).toBe('未通过');
    expect(await refused.getByTestId('merchant-note').textContent()).toBe('原因：店铺名称含引流词，请修改后重新申请');
    await refused.getByTestId('merchant-apply-form').waitFor();

    // 商人中心: publish within the game's bounds (a minimum below the game's is refused in its words).
    await phone.goto(`${baseUrl()}/h5/pages/broker/merchantCenter?applicationId=${GAME}`);
    await expect.poll(() => phone.getByTestId('merchant-shop').textContent()).toContain(shopName);
    await phone.getByTestId('publish-open').click();
    await phone.getByTestId('publish-server').selectOption(serverId);
    await phone.getByTestId('publish-gold').selectOption('2');
    await phone.getByTestId('publish-price').fill('1.5');
    await phone.getByTestId('publish-stock').fill('2000');
    await phone.getByTestId('publish-min').fill('0.5');
    await phone.getByTestId('publish-max').fill('500');
    await phone.getByTestId('publish-submit').click();
    await expect.poll(() => phone.getByTestId('publish-problem').textContent()).toBe('单笔最少数量不能低于1万');
    await phone.getByTestId('publish-min').fill('1');
    await phone.getByTestId('publish-submit').click();
    await toast(phone, '发布成功，商品已上架');
    await phone.getByTestId('toast').waitFor({ state: 'detached' });
    const mine = phone.getByTestId('my-listing').first();
    await expect.poll(() => mine.getByTestId('listing-status').textContent()).toBe('出售中');
    expect(await mine.getByTestId('listing-stock').textContent()).toBe('2000万');
    const commodityId = (await mine.getAttribute('data-commodity-id')) ?? '';
    // A second listing of another coin (its own list), so the shop is more than one line.
    const second = await apiCall(
      publishCommodity,
      {
        applicationId: GAME,
        serverId,
        goldType: 1,
        unitPrice: 880,
        stock: 3_000_000,
        minPerOrder: 10_000,
        maxPerOrder: 1_000_000,
        deliverMinutes: 10,
      },
      me.headers,
    );
    expect(second.code).toBe('200');
    await phone.reload();
    await expect.poll(() => phone.getByTestId('my-listing').count()).toBe(2);
    expect(await phone.getByTestId('merchant-stats').textContent()).toContain('出售中2');
    await expect.poll(() => phone.getByTestId('publish-open').isEnabled()).toBe(true);
    await docShot(phone, 'broker-workbench-phone', true);

    // The list of the server, cheapest first: the three merchants, ours between the others.
    const mine3 = [cheap.commodityId, commodityId, dear.commodityId];
    await phone.goto(
      `${baseUrl()}/h5/pages/broker/commodityList?applicationId=${GAME}&serverId=${serverId}&goldType=2`,
    );
    await expect.poll(() => cardIds(phone, mine3)).toEqual([cheap.commodityId, commodityId, dear.commodityId]);
    const ours = phone.locator(`[data-testid="broker-card"][data-commodity-id="${commodityId}"]`);
    expect(await ours.getByTestId('broker-shop').textContent()).toBe(shopName);
    expect(await ours.getByTestId('broker-price').textContent()).toBe('¥1.50/万金币');
    await docShot(phone, 'broker-list-phone');
    await phone.getByTestId('broker-sort-stock').click();
    await expect.poll(() => cardIds(phone, mine3)).toEqual([dear.commodityId, commodityId, cheap.commodityId]);

    // The detail: the total of a quantity by the contract, the bounds in words.
    await ours.click();
    await phone.waitForURL(/broker\/commodityDetail\?commodityId=/);
    expect(await phone.getByTestId('broker-detail-shop').textContent()).toBe(shopName);
    expect(await phone.getByTestId('broker-detail-stock').textContent()).toBe('2000万');
    await phone.getByTestId('broker-quantity').fill('12.5');
    await expect
      .poll(() => phone.getByTestId('broker-total').textContent())
      .toBe(formatPriceFen(brokerTotalFen(125_000, 150)));
    expect(await phone.getByTestId('broker-total').textContent()).toBe('¥18.75');
    await phone.getByTestId('broker-quantity').fill('0.5');
    await expect.poll(() => phone.getByTestId('broker-problem').textContent()).toBe('单笔最少购买1万金币');
    await phone.getByTestId('broker-quantity').fill('888');
    await expect.poll(() => phone.getByTestId('broker-problem').textContent()).toBe('单笔最多购买500万金币');
    await phone.getByTestId('broker-quantity').fill('100');
    await expect.poll(() => phone.getByTestId('broker-total').textContent()).toBe('¥150.00');
    await docShot(phone, 'broker-detail-phone');
    // 立即购买 opens the order's confirmation with the quantity and its total; a role must receive.
    await phone.getByTestId('broker-buy').click();
    await phone.waitForURL(/broker\/orderConfirm\?commodityId=\d+&quantity=1000000/);
    await expect.poll(() => phone.getByTestId('order-total').textContent()).toBe('¥150.00');
    await phone.getByTestId('order-no-role').waitFor();
    await phone.getByTestId('order-submit').click();
    await expect.poll(() => phone.getByTestId('order-problem').textContent()).toBe('请选择收货角色');

    // The same pages at 1440 px with the PC frame.
    const pc = await newPage(browser, DESKTOP);
    await pc.goto(`${baseUrl()}/web/pages/index/index`);
    await logIn(pc, me.phone);
    await pc.goto(`${baseUrl()}/web/pages/broker/commodityList?applicationId=${GAME}&serverId=${serverId}&goldType=2`);
    await expect.poll(() => cardIds(pc, mine3)).toEqual([cheap.commodityId, commodityId, dear.commodityId]);
    await docShot(pc, 'broker-list-pc');
    await pc.goto(`${baseUrl()}/web/pages/broker/commodityDetail?commodityId=${commodityId}`);
    await pc.getByTestId('broker-quantity').fill('12.5');
    await expect.poll(() => pc.getByTestId('broker-total').textContent()).toBe('¥18.75');
    await docShot(pc, 'broker-detail-pc');
    await pc.goto(`${baseUrl()}/web/pages/broker/merchantCenter?applicationId=${GAME}`);
    await pc.getByTestId('my-listing').first().waitFor();
    expect(await pc.getByTestId('pc-menu-merchantCenter').getAttribute('aria-current')).toBe('page');
    await expect.poll(() => pc.getByTestId('publish-open').isEnabled()).toBe(true);
    await docShot(pc, 'broker-workbench-pc', true);

    // Stock 0: 已售罄, gone from the market.
    await phone.goto(`${baseUrl()}/h5/pages/broker/merchantCenter?applicationId=${GAME}`);
    const listing = phone.locator(`[data-testid="my-listing"][data-commodity-id="${commodityId}"]`);
    await listing.getByTestId('listing-stock-edit').click();
    await listing.getByTestId('listing-stock-input').fill('0');
    await listing.getByTestId('listing-stock-save').click();
    await expect.poll(() => listing.getByTestId('listing-status').textContent()).toBe('已售罄');
    expect(await listing.getByTestId('listing-down').count()).toBe(0);
    await phone.goto(
      `${baseUrl()}/h5/pages/broker/commodityList?applicationId=${GAME}&serverId=${serverId}&goldType=2`,
    );
    await expect.poll(() => cardIds(phone, mine3)).toEqual([cheap.commodityId, dear.commodityId]);
    expect(serverName).not.toBe('');
  });
});
