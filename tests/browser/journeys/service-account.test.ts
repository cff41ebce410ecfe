import { gameTokenLogin, h5sdkPhoneLogin } from '@app/protocol/calls/game';
import { sendSms } from '@app/protocol/calls/user';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, launchBrowser, MOBILE, type Session, signedInPage } from '../browser';
import { docShot, phoneNumber } from './market-helpers';
import { outbox } from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

interface DemoLogin {
  gameId: string;
  gameToken: string;
  serverId: string;
  roleId: string;
  role: string;
}
const demoLogin = async (account: string): Promise<DemoLogin> =>
  (
    await (
      await fetch(`${baseUrl()}/demo-game/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account, password: 'demo123' }),
      })
    ).json()
  ).data;
const pt = (g: DemoLogin) => ({ gameId: g.gameId, gameToken: g.gameToken, serverId: g.serverId });

/** A phone login from inside the game (it links the game account to the phone's user); the SMS cooldown may hold it. */
async function phoneLogin(game: DemoLogin, phone: string): Promise<{ token: string; uid: string }> {
  await expect
    .poll(async () => (await apiCall(sendSms, { smsType: 'phoneLogin', phone })).code, {
      timeout: 75_000,
      interval: 3_000,
    })
    .toBe('200');
  // The newest code first.
  const code = (await outbox(phone))[0]!.code;
  const login = await apiCall<{ token: string; uid: string }>(h5sdkPhoneLogin, { ...pt(game), phone, code });
  expect(login.code).toBe('200');
  // The SDK's game login then records the role it plays.
  await apiCall(gameTokenLogin, { ...pt(game), roleId: game.roleId, roleName: game.role });
  return login.data;
}

const servicePage = (options: BrowserContextOptions, url: string, session: Session): Promise<Page> =>
  signedInPage(browser, options, session, url);

describe('咨询账号 on the service page (the customer-account picker)', () => {
  it('shows the 唯一码 of the game in view with the last role', async () => {
    // seller17 (no other journey uses him) logs in from the game with a new phone.
    const phone = phoneNumber('135');
    const first = await demoLogin('seller17');
    const session = await phoneLogin(first, phone);
    const url = `${baseUrl()}/h5/pages/service/service?applicationId=${first.gameId}`;
    const mobile = await servicePage(MOBILE, url, session);
    const card = mobile.getByTestId('service-account');
    await expect.poll(() => card.getByTestId('service-account-trade-id').textContent()).toBe(`唯一码 ${session.uid}`);
    expect(await card.textContent()).toContain(`最近登录 ${first.role} · `);
    // One account: nothing to switch.
    expect(await card.getByTestId('service-account-row').isDisabled()).toBe(true);

    // A page without a game shows no card.
    const noGame = await servicePage(MOBILE, `${baseUrl()}/h5/pages/service/service`, session);
    await noGame.getByTestId('service-channel').waitFor();
    expect(await noGame.getByTestId('service-account').count()).toBe(0);

    await docShot(mobile, 'h5-service-account');
    // Two game accounts on one phone are answered most recent first (unique-id-list.test.ts): a
    // second demo account here would be a market seller whose listings keep it from moving.
    for (const width of [320]) {
      const narrow = await servicePage({ ...MOBILE, viewport: { width, height: 700 } }, url, session);
      await narrow.getByTestId('service-account-trade-id').waitFor();
      // Nothing wider than the screen.
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    const pc = await servicePage(DESKTOP, url.replace('/h5/', '/web/'), session);
    await expect.poll(() => pc.getByTestId('service-account-trade-id').textContent()).toBe(`唯一码 ${session.uid}`);
  }, 150_000);
});
