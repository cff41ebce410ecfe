import { identification } from '@app/protocol/calls/identity';
import { appConsignmentSMSVerifyCode } from '@app/protocol/calls/market';
import { sendSms } from '@app/protocol/calls/user';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, hook, launchBrowser, MOBILE } from '../browser';
import { docShot, phoneNumber } from './market-helpers';
import { idNumber } from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** A seller with a real name and the sale lock open (the prerequisite dialogs have their own journey). */
async function readySeller(phone: string) {
  const session = await hook<{ token: string; uid: string }>('/dev/session', { phone });
  const headers = { 'x-token': session.token };
  expect(
    (await apiCall(identification, { realName: '孙预售', idCard: idNumber('19870707', '246') }, headers)).code,
  ).toBe('200');
  await apiCall(sendSms, { smsType: 'verifyCode', phone: 'auto' }, headers);
  const outbox = (await (await fetch(`${baseUrl()}/dev/sms/outbox?phone=${phone}`)).json()).data as Array<{
    code: string;
    smsType: string;
  }>;
  const code = outbox.find((m) => m.smsType === 'verifyCode')!.code;
  expect((await apiCall(appConsignmentSMSVerifyCode, { code }, headers)).data).toBe(true);
  return session;
}

describe('manual pre-sale', () => {
  it('claims a role outside the game, proves it with the 个性签名 set in the game, and publishes it as 预售', async () => {
    const phone = phoneNumber('134');
    const session = await readySeller(phone);
    const page = await (await browser.newContext(MOBILE)).newPage();
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    await page.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('uid', s.uid);
    }, session);
    await page.goto(`${baseUrl()}/h5/pages/manualPreSale/manualPreSale`);

    // 1. Game, server, price, delivery.
    await page.getByTestId('presale-create').waitFor();
    await page.getByTestId('presale-game').selectOption('demo-legend');
    await page.getByTestId('presale-server').selectOption({ label: '龙腾二区' });
    await page.getByTestId('presale-price').fill('1288');
    await expect.poll(() => page.getByTestId('presale-receive').textContent()).toContain('¥1,223.60');
    await page.getByTestId('presale-days-15').click();
    await docShot(page, 'presale-create');
    await page.getByTestId('presale-create-submit').click();

    // 2. The account and the role's name, checked with the game.
    await page.getByTestId('presale-bind').waitFor();
    await page.getByTestId('presale-account').fill('player1');
    await page.getByTestId('presale-role').fill('战神无双');
    await page.getByTestId('presale-bind-submit').click();
    await page.getByTestId('toast').filter({ hasText: '该账号在所选区服没有这个角色' }).first().waitFor();
    await page.getByTestId('toast').waitFor({ state: 'hidden' });
    await page.getByTestId('presale-role').fill('冰雪法师');
    await page.getByTestId('presale-bind-submit').click();

    // 3. The content to put in the role's 个性签名; the check fails until it is there.
    await page.getByTestId('presale-verify').waitFor();
    await expect.poll(() => page.getByTestId('presale-content').textContent()).toMatch(/^验证[2-9A-Z]{6}$/);
    const content = (await page.getByTestId('presale-content').textContent())?.trim() ?? '';
    await page.getByTestId('presale-check').click();
    await expect.poll(() => page.getByTestId('presale-check-result').textContent()).toContain(content);
    await docShot(page, 'presale-verify');

    // In the game: log in, switch to 龙腾二区 · 冰雪法师, set the signature.
    const game = await (await browser.newContext(DESKTOP)).newPage();
    await game.goto(`${baseUrl()}/demo-game/host`);
    await game.getByTestId('game-account').fill('player1');
    await game.getByTestId('game-login').click();
    await game.getByText('当前角色').waitFor();
    await game.locator('#toServers2').click();
    await game.getByRole('button', { name: /龙腾二区/ }).click();
    await game.getByRole('button', { name: /冰雪法师/ }).click();
    await expect.poll(() => game.getByTestId('game-role').textContent()).toContain('冰雪法师');
    await game.getByTestId('game-signature').fill(`出号中 ${content}`);
    await game.getByTestId('game-signature-save').click();
    await game.getByText('签名已保存').waitFor();

    await page.getByTestId('presale-check').click();
    await page.getByTestId('presale-publish').waitFor();
    // The snapshot login opens the game logged in with that role; its screenshots go to the listing.
    const [snapPage] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('presale-snap-login').click(),
    ]);
    await expect.poll(() => snapPage.getByTestId('game-role').textContent()).toContain('冰雪法师');
    await snapPage.getByTestId('game-upload-shots').click();
    await snapPage.getByText('截图已上传到交易平台').waitFor();
    await snapPage.close();
    await page.getByTestId('presale-publish-submit').click();

    // 4. Listed as 预售 and frozen in the game.
    await page.getByTestId('presale-detail').waitFor();
    await expect.poll(() => page.getByTestId('presale-status').textContent()).toBe('在售');
    expect(await page.getByTestId('presale-detail-receive').textContent()).toBe('¥1,223.60');
    await docShot(page, 'presale-detail');
    await game.reload();
    await game.locator('#toServers2').click();
    await game.getByRole('button', { name: /龙腾二区/ }).click();
    await game
      .getByRole('button', { name: /冰雪法师/ })
      .getByText('寄售中')
      .waitFor();

    // The public detail shows the delivery promise.
    const id = new URL(page.url()).searchParams.get('commodityId');
    await page.goto(`${baseUrl()}/h5/pages/commodityDetail/index?id=${id}`);
    await expect.poll(() => page.getByTestId('detail-presale').textContent()).toContain('15 天内交付');
    expect(
      await page.locator('[data-testid="commodity-detail"] img[src*="/demo-game/files/"]').count(),
    ).toBeGreaterThan(0);
    await page.context().close();
    await game.context().close();
  });
});
