import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, MOBILE } from '../browser';
import { logIn, newPage, phoneNumber } from './market-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

interface Seen {
  path: string;
  method: string;
  fields: string[];
  envelope: { code: string; cipher?: string; data: unknown };
}

/** Every exchange API call the page makes, with the fields it sent and the envelope it got. */
async function recordCalls(page: Page): Promise<Seen[]> {
  const seen: Seen[] = [];
  await page.route(/\/(pb|df|pt)\/api\//, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const response = await route.fetch();
    const body = await response.text();
    if (!url.pathname.endsWith('/clientConfig')) {
      const fields =
        request.method() === 'GET'
          ? [...url.searchParams.keys()]
          : Object.keys((request.postDataJSON() as Record<string, unknown> | null) ?? {});
      seen.push({ path: url.pathname, method: request.method(), fields: fields.sort(), envelope: JSON.parse(body) });
    }
    await route.fulfill({ response, body });
  });
  return seen;
}

describe('the web seals every call in codec version 2', () => {
  it('public reads and a logged-in page: a key per request or its ticket, answers under it (A256GCM), nothing in clear', async () => {
    const page = await newPage(browser, MOBILE);
    const seen = await recordCalls(page);
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    await page.getByTestId('home-page').waitFor();
    await page.goto(`${baseUrl()}/h5/pages/commodityList/list?applicationId=demo-legend`);
    await page.getByTestId('commodity-card').first().waitFor();
    await logIn(page, phoneNumber('159'));
    await page.goto(`${baseUrl()}/h5/pages/my/index`);
    await page.getByTestId('my-page').waitFor();
    await page.waitForLoadState('networkidle');

    const paths = seen.map((s) => s.path);
    expect(paths.some((p) => p.endsWith('/exchange/v1/commodityList'))).toBe(true);
    expect(paths.some((p) => p.startsWith('/df/'))).toBe(true);
    for (const call of seen) {
      const sealedField = call.method === 'GET' ? 'encryptParams' : 'encryptData';
      // A key of its own under RSA, or the key ticket of an earlier call of the page (decision 0077).
      const keyField = call.fields.includes('keyTicket') ? 'keyTicket' : 'encryptKey';
      expect({ path: call.path, fields: call.fields }).toEqual({
        path: call.path,
        fields: [keyField, sealedField].sort(),
      });
      if (call.envelope.code !== '200') continue;
      expect({ path: call.path, cipher: call.envelope.cipher }).toEqual({ path: call.path, cipher: 'A256GCM' });
      const sealed = call.method === 'GET' ? (call.envelope.data as { data: unknown }).data : call.envelope.data;
      expect(typeof sealed).toBe('string');
    }
    // The first calls ask for a ticket (those sent at once before it came go with a key each); every
    // later call, on this page and the next ones (the tab keeps it), sends it: no RSA on either side.
    const ticketed = seen.filter((s) => s.fields.includes('keyTicket'));
    const issued = seen.filter((s) => typeof (s.envelope as { keyTicket?: unknown }).keyTicket === 'string');
    expect(issued.length).toBeGreaterThanOrEqual(1);
    // At most one a page (a page left before its ticket came asks again on the next), and the
    // logged-in page's calls at least go under the ticket.
    expect(issued.length).toBeLessThanOrEqual(3);
    expect(ticketed.length).toBeGreaterThanOrEqual(4);
    // The cards above were drawn from an answer that carries nothing in clear.
    const listAnswer = seen.find((s) => s.path.endsWith('/commodityList') && s.envelope.code === '200');
    expect(listAnswer).toBeDefined();
    expect(JSON.stringify(listAnswer?.envelope)).not.toContain('"list"');
  });
});
