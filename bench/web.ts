import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startServer } from '../tests/start-server';

/**
 * Web budgets (docs/architecture.md): the first screen of the H5 home and of the commodity detail
 * ship under 170 KB of gzipped JS; Lighthouse mobile performance is 90+ and accessibility 95+ on
 * the home, the list, the detail and the order page (确认订单, logged in) of the production build.
 * Needs the web build (`npm run build -w apps/web`) and Debian's Chromium (CHROME_PATH).
 */
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BUDGET_KB = 170;
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/** Each figure's median over the runs. */
function median<T extends Record<string, number>>(runs: T[]): T {
  const out: Record<string, number> = {};
  for (const key of Object.keys(runs[0] ?? {})) {
    const sorted = runs.map((r) => r[key] ?? 0).sort((a, b) => a - b);
    out[key] = sorted[Math.floor(sorted.length / 2)] ?? 0;
  }
  return out as T;
}
const dist = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.warn(`${dist} is missing: run npm run build -w apps/web first`);
  process.exit(1);
}
const server = await startServer(Number(process.env.BENCH_WEB_PORT ?? 3390), { WEB_DIST: dist });
/** The pages measured; `js`: the first screen's JS is weighed too; `session`: opened logged in. */
const pages: Record<string, { path: string; js?: boolean; session?: boolean }> = {
  h5Home: { path: '/h5/pages/index/index', js: true },
  h5List: { path: '/h5/pages/commodityList/list?applicationId=demo-legend' },
  h5Detail: { path: '/h5/pages/commodityDetail/index?id=1', js: true },
  h5Order: { path: '/h5/pages/orderNew/orderConfirmPlace/orderConfirmPlace?commodityId=1', session: true },
};
const A11Y_TARGET = 95;
/** `BENCH_WEB_PAGES=h5Home,h5List` measures only those pages (while working on one). */
const only = process.env.BENCH_WEB_PAGES?.split(',');

/** A buyer's session from the test hook, for the pages behind a login. */
async function session(): Promise<{ token: string; uid: string }> {
  const res = await fetch(`${server.baseUrl}/dev/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: '13900009999' }),
  });
  return ((await res.json()) as { data: { token: string; uid: string } }).data;
}

async function firstScreenJs(url: string): Promise<{ files: number; gzipKB: number }> {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body());
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url, { waitUntil: 'networkidle' });
  // A page that broke loads little and paints fast: its figures would mean nothing.
  if (errors.length > 0) throw new Error(`${url} failed to render: ${errors.join('; ')}`);
  await page.getByTestId('commodity-card').first().or(page.getByTestId('commodity-detail')).first().waitFor();
  const all = await Promise.all(bodies);
  await browser.close();
  const gz = all.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
  return { files: all.length, gzipKB: Math.round(gz / 102.4) / 10 };
}

async function lighthouseScore(url: string, login: { token: string; uid: string } | null) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    if (login) {
      // The session where the app keeps it, then Lighthouse told to keep the storage.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(server.baseUrl);
      await page.evaluate((s) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('uid', s.uid);
      }, login);
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: login !== null,
      logLevel: 'error',
    });
    const lhr = result?.lhr;
    const metric = (id: string) => Math.round(lhr?.audits[id]?.numericValue ?? 0);
    return {
      performance: Math.round((lhr?.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr?.categories.accessibility?.score ?? 0) * 100),
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: lhr?.audits['cumulative-layout-shift']?.numericValue ?? 0,
    };
  } finally {
    await chrome.kill();
  }
}

const report: Record<string, unknown> = { date: new Date().toISOString(), budgetKB: BUDGET_KB };
try {
  const login = await session();
  for (const [name, p] of Object.entries(pages)) {
    if (only && !only.includes(name)) continue;
    const url = `${server.baseUrl}${p.path}`;
    const js = p.js ? await firstScreenJs(url) : null;
    // Lighthouse varies from run to run on a shared 2-core machine: the median of RUNS (3) runs.
    const runs: Awaited<ReturnType<typeof lighthouseScore>>[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouseScore(url, p.session ? login : null));
    const lh = { ...median(runs), runs: runs.map((r) => r.performance) };
    report[name] = {
      ...(js ? { ...js, withinBudget: js.gzipKB <= BUDGET_KB } : {}),
      accessibleEnough: lh.accessibility >= A11Y_TARGET,
      lighthouse: lh,
    };
    console.info(
      `${name}: ${js ? `${js.gzipKB} KB gz JS in ${js.files} files; ` : ''}Lighthouse mobile performance ${lh.performance}, accessibility ${lh.accessibility}`,
      lh,
    );
  }
} finally {
  await server.stop();
}
// A partial run does not replace the recorded figures.
if (!only) {
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/web.json', `${JSON.stringify(report, null, 2)}\n`);
}
