import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hook, launchBrowser, MOBILE } from '../browser';

/**
 * A real HEIC photo (tests/fixtures/id-photo-sample.heic: 96×64, HEVC, made with libheif's
 * heif-enc) picked for an ID photo: heic-to turns it into a JPEG in the browser, the JPEG is what
 * goes up, and the slot previews the JPEG (a browser shows no HEIC).
 */
const SAMPLE = path.resolve('tests/fixtures/id-photo-sample.heic');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('an iPhone HEIC photo', () => {
  it('is converted to JPEG before upload, and the ID slot previews the JPEG', async () => {
    const heic = fs.readFileSync(SAMPLE);
    expect(heic.subarray(4, 12).toString('latin1')).toBe('ftypheic');
    const session = await hook<{ token: string; uid: string }>('/dev/session', {
      phone: `135${String(Date.now()).slice(-8)}`,
    });
    const page = await (await browser.newContext(MOBILE)).newPage();
    await page.goto(`${baseUrl()}/h5/pages/index/index`);
    await page.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('uid', s.uid);
    }, session);
    await page.goto(`${baseUrl()}/h5/pages/userCenter/cardIdRelevant/cardIdUpload/cardIdUpload`);
    await page.getByTestId('mode-photos').click();
    const put = page.waitForRequest((r) => r.method() === 'PUT');
    await page
      .getByTestId('id-front')
      .locator('input')
      .setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heic });
    const sent = await put;
    // Sent as a JPEG under a .jpg name; the storage sniffs the bytes and takes a .jpg grant only
    // for JPEG bytes (415 otherwise), so its 200 says the HEIC bytes did not go up.
    expect(sent.headers()['content-type']).toBe('image/jpeg');
    expect(new URL(sent.url()).pathname).toMatch(/\.jpg$/);
    expect((await sent.response())?.status()).toBe(200);
    const preview = page.getByTestId('id-front').locator('img');
    await preview.waitFor();
    await expect
      .poll(() =>
        preview.evaluate((img: HTMLImageElement) => (img.complete ? [img.naturalWidth, img.naturalHeight] : [])),
      )
      .toEqual([96, 64]);

    // The same photo as a feedback screenshot: previewed as the JPEG it became, then uploaded.
    await page.goto(`${baseUrl()}/h5/pages/userCenter/feedback/feedback`);
    await page.getByTestId('feedback-page').waitFor();
    const feedbackPut = page.waitForRequest((r) => r.method() === 'PUT');
    await page
      .getByTestId('feedback-file')
      .setInputFiles({ name: 'IMG_0002.heic', mimeType: 'image/heic', buffer: heic });
    const feedbackSent = await feedbackPut;
    expect(feedbackSent.headers()['content-type']).toBe('image/jpeg');
    expect((await feedbackSent.response())?.status()).toBe(200);
    const shot = page.getByTestId('feedback-shot').locator('img');
    await expect
      .poll(() => shot.evaluate((img: HTMLImageElement) => (img.complete ? [img.naturalWidth, img.naturalHeight] : [])))
      .toEqual([96, 64]);
    await page.getByTestId('feedback-shot').getByRole('button', { name: '删除截图' }).waitFor();
    await page.context().close();
  });
});
