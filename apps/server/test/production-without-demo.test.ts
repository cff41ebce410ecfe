import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * A loader hook (after tsx's) that writes every module the process resolves to a file, synchronously,
 * so what a process loaded before it stopped is all there.
 */
const HOOK = `
import fs from 'node:fs';
let file;
export function initialize(data) { file = data.file; }
export async function resolve(specifier, context, next) {
  const answer = await next(specifier, context);
  fs.appendFileSync(file, answer.url + '\\n');
  return answer;
}`;

/**
 * The modules an entry's process loads: the entry is started under APP_ENV=production with none
 * of production's settings, so it links its whole static module graph, then stops at the
 * configuration's refusal before it opens anything.
 */
function modulesLoadedBy(entry: string): { loaded: string[]; stderr: string; status: number | null } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'module-graph-'));
  const file = path.join(dir, 'loaded.txt');
  const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOK)}`)}, { data: { file: ${JSON.stringify(file)} } });`;
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--import', `data:text/javascript,${encodeURIComponent(register)}`, entry],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', APP_ENV: 'production', DATA_DIR: dir },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  const loaded = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  fs.rmSync(dir, { recursive: true, force: true });
  return { loaded, stderr: child.stderr, status: child.status };
}

const demoCode = (url: string) =>
  url.startsWith('file:') &&
  (url.includes('/apps/demo-game/') || url.includes('/node_modules/@app/demo-game/') || url.includes(`${root}/demo/`));

describe("production's entry loads no demo code", () => {
  it('server.ts links the whole exchange and not one module of the demo games or the demo seed', () => {
    const run = modulesLoadedBy('apps/server/src/server.ts');
    // It got as far as reading the configuration (every static import linked): production refuses it.
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.loaded.some((url) => url.endsWith('/apps/server/src/app.ts'))).toBe(true);
    expect(run.loaded.some((url) => url.endsWith('/modules/market/market.module.ts'))).toBe(true);
    expect(run.loaded.filter(demoCode)).toEqual([]);
  }, 90_000);

  it("the demo's entry (npm start) loads them: the check sees what it looks for", () => {
    const run = modulesLoadedBy('demo/src/start.ts');
    expect(run.status).toBe(1);
    const demo = run.loaded.filter(demoCode);
    expect(demo.some((url) => url.endsWith('/demo/src/demo-market.ts'))).toBe(true);
    expect(demo.some((url) => url.includes('/demo-game/src/plugin.ts'))).toBe(true);
  }, 90_000);
});
