import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commodityList } from '@app/protocol/calls/exchange';
import { gameTokenLogin } from '@app/protocol/calls/game';
import { bindPhone, sendSms } from '@app/protocol/calls/user';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, hook, launchBrowser, MOBILE, screenshot } from '../browser';
import { docShot } from './market-helpers';
import { gameLogin, outbox } from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first().waitFor();

function idNumber(birth: string, seq: string): string {
  const body = `110105${birth}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (weights[i] as number), 0);
  return body + '10X98765432'[sum % 11];
}

async function loggedInPage(
  phone: string,
  device: typeof MOBILE | typeof DESKTOP = MOBILE,
  scene = 'h5',
): Promise<Page> {
  const session = await hook<{ token: string; uid: string }>('/dev/session', { phone });
  const page = await (await browser.newContext(device)).newPage();
  await page.goto(`${baseUrl()}/${scene}/pages/index/index`);
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('uid', s.uid);
  }, session);
  return page;
}

async function latestCode(phone: string, smsType: string): Promise<string> {
  const list: Array<{ code: string; smsType: string }> = (
    await (await fetch(`${baseUrl()}/dev/sms/outbox?phone=${phone}`)).json()
  ).data;
  return list.find((m) => m.smsType === smsType)?.code ?? '';
}

describe('seller prerequisites', () => {
  it('verifies a real name (refusing a bad checksum and a minor), then opens the sale lock after 30315', async () => {
    const phone = `137${String(Date.now()).slice(-8)}`;
    const page = await loggedInPage(phone);
    await page.goto(`${baseUrl()}/h5/pages/userCenter/index`);
    await page.getByTestId('sell-entry').click();
    await page.getByTestId('real-name-page').waitFor();

    const valid = idNumber('19910505', '135');
    await page.getByTestId('real-name').fill('张三');
    await page.getByTestId('id-card').fill(`${valid.slice(0, 17)}${valid[17] === '1' ? '2' : '1'}`);
    await page.getByTestId('real-name-submit').click();
    await toast(page, '身份证号格式不正确');
    const year = new Date().getFullYear() - 10;
    await page.getByTestId('id-card').fill(idNumber(`${year}0101`, '135'));
    await page.getByTestId('real-name-submit').click();
    await toast(page, '未成年人禁止参与虚拟物品交易');
    await screenshot(page, 'real-name');
    await page.getByTestId('id-card').fill(valid);
    await page.getByTestId('real-name-submit').click();
    await page.getByTestId('my-page').waitFor();
    await expect.poll(() => page.getByTestId('my-real-name').textContent()).toContain('已实名');

    await page.getByTestId('sell-entry').click();
    await page.getByTestId('sale-unlock-dialog').waitFor();
    await page.getByTestId('sms-button').click();
    await toast(page, '发送成功');
    const code = await latestCode(phone, 'verifyCode');
    await page.getByTestId('unlock-code').fill(code === '0000' ? '1111' : '0000');
    await page.getByTestId('unlock-submit').click();
    await toast(page, '开锁异常');
    await page.getByTestId('unlock-code').fill(code);
    await screenshot(page, 'sale-unlock');
    await page.getByTestId('unlock-submit').click();
    await toast(page, '开锁成功，请重新查看');
    await page.getByTestId('sell-entry').click();
    await toast(page, '已满足寄售条件');

    await page.goto(`${baseUrl()}/h5/pages/userCenter/cardIdRelevant/cardIdUpload/cardIdStatus`);
    await expect.poll(() => page.getByTestId('status-name').textContent()).toBe('姓名：张*');
    await page.context().close();
  });

  it('uploads the two ID photos', async () => {
    const page = await loggedInPage(`136${String(Date.now()).slice(-8)}`);
    await page.goto(`${baseUrl()}/h5/pages/userCenter/cardIdRelevant/cardIdUpload/cardIdUpload`);
    await page.getByTestId('mode-photos').click();
    await page.getByTestId('real-name').fill('李四');
    await page.getByTestId('id-card').fill(idNumber('19880808', '246'));
    await page.getByTestId('real-name-submit').click();
    await toast(page, '请上传身份证正面（人像面）');
    const png = path.join(os.tmpdir(), 'id-photo.png');
    fs.writeFileSync(
      png,
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    await page.getByTestId('id-front').locator('input').setInputFiles(png);
    await page.getByTestId('id-front').locator('img').waitFor();
    await page.getByTestId('real-name-submit').click();
    await toast(page, '请上传身份证反面（国徽面）');
    await page.getByTestId('id-back').locator('input').setInputFiles(png);
    await page.getByTestId('id-back').locator('img').waitFor();
    await page.getByTestId('real-name-submit').click();
    await page.getByTestId('real-name-status').waitFor();
    await expect.poll(() => page.getByTestId('status-name').textContent()).toBe('姓名：李*');
    await page.context().close();
  });

  it('on PC, verifies the real name in the dialog, shows the success panel, then asks for the sale lock', async () => {
    const page = await loggedInPage(`134${String(Date.now()).slice(-8)}`, DESKTOP, 'web');
    await page.goto(`${baseUrl()}/web/pages/userCenter/index`);
    await page.getByTestId('sell-entry').click();
    await page.getByTestId('real-name-dialog').waitFor();
    await page.getByTestId('real-name').fill('周八');
    await page.getByTestId('id-card').fill(idNumber('19930303', '369'));
    await page.getByTestId('real-name-submit').click();
    await page.getByTestId('real-name-success').waitFor();
    expect(await page.getByTestId('real-name-success').textContent()).toContain('姓名：周*');
    await screenshot(page, 'real-name-dialog-pc');
    await page.getByTestId('real-name-continue').click();
    await page.getByTestId('sale-unlock-dialog').waitFor();
    await page.context().close();
  });
});

describe("the game config's authType picks the real-name dialog", () => {
  it('仙侠 (authType 2) asks for the two ID photos and verifies with them; 三国 (3) for the number alone (PC)', async () => {
    const page = await loggedInPage(`134${String(Date.now()).slice(-8)}`, DESKTOP, 'web');
    await page.evaluate(() => localStorage.setItem('applicationIdClick', 'demo-xianxia'));
    await page.goto(`${baseUrl()}/web/pages/userCenter/index`);
    await page.getByTestId('sell-entry').click();
    const dialog = page.getByTestId('real-name-dialog');
    await dialog.getByTestId('id-front').waitFor();
    expect(await dialog.getByTestId('id-back').count()).toBe(1);
    // The photos version offers no switch to the number alone.
    expect(await dialog.getByTestId('mode-number').count()).toBe(0);
    await docShot(page, 'real-name-dialog-photos-pc');
    const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 390, height: 240 } });
    for (const side of ['id-front', 'id-back'])
      await dialog
        .getByTestId(side)
        .locator('input[type="file"]')
        .setInputFiles({ name: `${side}.png`, mimeType: 'image/png', buffer: picture });
    await dialog.getByTestId('id-back').locator('img').waitFor();
    await dialog.getByTestId('id-front').locator('img').waitFor();
    await dialog.getByTestId('real-name').fill('吴仙侠');
    await dialog.getByTestId('id-card').fill(idNumber('19920202', '417'));
    await dialog.getByTestId('real-name-submit').click();
    await dialog.getByTestId('real-name-success').waitFor();
    expect(await dialog.getByTestId('real-name-success').textContent()).toContain('姓名：吴*');
    await page.context().close();

    const other = await loggedInPage(`134${String(Date.now() + 1).slice(-8)}`, DESKTOP, 'web');
    await other.evaluate(() => localStorage.setItem('applicationIdClick', 'demo-sanguo'));
    await other.goto(`${baseUrl()}/web/pages/userCenter/index`);
    await other.getByTestId('sell-entry').click();
    await other.getByTestId('real-name-dialog').getByTestId('id-card').waitFor();
    expect(await other.getByTestId('real-name-dialog').getByTestId('id-front').count()).toBe(0);
    expect(await other.getByTestId('real-name-dialog').getByTestId('mode-photos').count()).toBe(0);
    await other.context().close();
  });
});

/** A coin listing of the demo legend on sale now (its id). */
async function coinListing(serverId?: string): Promise<string> {
  const page = await apiCall<{ list: Array<{ id: string }> }>(
    commodityList,
    { type: 2, pageSize: 5, ...(serverId ? { serverId } : {}) },
    { 'x-appid': 'demo-legend' },
  );
  const id = page.data.list[0]?.id;
  if (!id) throw new Error('no coin listing on sale');
  return id;
}

const tinyPng = () => {
  const png = path.join(os.tmpdir(), 'id-photo-trust.png');
  fs.writeFileSync(
    png,
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  return png;
};

describe('trust before paying', () => {
  for (const [device, scene, shot] of [
    [MOBILE, 'h5', 'trust-detail-h5'],
    [DESKTOP, 'web', 'trust-detail-pc'],
  ] as const) {
    it(`shows a new user (${scene}) what the listing needs, with the actions inline, and how trading is protected`, async () => {
      const id = await coinListing();
      const page = await loggedInPage(`133${String(Date.now()).slice(-8)}`, device, scene);
      await page.goto(`${baseUrl()}/${scene}/pages/commodityDetail/index?id=${id}`);
      await page.getByTestId('requirements').waitFor();
      await expect.poll(() => page.getByTestId('req-real-name').getAttribute('data-ok')).toBe('false');
      await expect.poll(() => page.getByTestId('req-account').getAttribute('data-ok')).toBe('false');
      // Each row answers from its own calls (decision 0041): the role's may come after the account's.
      await expect.poll(() => page.getByTestId('req-role').getAttribute('data-ok')).toBe('false');
      await expect.poll(() => page.getByTestId('req-real-name-action').textContent()).toContain('去认证');
      // Coins are shown by a drawn picture, never the seller's bag screenshot (it names his role).
      expect(await page.getByTestId('gallery-image').first().locator('img').getAttribute('src')).toMatch(
        /^\/market\/art\/coin\/\d\.svg\?/,
      );
      await page.getByTestId('req-account-action').click();
      await page.getByTestId('link-game-guide').waitFor();
      expect(await page.getByTestId('game-link').getAttribute('href')).toBe('/demo-game/host');
      // Below the fold, the section loads when it comes near the screen.
      await page.getByTestId('seller-card').scrollIntoViewIfNeeded();
      await page.getByTestId('trust-section').scrollIntoViewIfNeeded();
      await page.getByTestId('trust-steps').waitFor();
      expect(await page.getByTestId('trust-section').textContent()).toContain('拒绝收货');
      // 安全购买 (platform-shell §2) is linked from 交易保障.
      expect(await page.getByTestId('trust-safe-purchase').getAttribute('href')).toBe(
        `/${scene}/pages/webViewImage/webViewImage?page=safePurchase`,
      );
      expect(await page.getByTestId('seller-rate').textContent()).toMatch(/%|暂无/);
      await page.getByTestId('requirements').scrollIntoViewIfNeeded();
      await docShot(page, shot, true);
      await page.getByTestId('req-real-name-action').click();
      await page.getByTestId('real-name-page').waitFor();
      expect(new URL(page.url()).searchParams.get('from')).toContain(`commodityDetail/index?id=${id}`);
      await page.context().close();
    });
  }

  it('list cards show the 108×108 thumbnails of the server', async () => {
    const page = await (await browser.newContext(MOBILE)).newPage();
    await page.goto(`${baseUrl()}/h5/pages/commodityList/list?applicationId=demo-legend`);
    const img = page.getByTestId('commodity-card').first().locator('img');
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^\/storage\/styled\/.+!108x108/);
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(108);
    await docShot(page, 'trust-list-thumbnails');
    await page.context().close();
  });

  it('gives a web buyer without a linked game account a way forward at 确认订单', async () => {
    const id = await coinListing();
    const page = await loggedInPage(`132${String(Date.now()).slice(-8)}`, DESKTOP, 'web');
    await page.goto(`${baseUrl()}/web/pages/orderNew/orderConfirmPlace/orderConfirmPlace?commodityId=${id}`);
    await page.getByTestId('order-way-forward').waitFor();
    expect(await page.getByTestId('order-way-forward').textContent()).toContain('还没有绑定');
    // The goods picture at 72 px is the server's half-size style.
    expect(await page.getByTestId('order-confirm').locator('img').getAttribute('src')).toMatch(/!rp50\?/);
    await page.getByTestId('game-link').waitFor();
    await page.getByTestId('order-agree').check();
    await page.getByTestId('order-submit').click();
    await toast(page, '请先按提示绑定游戏账号');
    await docShot(page, 'trust-order-way-forward');
    await page.context().close();
  });

  it('shows each role of a linked game account with its server in the picker', async () => {
    // seller16 logs in from the game and binds a new phone: the web session of that phone has his account.
    const pt = await gameLogin('seller16');
    const login = await apiCall<{ token: string }>(gameTokenLogin, pt);
    const phone = `130${String(Date.now()).slice(-8)}`;
    await apiCall(sendSms, { smsType: 'phoneLogin', phone });
    const code = (await outbox(phone))[0]?.code ?? '';
    expect((await apiCall(bindPhone, { phone, code }, { 'x-token': login.data.token })).code).toBe('200');
    // A lot on his role's server: his roles there can receive it (the picker greys out the others).
    const id = await coinListing(pt.serverId);
    const page = await loggedInPage(phone, DESKTOP, 'web');
    await page.goto(`${baseUrl()}/web/pages/orderNew/orderConfirmPlace/orderConfirmPlace?commodityId=${id}`);
    const options = page.getByTestId('order-target').locator('option:not([value=""])');
    await options.first().waitFor({ state: 'attached' });
    const labels = await options.allTextContents();
    expect(labels.every((l) => /（\d+级）· \S+/.test(l))).toBe(true);
    const usable = page.getByTestId('order-target').locator('option:not([value=""]):not([disabled])').first();
    await page.getByTestId('order-target').selectOption((await usable.getAttribute('value')) ?? '');
    await docShot(page, 'trust-order-roles');
    await page.context().close();
  });

  it('on PC, the real-name dialog takes the ID-photo path', async () => {
    const page = await loggedInPage(`131${String(Date.now()).slice(-8)}`, DESKTOP, 'web');
    await page.goto(`${baseUrl()}/web/pages/userCenter/index`);
    await page.getByTestId('sell-entry').click();
    await page.getByTestId('real-name-dialog').waitFor();
    await page.getByTestId('mode-photos').click();
    await page.getByTestId('real-name').fill('吴九');
    await page.getByTestId('id-card').fill(idNumber('19920202', '468'));
    const png = tinyPng();
    await page.getByTestId('id-front').locator('input').setInputFiles(png);
    await page.getByTestId('id-front').locator('img').waitFor();
    await page.getByTestId('id-back').locator('input').setInputFiles(png);
    await page.getByTestId('id-back').locator('img').waitFor();
    await docShot(page, 'trust-real-name-photos-pc');
    await page.getByTestId('real-name-submit').click();
    await page.getByTestId('real-name-success').waitFor();
    expect(await page.getByTestId('real-name-success').textContent()).toContain('姓名：吴*');
    await page.context().close();
  });
});
