import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gameInfo, gameTokenLogin, roleList, serverAll } from '@app/protocol/calls/game';
import { gameConfig } from '@app/protocol/calls/market-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../tests/start-server';
import { loadConfig } from '../src/config';
import { createTestApp, expectCode, type TestApp, type TestClient } from './helpers';

/**
 * A game the exchange knows only from GAMES (decision 0015): the demo game runs as its own process
 * on its own port, the marketplace runs with DEMO_GAME=0 and reaches it over HTTP, signed.
 */
const GAME_ID = 'demo-xianxia';
const SECRET = 'partner-games-test-secret';
let game: ChildProcess;
let gameUrl: string;
let dataDir: string;
let stderr = '';
let t: TestApp;
let client: TestClient;
const appId = { headers: { 'x-appid': GAME_ID } };

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (game.exitCode !== null) throw new Error(`the demo game exited (${game.exitCode}): ${stderr}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the demo game did not answer ${url}: ${stderr}`);
}

beforeAll(async () => {
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-game-'));
  gameUrl = `http://127.0.0.1:${port}/demo-game`;
  game = spawn(process.execPath, ['--import', 'tsx', 'apps/demo-game/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      GAME_ID,
      DEMO_GAME_SECRET: SECRET,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  game.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await waitFor(`${gameUrl}/api/servers`, 30_000);
  t = await createTestApp({
    DEMO_GAME: '0',
    GAMES: JSON.stringify([
      {
        gameId: GAME_ID,
        name: '仙侠·外部',
        baseUrl: `${gameUrl}/partner/v1`,
        secret: SECRET,
        crossServer: true,
        authType: 2,
      },
    ]),
  });
  client = await t.client('H5SDK');
});

afterAll(async () => {
  await t?.close();
  if (game && game.exitCode === null) {
    const ended = new Promise((resolve) => game.once('exit', resolve));
    game.kill('SIGTERM');
    await ended;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a game configured in GAMES, reached over the partner API', () => {
  it('syncs the game and its servers from the separate process at start', async () => {
    const all = (await client.call(serverAll, {}, appId)).data as {
      groups: Array<{ masterServerId: string; servers: Array<{ serverName: string }> }>;
    };
    expect(all.groups.map((g) => [g.masterServerId, g.servers.length])).toEqual([
      ['m1', 2],
      ['m2', 2],
    ]);
    expect(all.groups[0]!.servers.map((s) => s.serverName)).toContain('青云一服');
    expect((await client.call(gameInfo, {}, appId)).data).toMatchObject({ gameName: '仙侠·外部' });
    // The operator's authType of GAMES is the game config's: this game asks for the ID photos.
    expect((await client.call(gameConfig, {}, appId)).data).toMatchObject({ authType: 2 });
    // No embedded demo game: the legend game is unknown here.
    expectCode(await client.call(serverAll, {}, { headers: { 'x-appid': 'demo-legend' } }), '10003');
  });

  it("logs a player in with a token of the game's own process, and reads their roles through it", async () => {
    const login = (await (
      await fetch(`${gameUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'player1', password: 'demo123' }),
      })
    ).json()) as { ok: boolean; data: { gameId: string; gameToken: string; serverId: string; roleId: string } };
    expect(login.ok).toBe(true);
    expect(login.data.gameId).toBe(GAME_ID);
    const pt = { gameId: GAME_ID, gameToken: login.data.gameToken, serverId: login.data.serverId };
    const res = await client.call(gameTokenLogin, pt);
    expectCode(res, '200');
    const { token } = res.data as { token: string };
    const roles = await client.call(roleList, { serverId: login.data.serverId }, { token, ...appId });
    expectCode(roles, '200');
    expect(JSON.stringify(roles.data)).toContain(login.data.roleId);
    expectCode(await client.call(gameTokenLogin, { ...pt, gameToken: 'forged' }), '20018');
  });
});

describe('the GAMES setting', () => {
  const env = (GAMES: string) => ({ APP_ENV: 'local', GAMES });
  it('takes a JSON list of games and refuses anything else with a clear message', () => {
    const games = loadConfig(
      env('[{"gameId":"g1","name":"一","baseUrl":"https://g1.example/p/v1","secret":"0123456789abcdef"}]'),
    ).GAMES;
    expect(games).toEqual([
      {
        gameId: 'g1',
        name: '一',
        baseUrl: 'https://g1.example/p/v1',
        secret: '0123456789abcdef',
        iconUrl: '',
        crossServer: false,
        authType: 1,
      },
    ]);
    expect(loadConfig({ APP_ENV: 'local' }).GAMES).toEqual([]);
    expect(() => loadConfig(env('not json'))).toThrow(/GAMES: a JSON array like/);
    expect(() => loadConfig(env('{"gameId":"g1"}'))).toThrow(/GAMES: a JSON array like/);
    expect(() => loadConfig(env('[{"gameId":"g1","name":"一","baseUrl":"ftp://x","secret":"short"}]'))).toThrow(
      /GAMES\.0\.baseUrl.*\n.*GAMES\.0\.secret/,
    );
    const twice = '{"gameId":"g1","name":"一","baseUrl":"https://g1.example","secret":"0123456789abcdef"}';
    expect(() => loadConfig(env(`[${twice},${twice}]`))).toThrow(/each gameId once/);
    const photos =
      '{"gameId":"g1","name":"一","baseUrl":"https://g1.example","secret":"0123456789abcdef","authType":2}';
    expect(loadConfig(env(`[${photos}]`)).GAMES[0]?.authType).toBe(2);
    expect(() => loadConfig(env(`[${photos.replace('"authType":2', '"authType":4')}]`))).toThrow(
      /GAMES\.0\.authType.*authType: 1 \(switchable\), 2 \(ID photos\) or 3 \(name and number\)/,
    );
  });
});
