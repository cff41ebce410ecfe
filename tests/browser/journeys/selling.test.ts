import { h5sdkPhoneLogin, h5sdkSendSms } from '@app/protocol/calls/game';
import { identification } from '@app/protocol/calls/identity';
import { appConsignmentSMSVerifyCode } from '@app/protocol/calls/market';
import { sendSms } from '@app/protocol/calls/user';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, launchBrowser, MOBILE, skipFirstTimeGuide } from '../browser';
import { docShot, phoneNumber } from './market-helpers';
import { idNumber, outbox } from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const toastIn = (f: FrameLocator | Page, text: string) =>
  f.getByTestId('toast').filter({ hasText: text }).first().waitFor();

/** Screenshots for the docs are taken once the toasts of the steps before have gone. */
const toastsGone = (f: FrameLocator | Page) =>
  expect.poll(() => f.getByTestId('toast').count(), { timeout: 5000 }).toBe(0);

/**
 * Confirms a sale: past the far-price question when the market's band asks it (it depends on what
 * sold like these goods), then 确认寄售, whose words say what is listed.
 */
async function confirmSale(frame: FrameLocator, says = ''): Promise<void> {
  const far = frame.getByTestId('modal-farPrice');
  const sure = frame.getByTestId('modal-confirmSale');
  await expect.poll(async () => (await far.count()) + (await sure.count())).toBeGreaterThan(0);
  if (await far.count()) await far.getByRole('button', { name: '仍要寄售' }).click();
  expect(await sure.textContent()).toContain(says);
  await sure.getByRole('button', { name: '确认寄售' }).click();
}

/** The demo game's host page, logged in as an account, its first role selected. */
async function hostPage(account: string): Promise<Page> {
  const page = await (await browser.newContext(DESKTOP)).newPage();
  await skipFirstTimeGuide(page);
  await page.goto(`${baseUrl()}/demo-game/host`);
  await page.getByTestId('game-account').fill(account);
  await page.getByTestId('game-login').click();
  await page.getByText('当前角色').waitFor();
  return page;
}

