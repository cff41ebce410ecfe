import { identification } from '@app/protocol/calls/identity';
import { h5sdkOrderPlace, orderInfo } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, hook, launchBrowser, MOBILE, type Session, signedInPage } from '../browser';
import { docShot, phoneNumber } from './market-helpers';
import { gameLogin, idNumber, sellerAccounts, sellerListsCoins } from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** A page of the given size with the buyer's session where the app keeps it. */
const openAs = (session: Session, size: typeof MOBILE | typeof DESKTOP, url: string): Promise<Page> =>
  signedInPage(browser, size, session, url, ['clipboard-read', 'clipboard-write']);

/** Until the finite CSS animations (a mask's fade-in, a sheet's slide-up) have finished, for a screenshot. */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState === 'finished' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );

/** The customer-service console's API (/ops/v1), as the workbench calls it. */
async function ops<T>(method: 'GET' | 'POST', url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/ops/v1${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: string; msg: string; data: T };
  if (json.code !== '200') throw new Error(`ops ${url}: ${json.code} ${json.msg}`);
  return json.data;
}

describe('disputes', () => {
  it('the buyer refuses receipt with a reason and evidence, asks 客服 in, follows the request, rates it; cancels an unpaid order after confirming', async () => {
    // The buyer: a session, a real name, and their game account (buyer1) to receive coins.
    const buyerPhone = phoneNumber('137');
    const session = await hook<Session>('/dev/session', { phone: buyerPhone });
    const headers = { 'x-token': session.token };
    expect(
      (await apiCall(identification, { realName: '冯买家', idCard: idNumber('19920808', '357') }, headers)).code,
    ).toBe('200');
    const game = await gameLogin('buyer1');

    // A market seller on the buyer's server lists two coin lots: one bought and paid, one left unpaid.
    const listed = await sellerListsCoins({
      accounts: sellerAccounts(3, 9),
      serverId: game.serverId,
      coins: 10_000,
      priceFen: 2_780,
      realName: '何卖家',
      birth: '19840404',
      idBase: 500,
      phonePrefix: '132',
      lots: 2,
    });
    const placed: Array<{ orderId: string; totalAmount: number }> = [];
    for (const id of listed.commodityIds) {
      const order = await apiCall<{ orderId: string; totalAmount: number }>(
        h5sdkOrderPlace,
        { ...game, commodityId: id, requestKey: `disputes-${Date.now()}-${id}`, agreement: true },
        headers,
      );
      if (order.code === '200') placed.push(order.data);
    }
    expect(placed).toHaveLength(2);
    const [bought, unpaid] = placed as [(typeof placed)[0], (typeof placed)[0]];
    const pay = await apiCall<{ tradeNo: string }>(
      wapAlipay,
      { bizNo: bought.orderId, totalAmount: bought.totalAmount, payPrice: bought.totalAmount },
      headers,
    );
    await fetch(`${baseUrl()}/sandbox/api/pay/${pay.data.tradeNo}/succeed`, { method: 'POST' });
    await expect
      .poll(
        async () => (await apiCall<{ status: number }>(orderInfo, { orderId: bought.orderId }, headers)).data.status,
        {
          timeout: 15_000,
        },
      )
      .toBe(51);

    // The seller reminds the buyer to confirm (提醒收货): then the button waits, with its countdown, across a reload.
    const seller = await openAs(
      await hook<Session>('/dev/session', { phone: listed.phone }),
      MOBILE,
      `${baseUrl()}/h5/pages/orderNew/orderDetail/orderDetail?orderId=${bought.orderId}`,
    );
    await expect.poll(() => seller.getByTestId('order-status').textContent()).toBe('等待买家收货');
    await seller.getByTestId('urge-receipt').click();
    await seller.getByTestId('toast').filter({ hasText: '已提醒买家确认收货' }).first().waitFor();
    await expect
      .poll(() => seller.getByTestId('urge-receipt').textContent())
      .toMatch(/^提醒收货（(10:00|09:[45]\d)）$/);
    expect(await seller.getByTestId('urge-receipt').isDisabled()).toBe(true);
    await seller.reload();
    await expect
      .poll(() => seller.getByTestId('urge-receipt').textContent())
      .toMatch(/^提醒收货（(10:00|09:[45]\d)）$/);
    expect(await seller.getByTestId('urge-receipt').isDisabled()).toBe(true);
    await seller.context().close();

    // On a PC the refusal is a centred dialog over the order page.
    const pc = await openAs(
      session,
      DESKTOP,
      `${baseUrl()}/web/pages/orderNew/orderDetail/orderDetail?orderId=${bought.orderId}`,
    );
    await expect.poll(() => pc.getByTestId('order-status').textContent()).toBe('待收货');
    const evidence = await pc.screenshot();
    await pc.getByTestId('order-reject').click();
    await pc.getByTestId('refusal-sheet').waitFor();
    await pc.getByTestId('refusal-reason-未收到商品').click();
    await pc.getByTestId('refusal-details').fill('游戏内邮件和背包都没有看到这笔金币');
    await pc.getByTestId('refusal-image-input').setInputFiles({
      name: 'evidence.png',
      mimeType: 'image/png',
      buffer: evidence,
    });
    await expect.poll(() => pc.getByTestId('refusal-image').textContent()).not.toContain('上传中');
    await settled(pc);
    await docShot(pc, 'disputes-refusal-pc');
    await pc.getByRole('button', { name: '取消' }).first().click();
    await pc.getByTestId('refusal-sheet').waitFor({ state: 'detached' });

    // On the phone: a reason is required; details; two images, one removed; then the confirm step.
    const phone = await openAs(
      session,
      MOBILE,
      `${baseUrl()}/h5/pages/orderNew/orderDetail/orderDetail?orderId=${bought.orderId}`,
    );
    await expect.poll(() => phone.getByTestId('order-status').textContent()).toBe('待收货');
    await phone.getByTestId('order-reject').click();
    const sheet = phone.getByTestId('refusal-sheet');
    await sheet.waitFor();
    expect(await phone.getByTestId('refusal-submit').isDisabled()).toBe(true);
    await phone.getByTestId('refusal-reason-数量不对').click();
    await phone.getByTestId('refusal-details').fill('只收到一半的金币');
    await phone.getByTestId('refusal-image-input').setInputFiles([
      { name: 'evidence-1.png', mimeType: 'image/png', buffer: evidence },
      { name: 'evidence-2.png', mimeType: 'image/png', buffer: evidence },
    ]);
    await expect.poll(() => phone.getByTestId('refusal-image').count()).toBe(2);
    await phone.getByTestId('refusal-image-remove').last().click();
    await expect.poll(() => phone.getByTestId('refusal-image').count()).toBe(1);
    await expect.poll(() => phone.getByTestId('refusal-image').textContent()).not.toContain('上传中');
    await settled(phone);
    await docShot(phone, 'disputes-refusal-phone');
    await phone.getByTestId('refusal-submit').click();
    const confirm = phone.getByTestId('modal-refuse-confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('确认拒绝收货？客服将介入处理，款项暂不结算');
    await phone.getByTestId('modal-button-确认拒绝').click();
    await expect.poll(() => phone.getByTestId('order-status').textContent(), { timeout: 15_000 }).toBe('拒绝收货');
    await sheet.waitFor({ state: 'detached' });

    // The refusal opened a customer-service case by itself: its progress, with the buyer's reason.
    await expect.poll(() => phone.getByTestId('support-state').textContent()).toBe('等待客服接入');
    expect(await phone.getByTestId('support-progress').textContent()).toContain('拒绝收货：数量不对');
    expect(await phone.getByTestId('support-ask').count()).toBe(0);
    await phone.getByTestId('order-support').scrollIntoViewIfNeeded();
    await phone.getByTestId('toast').first().waitFor({ state: 'detached' });
    await phone.locator('.msg-banner').first().waitFor({ state: 'detached' });
    await docShot(phone, 'disputes-support-waiting');
    // The PC order page shows the same request.
    await pc.reload();
    await expect.poll(() => pc.getByTestId('support-state').textContent()).toBe('等待客服接入');
    expect(await pc.getByTestId('order-status').textContent()).toBe('拒绝收货');
    await pc.getByTestId('order-support').scrollIntoViewIfNeeded();
    await docShot(pc, 'disputes-support-pc');

    // 客服 joins from the workbench, then closes it with a refund; the buyer rates the service.
    const staff = (
      await ops<{ token: string }>('POST', '/login', undefined, { username: 'ops-cs', password: 'demo-cs-123' })
    ).token;
    const waiting = await ops<{ list: Array<{ id: string; orderId: string }> }>('GET', '/support', staff);
    const request = waiting.list.find((r) => r.orderId === bought.orderId)!;
    expect(request).toBeTruthy();
    const joined = await ops<{ groupId: string }>('POST', `/support/${request.id}/join`, staff);
    await expect.poll(() => phone.getByTestId('support-state').textContent(), { timeout: 15_000 }).toBe('客服已介入');
    // The workbench, as the console opens it: its address names the chat and the request only; its
    // chat login and the buyer's evidence picture come over the console session of the tab.
    const desk = await (await browser.newContext(DESKTOP)).newPage();
    // The page's timers run on a clock the test can move on (time otherwise flows as usual).
    await desk.clock.install();
    await desk.addInitScript((token) => sessionStorage.setItem('opsSession', token), staff);
    const asked: string[] = [];
    desk.on('request', (r) => {
      if (r.url().includes(`/ops/v1/support/${request.id}/case`)) asked.push(r.url());
    });
    const answered: number[] = [];
    desk.on('response', (r) => {
      if (r.url().includes(`/ops/v1/support/${request.id}/case`)) answered.push(r.status());
    });
    const query = new URLSearchParams({ groupId: joined.groupId, orderId: bought.orderId, requestId: request.id });
    await desk.goto(`${baseUrl()}/app/pages/personalTransaction/IM/conversation/indexForWorkingTable?${query}`);
    await expect.poll(() => desk.getByTestId('ops-wb-status').textContent()).toBe('拒绝收货');
    const picture = desk.locator('.im-image img');
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await desk.getByTestId('im-image-pending').count()).toBe(0);
    await docShot(desk, 'disputes-workbench-evidence');
    // While signed in, the case is asked again within one polling interval (10 s) of the page's clock.
    const signedInAsks = asked.length;
    await desk.clock.runFor(10_500);
    await expect.poll(() => asked.length).toBeGreaterThan(signedInAsks);
    // The console session ends (logged out elsewhere): the chat closes, the panel says so and stops asking.
    await ops('POST', '/logout', staff);
    await desk.clock.runFor(10_500);
    await expect.poll(() => desk.getByTestId('ops-wb-session-lost').textContent()).toContain('登录已失效，请重新登录');
    expect(await desk.getByRole('link', { name: '前往运营后台登录' }).getAttribute('href')).toBe('/ops');
    await expect.poll(() => desk.getByTestId('im-session-ended').textContent()).toContain('登录已失效');
    const refusedSoFar = answered.filter((status) => status === 401).length;
    expect(refusedSoFar).toBe(1);
    const askedSoFar = asked.length;
    // Three polling intervals later on the page's clock, nothing more was asked.
    await desk.clock.runFor(30_000);
    // A request the timers started shows within moments: half a second of real time to see one.
    await desk.waitForTimeout(500);
    expect(asked.length).toBe(askedSoFar);
    await docShot(desk, 'disputes-workbench-session-lost');
    await desk.context().close();
    const again = (
      await ops<{ token: string }>('POST', '/login', undefined, { username: 'ops-cs', password: 'demo-cs-123' })
    ).token;
    await ops('POST', `/support/${request.id}/close`, again, { outcome: 'refund', note: '核实少发，收回退款' });
    await phone.reload();
    await expect.poll(() => phone.getByTestId('support-state').textContent()).toBe('已处理：退款');
    await expect.poll(() => phone.getByTestId('order-status').textContent()).toBe('已退回');
    await phone.getByTestId('support-star-4').click();
    await phone.getByTestId('support-rating-comment').fill('处理及时，态度很好');
    await phone.getByTestId('support-rating-submit').click();
    await expect.poll(() => phone.getByTestId('support-rating-given').textContent()).toContain('处理及时，态度很好');
    await phone.getByTestId('toast').first().waitFor({ state: 'detached' });
    await phone.getByTestId('order-support').scrollIntoViewIfNeeded();
    await docShot(phone, 'disputes-support-rated');
    // The chat where 客服 talked.
    await phone.getByTestId('support-chat').click();
    await phone.getByTestId('im-chat').waitFor();
    await expect.poll(() => phone.getByTestId('nav-title').textContent()).toBe('与卖家、客服沟通');
    await docShot(phone, 'disputes-chat-with-service');

    // The unpaid order: 取消订单 asks first; 再想想 keeps it.
    await phone.goto(`${baseUrl()}/h5/pages/orderNew/orderDetail/orderDetail?orderId=${unpaid.orderId}`);
    await expect.poll(() => phone.getByTestId('order-status').textContent()).toBe('待支付');
    await phone.getByTestId('order-cancel').click();
    await phone.getByTestId('modal-button-再想想').click();
    expect(await phone.getByTestId('order-status').textContent()).toBe('待支付');
    await phone.getByTestId('order-cancel').click();
    await phone.getByTestId('modal-button-确认取消').click();
    await expect.poll(() => phone.getByTestId('order-status').textContent()).toBe('取消订单');

    // The service page: on the phone, and on a PC where the link is copied through the guide.
    await phone.goto(`${baseUrl()}/h5/pages/my/index`);
    await phone.getByTestId('my-service-entry').click();
    await phone.waitForURL(/\/h5\/pages\/service\/service$/);
    await expect.poll(() => phone.getByTestId('service-link').textContent()).toMatch(/^https:\/\//);
    await docShot(phone, 'disputes-service-phone');
    await phone.context().close();
    await pc.goto(`${baseUrl()}/web/pages/service/service`);
    await expect.poll(() => pc.getByTestId('service-link').textContent()).toMatch(/^https:\/\//);
    await pc.getByTestId('service-qr').locator('svg').waitFor();
    await docShot(pc, 'disputes-service-pc');
    await pc.getByTestId('service-open').click();
    await pc.getByTestId('service-guide').waitFor();
    await settled(pc);
    await docShot(pc, 'disputes-service-guide-pc');
    await pc.getByTestId('modal-button-复制链接').click();
    await pc.getByTestId('toast').filter({ hasText: '链接复制成功' }).first().waitFor();
    expect(await pc.evaluate(() => navigator.clipboard.readText())).toBe(
      (await pc.getByTestId('service-link').textContent())?.trim(),
    );
    await pc.context().close();
  }, 150_000);
});
