import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Whether nothing listens on the port of 127.0.0.1. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port nothing listens on (the system's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  /** Run on this data folder (kept by stop(): it is the caller's); otherwise a fresh one, removed by stop(). */
  dataDir?: string;
  /** Node's own flags for the server process (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}

/** How the server process ended: its exit code, or the signal that ended it. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  /** Settles when the process has ended. */
  exited: Promise<Exit>;
  /** SIGTERM (a graceful shutdown), waits for the process to end, removes a fresh data folder. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash would, and waits for the process to end (the data folder stays). */
  kill(): Promise<Exit>;
}

/**
 * Starts the real server as `npm start` would (the demo's entry, demo/src/start.ts) (fresh PGlite folder, or the given one) on a port,
 * and waits for /health. Used by the browser journeys, the benchmark and the crash-restart test.
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'market-run-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Another server on the port would answer /health in this one's place.
  if (!(await portIsFree(port))) throw new Error(`port ${port} is in use: cannot start the server there`);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'demo/src/start.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const endWith = async (signal: NodeJS.Signals, graceMs: number): Promise<Exit> => {
    if (!ended()) child.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), graceMs);
    });
    const result = await Promise.race([exited, late]);
    clearTimeout(timer);
    if (result !== 'late') return result;
    child.kill('SIGKILL');
    return exited;
  };
  // A server starting beside others on a loaded 2-core machine took 77 s (migrations, demo seed):
  // three minutes before it counts as not starting.
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline || ended()) {
      await endWith('SIGKILL', 5_000);
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server at ${baseUrl} did not become healthy`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    baseUrl,
    dataDir,
    exited,
    async stop() {
      await endWith('SIGTERM', 15_000);
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => endWith('SIGKILL', 10_000),
  };
}
