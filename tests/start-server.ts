import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Starts the real server as `npm start` would (fresh PGlite folder) on a port, and waits for
 * /health. Used by the browser journeys and the benchmark.
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; baseUrl: string; stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-run-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`server at ${baseUrl} did not become healthy`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
