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
    await frame.getByTestId('tab-1').click();
    await frame.getByTestId('my-nickname').waitFor();
    await expect.poll(() => frame.getByTestId('my-nickname').textContent()).not.toBe('加载中...');
    await screenshot(page, 'sdk-view-in-game');
    const info = await page.frames()[1]!.evaluate(() => JSON.parse(localStorage.getItem('loginInfoStr') ?? '{}'));
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
