import { checkRolePosition } from '@app/protocol/calls/consignment';
import { gameTokenLogin } from '@app/protocol/calls/game';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, launchBrowser, MOBILE } from '../browser';
import { docShot, logIn, newPage, phoneNumber, toast } from './market-helpers';
import { gameLogin, idNumber, sellerAccounts, sellerListsCoins } from './people';

/** 我的 → 设置, 意见反馈, 常见问题, 注销账号, the agreements, and every page the issue found missing. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const SANGUO = '/demo-sanguo';

async function loggedInPage(device: typeof MOBILE | typeof DESKTOP, phone: string, scene = 'h5'): Promise<Page> {
  const page = await newPage(browser, device);
  await page.goto(`${baseUrl()}/${scene}/pages/index/index`);
  await logIn(page, phone);
  return page;
}

describe('account pages', () => {
  it('设置 keeps a switch across a reload; an agreement opens full screen and closes with its back arrow', async () => {
    const page = await loggedInPage(MOBILE, phoneNumber('135'));
    await page.goto(`${baseUrl()}/h5/pages/userCenter/index`);
    await page.getByTestId('my-settings-entry').waitFor();
    await docShot(page, 'account-my-entries', true);
    await page.getByTestId('my-settings-entry').click();
    await page.getByTestId('settings-page').waitFor();
    const push = page.getByTestId('switch-push');
    await expect.poll(() => push.getAttribute('aria-checked')).toBe('true');
    await push.click();
    await expect.poll(() => push.getAttribute('aria-checked')).toBe('false');
    await page.reload();
    await expect.poll(() => page.getByTestId('switch-push').getAttribute('aria-checked')).toBe('false');
    await expect
      .poll(() => page.getByTestId('switch-individualizedRecommend').getAttribute('aria-checked'))
      .toBe('true');
    await docShot(page, 'account-settings', true);

    await page.getByTestId('settings-agreement-privacyPolicy').click();
    const modal = page.getByTestId('agreement-modal');
    await modal.waitFor();
    await expect.poll(() => page.getByTestId('agreement-title').textContent()).toBe('用户隐私政策');
    const frame = page.frameLocator('[data-testid="agreement-frame"]');
    await frame.locator('h1').filter({ hasText: '用户隐私政策' }).waitFor();
    await docShot(page, 'account-agreement');
    await page.getByTestId('agreement-back').click();
    await modal.waitFor({ state: 'detached' });
    // Still on 设置, in the same tab: nothing opened elsewhere.
    expect(page.url()).toContain('/h5/pages/userCenter/settingPage/settingPage');
    expect(page.context().pages()).toHaveLength(1);
    await page.context().close();
  });

  it('意见反馈 takes a type, a description and a screenshot; 常见问题 opens its answers', async () => {
    const page = await loggedInPage(MOBILE, phoneNumber('135'));
    await page.goto(`${baseUrl()}/h5/pages/userCenter/index`);
    await page.getByTestId('my-feedback-entry').click();
    await page.getByTestId('feedback-page').waitFor();
    await page.getByTestId('feedback-submit').click();
    await toast(page, '请选择反馈类型');
    const firstType = page.locator('[data-testid^="feedback-type-"]').first();
    await firstType.click();
    await expect.poll(() => firstType.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('feedback-content').fill('提现页面的到账金额和手续费显示不清楚');
    // The screenshot a user would attach: the top of the page they are on.
    const shot = await page.screenshot({ clip: { x: 0, y: 0, width: 390, height: 390 } });
    await page.getByTestId('feedback-file').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: shot });
    // Uploaded: the remove button replaces the spinner.
    await page.getByTestId('feedback-shot').getByRole('button', { name: '删除截图' }).waitFor();
    await page.getByTestId('feedback-contact').fill('13500001111');
    await page.getByTestId('toast').waitFor({ state: 'detached' });
    await docShot(page, 'account-feedback', true);
    await page.getByTestId('feedback-submit').click();
    await toast(page, '反馈已提交，感谢您的宝贵意见');
    await page.waitForURL(/\/h5\/pages\/userCenter\/index/);

    await page.getByTestId('my-faq-entry').click();
    await page.getByTestId('faq-page').waitFor();
    await page.getByTestId('faq-category-资金').click();
    await expect.poll(() => page.locator('[data-testid^="faq-q-"]').count()).toBe(1);
    await page.locator('[data-testid^="faq-q-"]').first().click();
    await expect.poll(() => page.getByTestId('faq-answer').textContent()).toContain('提现');
    await page.getByTestId('faq-category-全部').click();
    await expect.poll(() => page.locator('[data-testid^="faq-q-"]').count()).toBeGreaterThan(3);
    await page.getByTestId('toast').waitFor({ state: 'detached' });
    await docShot(page, 'account-faq', true);
    await page.context().close();
  });

  it('注销账号 is refused with its reason while the seller has a listing on sale', async () => {
    // Accounts of 三国: the journeys of 传奇 (offers, chat, customer service) share its market sellers.
    const accounts = sellerAccounts(40, 44);
    const seller = await sellerListsCoins({
      game: SANGUO,
      accounts,
      serverId: (await gameLogin(accounts[0] as string, SANGUO)).serverId,
      coins: 20_000,
      priceFen: 2_000,
      realName: '郑注销',
      birth: '19860606',
      idBase: 400,
      phonePrefix: '134',
    });
    const page = await loggedInPage(MOBILE, seller.phone);
    await page.goto(`${baseUrl()}/h5/pages/userCenter/index`);
    await page.getByTestId('my-settings-entry').click();
    await page.getByTestId('settings-remove').click();
    await page.getByTestId('remove-refused').waitFor();
    await expect
      .poll(() => page.getByTestId('remove-reason').allTextContents())
      .toContain('您有寄售中的商品，请下架并取回后再注销');
    expect(await page.getByTestId('remove-submit').isDisabled()).toBe(true);
    await docShot(page, 'account-remove-refused', true);
    await page.context().close();
  });

  const routes: Array<[string, string, string]> = [
    ['settings', '/{scene}/pages/userCenter/settingPage/settingPage', 'settings-page'],
    ['phone-auth', '/{scene}/pages/userCenter/settingPage/phoneAuth', 'phone-bound'],
    ['remove', '/{scene}/pages/userCenter/settingPage/removeAccount', 'remove-allowed'],
    ['feedback', '/{scene}/pages/userCenter/feedback/feedback', 'feedback-types'],
    ['faq', '/{scene}/pages/userCenter/faq/faq', 'faq-list'],
    [
      'bind-phone',
      '/{scene}/pages/bindPhone/bindPhone?from=%2F{scene}%2Fpages%2FuserCenter%2Findex',
      'bind-phone-done',
    ],
    ['agreement', '/{scene}/pages/webViewH5/webViewH5?key=tradingRules', 'agreement-modal'],
    [
      'open-location',
      '/open-location?latitude=39.908823&longitude=116.397470&name=天安门广场&address=北京市东城区东长安街',
      'location-place',
    ],
    ['choose-location', '/choose-location?from=%2F{scene}%2Fpages%2FuserCenter%2Findex', 'choose-location-page'],
  ];

  for (const [device, scene, label] of [
    [MOBILE, 'h5', 'phone'],
    [DESKTOP, 'web', 'pc'],
  ] as const) {
    it(`every new route renders (${label})`, async () => {
      const page = await loggedInPage(device, phoneNumber('136'), scene);
      for (const [name, path, testId] of routes) {
        await page.goto(`${baseUrl()}${path.replaceAll('{scene}', scene)}`);
        await page.getByTestId(testId).first().waitFor();
        await docShot(page, `account-route-${name}-${label}`);
      }
      await page.context().close();
    });
  }

  it('the web-sdk sale page, the SDK key guide and the legacy cash-withdrawal paths render', async () => {
    const page = await loggedInPage(MOBILE, phoneNumber('136'));
    await page.goto(`${baseUrl()}/websdk/pages/sale/index`);
    await page.getByText('请从游戏内打开交易平台寄售').waitFor();
    await page.goto(`${baseUrl()}/h5sdk/pages/codeSale/getKey`);
    await page.getByTestId('key-guide-page').waitFor();
    await page.getByText('如何用寄售码寄售').waitFor();
    for (const legacy of ['/pages/h5/cashWithdrawal/index', '/h5/pages/cashWithdrawal/index']) {
      await page.goto(`${baseUrl()}${legacy}?from=legacy`);
      await page.waitForURL(/\/h5\/pages\/userCenter\/cashWithdrawal\/cashWithdrawal\?from=legacy/);
      await page.getByTestId('wallet-balance').waitFor();
    }
    await page.context().close();
  });

  it('inside the game view, real-name verification uses the h5sdk calls and 获取寄售码 asks where the role stands', async () => {
    const game = await gameLogin('seller45', SANGUO);
    const login = await apiCall<{ token: string; uid: string }>(gameTokenLogin, game);
    const page = await newPage(browser, MOBILE);
    await page.goto(`${baseUrl()}/h5sdk/pages/my/index`);
    await page.evaluate(
      ({ token, uid, info }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('uid', uid);
        localStorage.setItem('loginInfoStr', JSON.stringify(info));
      },
      {
        token: login.data.token,
        uid: login.data.uid,
        info: { game_id: game.gameId, game_token: game.gameToken, server_id: game.serverId },
      },
    );
    await page.goto(`${baseUrl()}/h5sdk/pages/my/index`);
    await page.getByTestId('my-key-guide-entry').click();
    await page.getByTestId('key-guide-page').waitFor();
    // The page says what the game says of this role (the demo market lists it, so it is locked).
    const position = await apiCall<{ msg: string; canIssueKey: boolean }>(checkRolePosition, game, {
      'x-token': login.data.token,
    });
    expect(position.code).toBe('200');
    await expect.poll(() => page.getByTestId('key-guide-verdict').textContent()).toBe(position.data.msg);
    await docShot(page, 'account-sdk-key-guide', true);

    await page.goto(`${baseUrl()}/h5sdk/pages/userCenter/cardIdRelevant/cardIdUpload/cardIdUpload`);
    await page.getByTestId('mode-photos').click();
    const shot = await page.screenshot({ clip: { x: 0, y: 0, width: 390, height: 240 } });
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/h5sdk/identity/') || r.url().includes('/api/app/identity/')) uploads.push(r.url());
    });
    for (const side of ['id-front', 'id-back']) {
      await page
        .getByTestId(side)
        .locator('input[type="file"]')
        .setInputFiles({ name: `${side}.png`, mimeType: 'image/png', buffer: shot });
      await page.getByTestId(side).locator('img').waitFor();
    }
    await page.getByTestId('real-name').fill('冯游戏');
    await page.getByTestId('id-card').fill(idNumber('19890909', '468'));
    await page.getByTestId('real-name-submit').click();
    await page.getByTestId('real-name-status').waitFor();
    await expect.poll(() => page.getByTestId('status-name').textContent()).toContain('冯*');
    expect(uploads.map((u) => new URL(u).pathname)).toEqual([
      '/pt/api/h5sdk/identity/v1/generateUploadUrl',
      '/pt/api/h5sdk/identity/v1/generateUploadUrl',
      '/pt/api/h5sdk/identity/v1/identificationByUploadImg',
    ]);
    await page.context().close();
  });
});
