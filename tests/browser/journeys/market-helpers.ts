import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, DESKTOP, hook, type MOBILE } from '../browser';

/** Shared steps of the market journeys (market-h5, market-pc). */
export const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).first().waitFor();

/** A screenshot kept in the repo for the docs (docs/screenshots). */
export async function docShot(page: Page, name: string, fullPage = false): Promise<void> {
  const dir = path.resolve('docs/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/** A session put where the app keeps it (the page must be on the app's origin). */
export async function useSession(page: Page, session: { token: string; uid: string }): Promise<void> {
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('uid', s.uid);
  }, session);
}

/** A session made by the test hook, put where the app keeps it. */
export async function logIn(page: Page, phone: string): Promise<void> {
  await useSession(page, await hook<{ token: string; uid: string }>('/dev/session', { phone }));
}

/** Logs in on the login page itself: a fresh phone, the code from the SMS outbox, the agreement ticked. */
export async function logInOnLoginPage(page: Page, phone: string): Promise<void> {
  await page.getByTestId('login-phone').fill(phone);
  await page.getByTestId('sms-button').click();
  await toast(page, '发送成功');
  const res = await fetch(`${baseUrl()}/dev/sms/outbox?phone=${phone}`);
  const [sms] = ((await res.json()) as { data: Array<{ code: string }> }).data;
  await page.getByTestId('login-code').fill(sms?.code ?? '');
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
}

/** A staff member signed in on the console (/ops) at 1440 px: his desk's page. */
export async function staffDesk(browser: Browser, username: string, password: string): Promise<Page> {
  const desk = await (await browser.newContext(DESKTOP)).newPage();
  await desk.goto(`${baseUrl()}/ops`);
  await desk.getByTestId('ops-username').fill(username);
  await desk.getByTestId('ops-password').fill(password);
  await desk.getByTestId('ops-login').click();
  return desk;
}

export async function newPage(browser: Browser, device: typeof MOBILE | typeof DESKTOP): Promise<Page> {
  const context = await browser.newContext({ ...device, permissions: ['clipboard-read', 'clipboard-write'] });
  return context.newPage();
}

export const phoneNumber = (prefix: string) => `${prefix}${String(Date.now()).slice(-8)}`;

/** The prices shown on the cards, in fen. */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('card-price').allTextContents();
  return texts.map((t) => Math.round(Number(t.replace(/[¥,]/g, '')) * 100));
}

/** Waits until the cards are in ascending price (the sorted page replaces the one before it). */
export async function sortedCardPrices(page: Page): Promise<number[]> {
  const ascending = (p: number[]) => p.length > 0 && p.every((x, i) => i === 0 || (p[i - 1] as number) <= x);
  await expect.poll(async () => ascending(await cardPrices(page))).toBe(true);
  return cardPrices(page);
}

/** On the list, picks roles, the first single server and the price sort; answers that server's name. */
export async function filterRolesByServer(page: Page): Promise<string> {
  await page.getByTestId('commodity-card').first().waitFor();
  await page.getByTestId('type-tab-1').click();
  await page.waitForURL(/type=1/);
  // The phone opens its filter sheet; the PC list shows the same filters in its sidebar.
  const sheet = page.getByTestId('open-filter');
  if (await sheet.count()) await sheet.click();
  const server = page.getByTestId('server-option').first();
  const serverName = (await server.textContent()) ?? '';
  await server.click();
  await page.getByTestId('filter-apply').click();
  await page.waitForURL(/serverId=/);
  await page.getByTestId('sort-price').click();
  await page.waitForURL(/sort=priceAsc/);
  await page.getByTestId('commodity-card').first().waitFor();
  return serverName;
}

export const detailUrl = (scene: string, id: string) => `${baseUrl()}/${scene}/pages/commodityDetail/index?id=${id}`;
