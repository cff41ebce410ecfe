import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startServer } from '../tests/start-server';

/**
 * Web budgets (docs/architecture.md): the first screen of the H5 home and of the commodity detail
 * ship under 170 KB of gzipped JS, and Lighthouse mobile performance is 90+ on the production
 * build. Needs the web build (`npm run build -w apps/web`) and Debian's Chromium (CHROME_PATH).
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
const pages = {
  h5Home: '/h5/pages/index/index',
  h5Detail: '/h5/pages/commodityDetail/index?id=1',
};

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

async function lighthouseScore(url: string) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
    const lhr = result?.lhr;
    const metric = (id: string) => Math.round(lhr?.audits[id]?.numericValue ?? 0);
    return {
      performance: Math.round((lhr?.categories.performance?.score ?? 0) * 100),
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
  for (const [name, p] of Object.entries(pages)) {
    const url = `${server.baseUrl}${p}`;
    const js = await firstScreenJs(url);
    // Lighthouse varies from run to run on a shared 2-core machine: the median of RUNS (3) runs.
    const runs: Awaited<ReturnType<typeof lighthouseScore>>[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouseScore(url));
    const lh = { ...median(runs), runs: runs.map((r) => r.performance) };
    report[name] = { ...js, withinBudget: js.gzipKB <= BUDGET_KB, lighthouse: lh };
    console.info(
      `${name}: ${js.gzipKB} KB gz JS in ${js.files} files; Lighthouse mobile performance ${lh.performance}`,
      lh,
    );
  }
} finally {
  await server.stop();
}
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync('bench/results/web.json', `${JSON.stringify(report, null, 2)}\n`);
