import { commodityList } from '@app/protocol/calls/exchange';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, launchBrowser, skipFirstTimeGuide } from '../browser';
import { docShot, logIn, phoneNumber } from './market-helpers';
import { idNumber, outbox } from './people';

/**
 * A buyer who registered on the web links his game account from inside the game (issue 31): 三国's
 * player2, whom no other journey plays, logs in there with his web account's phone and code.
 */
const GAME = '/demo-sanguo';
const GAME_ID = 'demo-sanguo';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The code the outbox holds for the phone, once one more than `before` was sent. */
async function nextCode(phone: string, before: number): Promise<string> {
  await expect.poll(async () => (await outbox(phone)).length).toBe(before + 1);
  return (await outbox(phone)).at(-1)!.code;
}

describe('linking a game account to a web account', () => {
  it('registers on the web, verifies the real name, links in the game with the phone, buys a role for it on the web', async () => {
    const phone = phoneNumber('158');
    const web = await (await browser.newContext(DESKTOP)).newPage();

    // Registered on the web at 1440 px (the test hook's session, as the SMS login makes it: the
    // login page has its own journey, and its code would hold the phone's next code back 60 s).
    await web.goto(`${baseUrl()}/web/pages/index/index`);
    await logIn(web, phone);
    const uid = (await web.evaluate(() => localStorage.getItem('uid'))) as string;

    // The real name.
    await web.goto(`${baseUrl()}/web/pages/userCenter/cardIdRelevant/cardIdUpload/cardIdUpload`);
    await web.getByTestId('real-name').fill('关网页');
    await web.getByTestId('id-card').fill(idNumber('19900808', '317'));
    await web.getByTestId('real-name-submit').click();
    await web.getByTestId('real-name-status').waitFor();

    // A role of 三国 on sale: its page says the game account is not linked and how to link it.
    const roles = await apiCall<{ list: Array<{ id: string }> }>(
      commodityList,
      { type: 1, pageSize: 20, sort: 'priceDesc' },
      { 'x-appid': GAME_ID },
    );
    const role = roles.data.list[0]!;
    // A call that fails (accountList timing out on a slow network) says so beside the real name
    // that answered, and 重试 asks it again.
    const accountList = (url: URL) => url.pathname.endsWith('/market/v1/accountList');
    await web.route(accountList, (route) => route.abort('timedout'));
    await web.goto(`${baseUrl()}/web/pages/commodityDetail/index?id=${role.id}`);
    await web.getByTestId('req-account-retry').waitFor();
    // (The refused call may fail before checkAuthentication answers.)
    await expect.poll(() => web.getByTestId('req-real-name').getAttribute('data-ok')).toBe('true');
    expect(await web.getByTestId('req-account').textContent()).toContain('查询失败');
    await web.unroute(accountList);
    await web.getByTestId('req-account-retry').click();
    const account = web.getByTestId('req-account');
    await expect.poll(() => account.getAttribute('data-ok')).toBe('false');
    await web.getByTestId('req-account-action').click();
    const guide = web.getByTestId('link-game-guide');
    await expect.poll(() => guide.textContent()).toContain('已有交易平台账号？用手机号登录');
    await guide.scrollIntoViewIfNeeded();
    await web.getByTestId('toast').first().waitFor({ state: 'hidden' });
    await docShot(web, 'game-link-guide-pc');

    // The game: its host page, the player logs in and opens the trading platform.
    const game = await (await browser.newContext(DESKTOP)).newPage();
    await skipFirstTimeGuide(game);
    await game.goto(`${baseUrl()}${GAME}/host`);
    await game.getByTestId('game-account').fill('player2');
    await game.getByTestId('game-login').click();
    await game.getByText('当前角色').waitFor();
    await game.getByTestId('game-open-market').click();
    const frame = game.frameLocator('#frame');
    await frame.getByTestId('tab-bar').waitFor();
    const view = () => game.frames().find((f) => f.url().includes('/h5sdk/'))!;
    await expect.poll(() => view()?.evaluate(() => localStorage.getItem('uid'))).toBeTruthy();
    // The game login made its own account, without a phone.
    expect(await view().evaluate(() => localStorage.getItem('uid'))).not.toBe(uid);

    // 我的: the way to the web account.
    await frame.getByTestId('tab-1').click();
    await frame.getByTestId('my-game-link-entry').click();
    const dialog = frame.getByTestId('bind-phone-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('登录交易平台账号');
    await frame.getByTestId('bind-phone').fill(phone);
    await frame.getByTestId('sms-button').click();
    const code = await nextCode(phone, 0);
    // A wrong code is refused and links nothing.
    await frame.getByTestId('bind-code').fill(`${code.slice(0, 3)}${(Number(code.at(-1)) + 1) % 10}`);
    await frame.getByTestId('bind-agree').check();
    await frame.getByTestId('bind-submit').click();
    await frame.getByTestId('toast').filter({ hasText: '验证码错误' }).first().waitFor();
    expect(await view().evaluate(() => localStorage.getItem('uid'))).not.toBe(uid);
    await frame.getByTestId('bind-code').fill(code);
    await frame.getByTestId('toast').first().waitFor({ state: 'hidden' });
    await docShot(game, 'game-link-in-game');
    await frame.getByTestId('bind-submit').click();
    await frame.getByTestId('toast').filter({ hasText: '本游戏账号已关联' }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The view speaks as the web account now: its phone, its real name.
    await expect.poll(() => view().evaluate(() => localStorage.getItem('uid'))).toBe(uid);
    await expect
      .poll(() => frame.getByTestId('my-page').textContent())
      .toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(await frame.getByTestId('my-real-name').textContent()).toContain('已实名');
    expect(await frame.getByTestId('my-game-link-entry').count()).toBe(0);
    await docShot(game, 'game-link-linked-in-game');

    // Back on the web: the game account is there, the role is bought for it.
    await web.reload();
    await expect.poll(() => web.getByTestId('req-account').getAttribute('data-ok')).toBe('true');
    await web.getByTestId('buy-button').click();
    await web.getByTestId('order-confirm').waitFor();
    const target = web.getByTestId('order-target');
    const options = await target.locator('option:not([value=""])').allTextContents();
    expect(options.length).toBeGreaterThan(0);
    await target.selectOption({ index: 1 });
    await web.getByTestId('order-agree').check();
    await docShot(web, 'game-link-order-pc');
    await web.getByTestId('order-submit').click();
    await web.getByTestId('cashier').waitFor();
    expect(new URL(web.url()).searchParams.get('orderId')).toBeTruthy();
    await web.context().close();

    // 退出登录 in the game view lands on the SDK's own home (this game's list), not the shared
    // home with another game's popup; the view logs in again from the game.
    await frame.getByTestId('logout').click();
    await expect.poll(() => new URL(view().url()).pathname).toBe('/h5sdk/pages/commodityList/list');
    await frame.getByTestId('tab-bar').waitFor();
    await expect.poll(() => view().evaluate(() => localStorage.getItem('uid'))).toBe(uid);
    expect(await frame.getByTestId('home-popup').count()).toBe(0);

    // A coin lot's page in the game: 切换区服 asks the game for its server selection (backToSelectServer).
    const lots = await apiCall<{ list: Array<{ id: string }> }>(
      commodityList,
      { type: 2, pageSize: 5 },
      { 'x-appid': GAME_ID },
    );
    await view().goto(`${baseUrl()}/h5sdk/pages/commodityDetail/index?id=${lots.data.list[0]!.id}`);
    // The host closes the view and refreshes the player (its /api/me): the server selection stays
    // shown once that answer is in, the game screen does not come back over it.
    const refreshed = game.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/api/me'));
    await frame.getByTestId('req-switch-server').click();
    await (await refreshed).finished();
    await game.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(await game.locator('#serverScreen').isVisible()).toBe(true);
    expect(await game.locator('#gameScreen').isHidden()).toBe(true);
    expect(await game.locator('#view').isHidden()).toBe(true);
    await game.context().close();
    // Two browsers, two logins, an order up to the cashier: a minute on a loaded machine.
  }, 150_000);
});
