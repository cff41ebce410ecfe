import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../tests/start-server';

/**
 * Two web builds side by side (`npm run bench:web-ab -- <distA> <distB> [runs] [path]`): Lighthouse
 * mobile on the same page of each, alternating A/B and B/A for `runs` rounds (8), so that a
 * machine's drift reaches both alike. On a shared 2-core machine one build's runs spread over ±5
 * points: a change worth keeping moves the mean of 8 runs, not one run. Copy a build
 * (`cp -r apps/web/dist /tmp/dist-a`) before changing the code and building the other.
 */
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const [distA, distB, rounds = '8', page = '/h5/pages/index/index'] = process.argv.slice(2);
if (!distA || !distB) {
  console.warn('usage: npm run bench:web-ab -- <distA> <distB> [runs] [path]');
  process.exit(1);
}

interface Run {
  performance: number;
  tbtMs: number;
  lcpMs: number;
}

async function measure(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
    const audits = result?.lhr.audits ?? {};
    return {
      performance: Math.round((result?.lhr.categories.performance?.score ?? 0) * 100),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    };
  } finally {
    await chrome.kill();
  }
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
const mean = (xs: number[]) => Math.round((xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length)) * 10) / 10;

const servers = [await startServer(3401, { WEB_DIST: distA }), await startServer(3402, { WEB_DIST: distB })];
const runs: Run[][] = [[], []];
try {
  for (let round = 0; round < Number(rounds); round++)
    for (const k of round % 2 ? [1, 0] : [0, 1]) runs[k]?.push(await measure(`${servers[k]?.baseUrl}${page}`));
} finally {
  for (const server of servers) await server.stop();
}
runs.forEach((list, k) => {
  const perf = list.map((r) => r.performance);
  console.info(
    `${k === 0 ? 'A' : 'B'} ${k === 0 ? distA : distB}: performance ${perf.join('/')} (median ${median(perf)}, mean ${mean(perf)}), TBT median ${median(list.map((r) => r.tbtMs))} ms, LCP median ${median(list.map((r) => r.lcpMs))} ms`,
  );
});