describe('selling from the game', () => {
  it('consigns the role through every prerequisite, sees it frozen, delists and takes it back; then coins and a prop', async () => {
    const page = await hostPage('player3');
    await page.getByTestId('game-open-market').click();
    const frame = page.frameLocator('#frame');
    await frame.getByTestId('tab-bar').waitFor();
    await frame.getByTestId('tab-2').click();

    // 1. Bound phone.
    await frame.getByTestId('bind-phone-dialog').waitFor();
    const phone = phoneNumber('135');
    await frame.getByTestId('bind-phone').fill(phone);
    await frame.getByTestId('sms-button').click();
    await expect.poll(async () => (await outbox(phone)).length).toBe(1);
    await frame.getByTestId('bind-code').fill((await outbox(phone))[0]!.code);
    await frame.getByTestId('bind-agree').check();
    await frame.getByTestId('bind-submit').click();
    // 2. Real name.
    await frame.getByTestId('real-name-dialog').waitFor();
    await frame.getByTestId('real-name').fill('陈寄售');
    await frame.getByTestId('id-card').fill(idNumber('19900606', '642'));
    await frame.getByTestId('real-name-submit').click();
    await frame.getByTestId('real-name-continue').click();
    // 3. The sale lock (30315 opens the unlock dialog).
    await frame.getByTestId('sale-unlock-dialog').waitFor();
    await frame.getByTestId('sale-unlock-dialog').getByTestId('sms-button').click();
    await expect.poll(async () => (await outbox(phone)).some((m) => m.smsType === 'verifyCode')).toBe(true);
    await frame.getByTestId('unlock-code').fill((await outbox(phone)).find((m) => m.smsType === 'verifyCode')!.code);
    await frame.getByTestId('unlock-submit').click();

    // Coins first, at ¥1.60/万 where the market trades far higher: the form shows the unit price
    // and the market's band, warns, and asks twice before listing.
    await frame.getByTestId('sell-role').waitFor();
    await frame.getByTestId('sell-tab-coins').click();
    // 元宝 trades near ¥80/万 in the demo market: 1万 for ¥1.60.
    await frame.getByTestId('sell-coin-1').click();
    await frame.getByTestId('sell-coin-count').fill('10000');
    await frame.getByTestId('sell-coin-price').fill('1.6');
    await expect.poll(() => frame.getByTestId('sell-coin-reference-unit').textContent()).toBe('单价 ¥1.60/万');
    const band = (await frame.getByTestId('sell-coin-reference-band').textContent()) ?? '';
    expect(band).toMatch(/^市场参考 ¥[\d,.]+–¥[\d,.]+\/万（近30天 \d+ 笔成交）$/);
    await expect.poll(() => frame.getByTestId('sell-coin-reference-far').textContent()).toContain('远低于市场参考价');
    await toastsGone(frame);
    await docShot(page, 'selling-coin-far-price');
    await frame.getByTestId('sell-coin-submit').click();
    await frame.getByTestId('modal-farPrice').waitFor();
    expect(await frame.getByTestId('modal-farPrice').textContent()).toContain('您的单价 ¥1.60/万，远低于市场参考价');
    // 修改价格 lists nothing.
    await frame.getByRole('button', { name: '修改价格' }).click();
    await frame.getByTestId('modal-farPrice').waitFor({ state: 'detached' });
    await frame.getByTestId('sell-coin-submit').click();
    await frame.getByRole('button', { name: '仍要寄售' }).click();
    expect(await frame.getByTestId('modal-confirmSale').textContent()).toContain('1万元宝将以 ¥1.60（¥1.60/万）出售');
    await frame.getByRole('button', { name: '确认寄售' }).click();
    await frame.getByTestId('shelf-list').waitFor();
    const coinLot = frame.getByTestId('shelf-item').filter({ hasText: '元宝' }).first();
    await expect.poll(() => coinLot.getByTestId('shelf-status').textContent()).toBe('在售');

    // The role sale, held by the coins: it says each step and leads to it, until it opens.
    await frame.getByTestId('tab-2').click();
    await expect
      .poll(() => frame.getByTestId('sell-role-refusal').textContent())
      .toContain('该角色有在售的游戏币商品，请先下架并取回后再寄售角色');
    expect(await frame.getByTestId('sell-role-submit').isDisabled()).toBe(true);
    await frame.getByTestId('sell-role-fix').click();
    await expect.poll(() => frame.getByTestId('shelf-tab-onSale').getAttribute('aria-selected')).toBe('true');
    await coinLot.getByTestId('shelf-downShelf').click();
    // 下架 asks first.
    await frame.getByTestId('modal-confirmDownShelf').waitFor();
    await frame.getByRole('button', { name: '确认下架' }).click();
    await toastIn(frame, '已下架');
    await frame.getByTestId('tab-2').click();
    await expect
      .poll(() => frame.getByTestId('sell-role-refusal').textContent())
      .toContain('该角色有已下架的游戏币仍冻结在游戏中，请先取回后再寄售角色');
    await toastsGone(frame);
    await docShot(page, 'selling-role-take-back-first');
    await frame.getByTestId('sell-role-fix').click();
    await expect.poll(() => frame.getByTestId('shelf-tab-delisted').getAttribute('aria-selected')).toBe('true');
    await coinLot.getByTestId('shelf-takeBack').click();
    await frame.getByRole('button', { name: '确认取回' }).click();
    await toastIn(frame, '已取回到游戏中');
    await frame.getByTestId('tab-2').click();
    await frame.getByTestId('sell-role').waitFor();
    await expect.poll(() => frame.getByTestId('sell-role-refusal').count()).toBe(0);
    expect(await frame.getByTestId('sell-role-submit').isDisabled()).toBe(false);

    // The role tab: screenshots from the game, a price and what the seller receives.
    await frame.getByTestId('sell-role').waitFor();
    await frame.getByTestId('sell-retake').click();
    await expect.poll(() => frame.locator('[data-testid="role-shots"] img').count()).toBe(4);
    await frame.getByTestId('sell-role-price').fill('5');
    await frame.getByTestId('sell-role-submit').click();
    await toastIn(frame, '角色价格不能低于');
    await frame.getByTestId('sell-role-price').fill('888');
    await expect.poll(() => frame.getByTestId('sell-role-price-receive').textContent()).toContain('¥843.60');
    await toastsGone(frame);
    await frame.locator('html').evaluate(() => window.scrollTo(0, 0));
    await docShot(page, 'selling-consign-role');
    // While the game freezes the role, the consignment overlay covers the page.
    await page.route('**/h5sdk/exchange/v1/publishAccount', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await frame.getByTestId('sell-role-submit').click();
    // Far from what roles like this sold for, the price is asked about first.
    await confirmSale(frame);
    await frame.getByTestId('loading-overlay').filter({ hasText: '寄售中...' }).waitFor();

    // On the shelf, on sale; frozen in the game.
    await frame.getByTestId('shelf-list').waitFor();
    const roleItem = frame.getByTestId('shelf-item').filter({ hasText: '战力' }).first();
    await expect.poll(() => roleItem.getByTestId('shelf-status').textContent()).toBe('在售');
    await expect.poll(() => roleItem.textContent()).toContain('到手 ¥843.60');
    await toastsGone(frame);
    await docShot(page, 'selling-shelf');
    await page.locator('#closeView').click();
    await expect.poll(() => page.locator('#roleMeta').textContent()).toContain('角色寄售中');
    const frozenBy = async () => {
      const token = await page.evaluate(() => sessionStorage.getItem('gameToken') ?? '');
      const res = await page.request.get(`${baseUrl()}/demo-game/api/me`, { headers: { 'x-game-token': token } });
      return ((await res.json()).data as { selected: { frozenBy: string | null } }).selected.frozenBy;
    };
    expect(await frozenBy()).toMatch(/^\d+$/);

    // Delist, take back: the role is the player's again.
    await page.getByTestId('game-open-market').click();
    await frame.getByTestId('tab-bar').waitFor();
    await frame.getByTestId('tab-2').click();
    await frame.getByTestId('to-shelf').click();
    await roleItem.getByTestId('shelf-downShelf').click();
    await frame.getByRole('button', { name: '确认下架' }).click();
    await expect.poll(() => roleItem.getByTestId('shelf-status').textContent()).toBe('已下架');
    // Delisted: reprice (the game's rules checked before sending), relist, delist again.
    await roleItem.getByTestId('shelf-modifyPrice').click();
    await frame.getByTestId('reprice-input').fill('5');
    await expect.poll(() => frame.getByTestId('reprice-hint').textContent()).toContain('角色价格不能低于');
    await frame.getByTestId('reprice-input').fill('999');
    await expect.poll(() => frame.getByTestId('reprice-hint').textContent()).toContain('¥949.05');
    await frame.getByTestId('reprice-save').click();
    await expect.poll(() => roleItem.getByTestId('shelf-price').textContent()).toBe('¥999.00');
    await toastsGone(frame);
    await roleItem.getByTestId('shelf-onShelf').click();
    await expect.poll(() => frame.getByTestId('toast').first().textContent()).toBe('已重新上架');
    await expect.poll(() => roleItem.getByTestId('shelf-status').textContent()).toBe('在售');
    await roleItem.getByTestId('shelf-downShelf').click();
    await frame.getByRole('button', { name: '确认下架' }).click();
    await expect.poll(() => roleItem.getByTestId('shelf-status').textContent()).toBe('已下架');
    await roleItem.getByTestId('shelf-takeBack').click();
    await frame.getByRole('button', { name: '确认取回' }).click();
    await toastIn(frame, '已取回到游戏中');
    await page.locator('#closeView').click();
    await expect.poll(() => page.locator('#roleMeta').textContent()).not.toContain('角色寄售中');
    expect(await frozenBy()).toBeNull();

    // Coins and a prop from the same role.
    await page.getByTestId('game-open-market').click();
    await frame.getByTestId('tab-2').click();
    await frame.getByTestId('sell-tab-coins').click();
    await frame.getByTestId('sell-coin-2').click();
    await frame.getByTestId('sell-coin-count').fill('100000');
    // Near the market's band for 金币 (about ¥1.50/万): one confirm.
    await frame.getByTestId('sell-coin-price').fill('12.5');
    await expect.poll(() => frame.getByTestId('sell-coin-reference-unit').textContent()).toBe('单价 ¥1.25/万');
    expect(await frame.getByTestId('sell-coin-reference-far').count()).toBe(0);
    await frame.getByTestId('sell-coin-submit').click();
    await frame.getByRole('button', { name: '确认寄售' }).click();
    await frame.getByTestId('shelf-list').waitFor();
    await expect.poll(() => frame.getByTestId('shelf-item').filter({ hasText: '10万金币' }).count()).toBe(1);
    await frame.getByTestId('tab-2').click();
    await frame.getByTestId('sell-tab-items').click();
    // Blacklisted props are greyed with their reason.
    await frame
      .locator('[data-testid="sell-item"][data-refused="1"]')
      .filter({ hasText: '不可交易' })
      .first()
      .waitFor();
    await frame.locator('[data-testid="sell-item"][data-refused="0"]').first().click();
    await frame.getByTestId('sell-item-price').fill('66');
    await toastsGone(frame);
    await docShot(page, 'selling-consign-prop');
    await frame.getByTestId('sell-item-submit').click();
    // A prop sale asks like the role's.
    await confirmSale(frame, '将以 ¥66.00 出售');
    await frame.getByTestId('shelf-list').waitFor();
    await expect.poll(() => frame.getByTestId('shelf-item').filter({ hasText: '¥66.00' }).count()).toBe(1);
    await page.context().close();
  }, 180_000);
});

describe('selling with a consignment key', () => {
  it('lists the role the key holds from the app scene', async () => {
    // The game: buyer1 asks for a key in a safe zone.
    const login = (
      await (
        await fetch(`${baseUrl()}/demo-game/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ account: 'buyer1', password: 'demo123' }),
        })
      ).json()
    ).data as { gameId: string; serverId: string; gameToken: string };
    const issued = await (
      await fetch(`${baseUrl()}/demo-game/api/consignment-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-game-token': login.gameToken },
        body: '{}',
      })
    ).json();
    expect(issued.ok).toBe(true);
    const key = issued.data.key as string;

    // The seller: buyer1 logs in with a phone inside the game (which links the game account, so the
    // key is his), then on the web with that phone, a real name and the sale lock open.
    const phone = phoneNumber('136');
    const pt = { gameId: login.gameId, gameToken: login.gameToken, serverId: login.serverId };
    expect((await apiCall(h5sdkSendSms, { ...pt, phone, smsType: 'phoneLogin' })).code).toBe('200');
    await expect.poll(async () => (await outbox(phone)).length).toBe(1);
    const session = (
      await apiCall<{ token: string; uid: string }>(h5sdkPhoneLogin, {
        ...pt,
        phone,
        code: (await outbox(phone))[0]!.code,
      })
    ).data;
    const headers = { 'x-token': session.token };
    expect(
      (await apiCall(identification, { realName: '林寄售', idCard: idNumber('19910101', '864') }, headers)).code,
    ).toBe('200');
    await apiCall(sendSms, { smsType: 'verifyCode', phone: 'auto' }, headers);
    const code = (await outbox(phone)).find((m) => m.smsType === 'verifyCode')!.code;
    expect((await apiCall(appConsignmentSMSVerifyCode, { code }, headers)).data).toBe(true);

    const page = await (await browser.newContext(MOBILE)).newPage();
    // Logged out, the key page sends the seller to log in and back.
    await page.goto(`${baseUrl()}/app/pages/codeSale/roleSale`);
    await page.waitForURL(/\/app\/pages\/login\/login\?fromPage=%2Fapp%2Fpages%2FcodeSale%2FroleSale/);
    await page.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('uid', s.uid);
    }, session);
    // The game's link carries the lock id the role is held under: it opens the form on its key.
    await page.goto(`${baseUrl()}/app/pages/codeSale/roleSale?prePublishLockId=00000000-not-a-lock`);
    await expect.poll(() => page.getByTestId('key-problem').textContent()).toBe('寄售码无效');
    expect(await page.getByTestId('key-input').inputValue()).toBe('');
    await page.goto(`${baseUrl()}/app/pages/codeSale/roleSale?prePublishLockId=${issued.data.prePublishLockId}`);
    await expect.poll(() => page.getByTestId('key-role').textContent()).toContain('新手买家');
    expect(await page.getByTestId('key-input').inputValue()).toBe(key.replaceAll('-', ''));
    await page.goto(`${baseUrl()}/app/pages/codeSale/roleSale`);
    await page.getByTestId('key-input').fill('NOTAKEY1');
    await page.getByTestId('key-check').click();
    await expect.poll(() => page.getByTestId('key-problem').textContent()).toBe('寄售码无效');
    await page.getByTestId('key-input').fill(key.toLowerCase());
    await page.getByTestId('key-check').click();
    await expect.poll(() => page.getByTestId('key-role').textContent()).toContain('新手买家');
    await expect.poll(() => page.getByTestId('key-expiry').textContent()).toMatch(/还剩 (\d+天 )?(\d{2}:)?\d{2}:\d{2}/);
    await expect.poll(() => page.locator('[data-testid="role-shots"] img').count()).toBe(4);
    await page.getByTestId('key-price').fill('168');
    await expect.poll(() => page.getByTestId('key-price-receive').textContent()).toContain('¥159.60');
    await toastsGone(page);
    await docShot(page, 'selling-key');
    await page.getByTestId('key-submit').click();
    await page.getByTestId('shelf-list').waitFor();
    await expect
      .poll(() =>
        page.getByTestId('shelf-item').filter({ hasText: '新手买家' }).getByTestId('shelf-status').textContent(),
      )
      .toBe('在售');
    // The retrieve shelf opens on 已下架, where 取回 lives.
    await page.goto(`${baseUrl()}/app/pages/getBackRole/getBackRole`);
    await expect.poll(() => page.getByTestId('shelf-tab-delisted').getAttribute('aria-selected')).toBe('true');
    await page.getByText('该分类下没有商品').waitFor();
    await page.context().close();
  });
});
