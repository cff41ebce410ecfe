#!/usr/bin/env node
// `npm run dev`: the server under tsx watch on :3000 (PORT) and Vite with hot reload on :5173
// (Vite proxies every path the server answers, packages/protocol/src/server-paths.ts, to API_URL,
// by default the server's PORT). Reads the project's .env first, the environment winning. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const envFile = new URL('../.env', import.meta.url);
if (existsSync(envFile)) process.loadEnvFile(envFile);
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

const children = [
  spawn('npx', ['tsx', 'watch', 'demo/src/start.ts'], {
    stdio: 'inherit',
    env: { ...process.env, APP_ENV: process.env.APP_ENV ?? 'development' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@app/web'], { stdio: 'inherit', env: { ...process.env, API_URL: apiUrl } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
