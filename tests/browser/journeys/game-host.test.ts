import { checkGameTokenOnline } from '@app/protocol/calls/game';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, launchBrowser, screenshot } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the demo game host page', () => {
  it('logs in, opens the SDK view, which knows the player; closing the page takes the role offline', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/demo-game/host`);
    await page.getByTestId('game-account').fill('player2');
    await page.getByTestId('game-login').click();
    await page.getByText('当前角色').waitFor();
    await page.getByTestId('game-key').click();
    await page.getByTestId('game-key-value').waitFor();
    await screenshot(page, 'demo-game-host');

    await page.getByTestId('game-open-market').click();
    const frame = page.frameLocator('#frame');
    await frame.getByTestId('tab-bar').waitFor();
    // First login of this account: the guide overlay explains the three tabs once.
    await frame.getByTestId('first-time-guide').waitFor();
    // Remembered the moment it shows: a later visit never covers the home again, dismissed or not.
    expect(await page.frames()[1]!.evaluate(() => localStorage.getItem('firstJumpIm'))).toBe('guided');
    await frame.getByTestId('first-time-guide-close').click();
    await frame.getByTestId('tab-1').click();
    await frame.getByTestId('my-nickname').waitFor();
    await expect.poll(() => frame.getByTestId('my-nickname').textContent()).not.toBe('加载中...');
    await screenshot(page, 'sdk-view-in-game');
    const info = await page.frames()[1]!.evaluate(() => JSON.parse(localStorage.getItem('loginInfoStr') ?? '{}'));

    // The consignment action in the game (the consign page): a game login has no phone yet, so binding comes first.
    await frame.getByTestId('tab-2').click();
    await frame.getByTestId('bind-phone-dialog').waitFor();
    const phone = `135${String(Date.now()).slice(-8)}`;
    await frame.getByTestId('bind-phone').fill(phone);
    await frame.getByTestId('sms-button').click();
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${baseUrl()}/dev/sms/outbox?phone=${phone}`)).json()).data as unknown[]).length,
      )
      .toBe(1);
    const [sms] = (await (await fetch(`${baseUrl()}/dev/sms/outbox?phone=${phone}`)).json()).data as Array<{
      code: string;
    }>;
    await frame.getByTestId('bind-code').fill(sms!.code);
    expect(await frame.getByTestId('bind-submit').isDisabled()).toBe(true);
    await frame.getByTestId('bind-agree').check();
    await screenshot(page, 'bind-phone-in-game');
    await frame.getByTestId('bind-submit').click();
    // Next missing step, on the consign page itself: the real name.
    await frame.getByTestId('real-name-dialog').waitFor();
    await frame.getByTestId('real-name-dialog').getByRole('button', { name: '取消' }).click();
    await frame.getByTestId('tab-1').click();
    await frame.getByTestId('my-page').waitFor();

    // A feedback screenshot picked inside the game goes up through the host's putFileToAliYun: the
    // game keeps it, and the feedback carries the URL the host answered (no exchange upload).
    const hosted: string[] = [];
    const exchangeUploads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/demo-game/api/files') hosted.push(r.url());
      if (r.url().includes('/storage/objects/') || r.url().includes('generatePreSignedUrl'))
        exchangeUploads.push(r.url());
    });
    const stored: string[] = [];
    page.on('response', async (r) => {
      if (new URL(r.url()).pathname === '/demo-game/api/files') stored.push((await r.json()).data.url);
    });
    await frame.getByTestId('my-feedback-entry').click();
    await frame.getByTestId('feedback-page').waitFor();
    await frame.locator('[data-testid^="feedback-type-"]').first().click();
    await frame.getByTestId('feedback-content').fill('游戏内打开交易平台时加载有点慢');
    const picked = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 320 } });
    await frame.getByTestId('feedback-file').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: picked });
    await frame.getByTestId('feedback-shot').getByRole('button', { name: '删除截图' }).waitFor();
    expect(hosted).toHaveLength(1);
    await expect.poll(() => stored.length).toBe(1);
    // The game serves what it kept, the same bytes.
    const kept = await fetch(new URL(stored[0]!, baseUrl()));
    expect(kept.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await kept.arrayBuffer()).equals(picked)).toBe(true);
    await screenshot(page, 'feedback-in-game');
    await frame.getByTestId('feedback-submit').click();
    await frame.getByTestId('toast').filter({ hasText: '反馈已提交，感谢您的宝贵意见' }).waitFor();
    expect(exchangeUploads).toEqual([]);
    await frame.getByTestId('my-page').waitFor();
    expect(info).toMatchObject({ game_id: 'demo-legend', server_id: expect.any(String), role_id: expect.any(String) });

    const online = () =>
      apiCall<{ online: boolean }>(checkGameTokenOnline, {
        gameId: info.game_id,
        gameToken: info.game_token,
        serverId: info.server_id,
      });
    expect((await online()).data.online).toBe(true);
    await page.close({ runBeforeUnload: true });
    await expect.poll(async () => (await online()).data.online, { timeout: 10_000 }).toBe(false);
    await context.close();
  });
});
