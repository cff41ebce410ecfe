import { spawn } from 'node:child_process';
import path from 'node:path';

/** The repository's root, where `npm run backup` runs the tools from. */
const root = path.resolve(import.meta.dirname, '../../..');

export interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const TOOLS = {
  backup: 'apps/server/src/platform/db/backup.cli.ts',
  restore: 'apps/server/src/platform/db/restore.cli.ts',
} as const;

/**
 * One of the operator's tools as `npm run <tool> -- <args>` runs it, in a process of its own with
 * exactly `env` beside PATH (no DATABASE_URL or DATA_DIR of the test's environment leaks in).
 * Asynchronous: the test's own server goes on answering while it runs.
 */
export function runTool(tool: keyof typeof TOOLS, env: Record<string, string>, args: string[] = []): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', TOOLS[tool], ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The file a successful `npm run backup` names. */
export function writtenFile(run: ToolRun): string {
  const match = /^backup written: (.+?) \(/m.exec(run.stdout);
  if (run.code !== 0 || !match) throw new Error(`backup failed (${run.code}): ${run.stderr}${run.stdout}`);
  return match[1]!;
}
