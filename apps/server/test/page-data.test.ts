import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonForScript, type PageData, pageBuilder, pageWithData } from '../src/platform/http/page-data';
import { createTestApp, loginAs, type TestApp } from './helpers';

/** The home's banners inside its page (decision 0082): escaped, public, read at every load. */
const page =
  '<!doctype html><html lang="zh-CN"><head><title>t</title></head><body><div id="root"></div><script>boot()</script></body></html>';
const HOSTILE = '</script><script>alert(1)</script><!-- \u2028\u2029 & >';

function dataBlock(html: string): unknown {
  const m = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1] ?? '') : null;
}

describe('the data block', () => {
  it('holds no tag, comment or line separator, and reads back to the same value', () => {
    const value = [{ key: ['market', 'banners', 'home'], data: { list: [{ bannerName: HOSTILE }] } }];
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
    const html = pageWithData(page, { entries: value });
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(dataBlock(html)).toEqual(value);
  });

  it('preloads a path or an http(s) image only, its address escaped', () => {
    const one = pageWithData(page, { entries: [], preloadImage: '/market/art/banner/0.svg?t=a"b&s=<c>' });
    expect(one).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/market/art/banner/0.svg?t=a&quot;b&amp;s=&lt;c&gt;">',
    );
    for (const bad of ['javascript:alert(1)', '//evil.example/x.png', 'data:image/png;base64,AA', '/a b'])
      expect(pageWithData(page, { entries: [], preloadImage: bad }), bad).toBe(page);
  });

  it('is read at every request; a failing source gives the page without data', async () => {
    let loads = 0;
    let fail = false;
    const builder = pageBuilder(
      [
        {
          path: /^\/h5\/pages\/index\/index$/,
          load: async (): Promise<PageData> => {
            loads++;
            if (fail) throw new Error('down');
            return { entries: [{ key: ['k'], data: loads }] };
          },
        },
      ],
      () => page,
      () => {},
    );
    expect(await builder.pageFor('/h5/pages/other')).toBeNull();
    const first = await builder.pageFor('/h5/pages/index/index');
    expect(dataBlock(String(first?.identity))).toEqual([{ key: ['k'], data: 1 }]);
    const second = await builder.pageFor('/h5/pages/index/index');
    expect(dataBlock(String(second?.identity))).toEqual([{ key: ['k'], data: 2 }]);
    fail = true;
    const without = await builder.pageFor('/h5/pages/index/index');
    expect(String(without?.identity)).toBe(page);
  });
});

describe('the home page as the server sends it', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), page);
    t = await createTestApp({ WEB_DIST: dist });
    await t.db
      .insertInto('content_slots')
      .values([
        { kind: 'banner', place: 'home', title: HOSTILE, image_url: '/market/art/banner/0.svg?t=x', sort: 1 },
        { kind: 'banner', place: 'pcHome', title: 'PC 横幅', image_url: '/pc.svg', sort: 1 },
        { kind: 'popup', place: 'home', title: '弹窗', image_url: '/p.svg', sort: 1 },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { 'accept-encoding': 'identity', ...headers } });

  it("carries the scene's banners under the web's key, escaped, and preloads the first image", async () => {
    const res = await get('/h5/pages/index/index');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toMatch(/[\u2028\u2029]/);
    const [entry] = dataBlock(res.body) as [{ key: unknown; data: { list: { bannerName: string }[] } }];
    expect(entry.key).toEqual(['market', 'banners', 'home']);
    expect(entry.data.list.map((b) => b.bannerName)).toEqual([HOSTILE]);
    expect(res.body).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/market/art/banner/0.svg?t=x">',
    );
    // The same as the call answers.
    const pc = dataBlock((await get('/web/pages/index/index')).body) as [{ key: unknown; data: unknown }];
    expect(pc[0].key).toEqual(['market', 'banners', 'pcHome']);
    expect(JSON.stringify(pc[0].data)).toContain('PC 横幅');
  });

  it('is the same page for a visitor and a logged-in buyer (nothing of a session)', async () => {
    const { token } = await loginAs(t, '13900001111');
    const visitor = await get('/h5/pages/index/index');
    const buyer = await get('/h5/pages/index/index', { 'x-token': token, cookie: `token=${token}` });
    expect(buyer.body).toBe(visitor.body);
    expect(buyer.body).not.toContain(token);
  });

  it('shows a banner published or taken down on the next load', async () => {
    const titles = async () =>
      (
        (dataBlock((await get('/h5/pages/index/index')).body) as [{ data: { list: { bannerName: string }[] } }])[0].data
          .list ?? []
      ).map((b) => b.bannerName);
    expect(await titles()).toEqual([HOSTILE]);
    const { id } = await t.db
      .insertInto('content_slots')
      .values({ kind: 'banner', place: 'home', title: '双十二', image_url: '/b.svg', sort: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await titles()).toEqual([HOSTILE, '双十二']);
    await t.db.deleteFrom('content_slots').where('id', '=', id).execute();
    expect(await titles()).toEqual([HOSTILE]);
  });

  it('goes compressed as asked', async () => {
    const plain = (await get('/h5/pages/index/index')).body;
    const br = await get('/h5/pages/index/index', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await get('/h5/pages/index/index', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it('leaves the other pages as built', async () => {
    for (const url of ['/h5/pages/commodityDetail/index', '/h5/pages/index/other', '/h5/']) {
      const res = await get(url);
      expect(res.body, url).toBe(page);
    }
  });
});
