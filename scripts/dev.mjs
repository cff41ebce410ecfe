#!/usr/bin/env node
// `npm run dev`: the server under tsx watch on :3000 and Vite with hot reload on :5173
// (Vite proxies every path the server answers, packages/protocol/src/server-paths.ts). Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, APP_ENV: process.env.APP_ENV ?? 'development' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@app/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
