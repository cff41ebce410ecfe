import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/** The built web app as the server sends it: compressed siblings, a page never cached, chunks cached for good. */
let t: TestApp;
const page = '<!doctype html><html lang="zh-CN"><body><div id="root"></div></body></html>';
const chunk = `export const x = ${JSON.stringify('交易'.repeat(400))};`;

beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  for (const [name, body] of [
    ['index.html', page],
    ['assets/entry-abc123.js', chunk],
  ] as const) {
    fs.writeFileSync(path.join(dist, name), body);
    fs.writeFileSync(path.join(dist, `${name}.gz`), gzipSync(body));
    fs.writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(body));
  }
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(() => t.close());

describe('the web build', () => {
  // The home carries its banners (page-data.test.ts): the page file as built is any other page's.
  it('sends the page compressed as the browser asks, and never from a cache', async () => {
    const br = await t.app.inject({ url: '/h5/pages/commodityList/list', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toContain('accept-encoding');
    const gz = await t.app.inject({ url: '/h5/pages/commodityList/list', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({
      url: '/h5/pages/commodityList/list',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });

  it('sends hashed chunks compressed and cacheable for a year', async () => {
    const res = await t.app.inject({ url: '/assets/entry-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBeLessThan(Buffer.byteLength(chunk));
  });

  it('answers the bare address and any folder path with the page (its routes lead on), not a refusal', async () => {
    for (const url of ['/', '/h5/', '/assets/', '/web/pages/']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(page);
    }
  });

  it('answers an unknown API path with the envelope, not the page', async () => {
    const res = await t.app.inject({ url: '/pb/api/h5/exchange/v1/noSuchCall' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});
