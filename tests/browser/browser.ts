import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { guardPages } from './page-guard';

/** The running server of this journey worker (tests/browser/global-setup.ts). */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  if (!urls?.length) return process.env.BASE_URL ?? 'http://127.0.0.1:3000';
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length] as string;
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return guardPages(browser);
}

export const MOBILE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} as const;
export const DESKTOP = { viewport: { width: 1440, height: 900 } } as const;

/**
 * Marks the SDK view's first-time guide as already shown on this page and its frames, for journeys
 * about something else (game-host checks the guide itself). Waiting to see whether it shows would
 * race the host's answer to getGameLoginSuccessTimes.
 */
export async function skipFirstTimeGuide(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('firstJumpIm', 'guided'));
}

/** A signed-in user as the app keeps him (lib/storage.ts): his token and uid. */
export interface Session {
  token: string;
  uid: string;
}

/**
 * A new page of its own context (a device of MOBILE, DESKTOP or another size), signed in as `session`
 * where the app keeps it: the home is opened first, so that the session is set on the site's origin
 * as a login on it would leave it, then `url`.
 */
export async function signedInPage(
  browser: Browser,
  device: BrowserContextOptions,
  session: Session,
  url: string,
  permissions: string[] = [],
): Promise<Page> {
  const context = await browser.newContext(device);
  if (permissions.length) await context.grantPermissions(permissions, { origin: baseUrl() });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/h5/pages/index/index`);
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('uid', s.uid);
  }, session);
  await page.goto(url);
  return page;
}

/** Saves a screenshot under artifacts/screenshots (gitignored) for the closing note. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.resolve('artifacts/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Plain JSON call to a test hook of PROTOCOL.md. */
export async function hook<T = unknown>(pathname: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: string; data: T };
  if (json.code !== '200') throw new Error(`${pathname} answered ${JSON.stringify(json)}`);
  return json.data;
}

/** Calls the exchange as a client written from PROTOCOL.md would (signed, sealed in codec version 2). */
export async function apiCall<T>(
  def: import('@app/protocol/contract').CallDef,
  params: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ code: string; msg: string; data: T }> {
  const { createClientCodecV2 } = await import('@app/protocol/codec/client');
  const { callPath } = await import('@app/protocol/contract');
  const keys = (await (await fetch(`${baseUrl()}/pb/api/app/system/v1/clientConfig?source=H5SDK`)).json()).data;
  const codec = createClientCodecV2(keys);
  const init = { headers: { 'content-type': 'application/json', 'x-source': 'H5SDK', ...headers } };
  const sealed = def.method === 'GET' ? codec.get(params) : codec.post(params);
  const res =
    'query' in sealed
      ? await fetch(`${baseUrl()}${callPath(def)}?${sealed.query}`, init)
      : await fetch(`${baseUrl()}${callPath(def)}`, { ...init, method: 'POST', body: JSON.stringify(sealed.body) });
  const body = await res.json();
  return body.code === '200' ? { ...body, data: sealed.open(body.data) as T } : body;
}
