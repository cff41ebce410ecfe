import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startGame, type TestGame } from './helpers';

let g: TestGame | undefined;
afterEach(async () => {
  await g?.app.close();
  g = undefined;
});

describe('rendered screenshots', () => {
  it('draws each kind from the role’s real data with text, rects and gradients only', async () => {
    g = await startGame();
    const items = (await g.partner.items('r1')).items;
    for (const kind of ['equipment', 'bag', 'warehouse', 'skills']) {
      const res = await g.app.inject({ method: 'GET', url: `/demo-game/render/role/r1/${kind}.svg` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body).toContain('战神无双');
      expect(res.body).not.toMatch(/<image|<use|href=|@import|url\(http/);
      if (kind !== 'skills')
        for (const item of items.filter((i) => i.place === kind)) expect(res.body).toContain(item.name);
    }
    expect((await g.app.inject({ method: 'GET', url: '/demo-game/render/role/r1/secrets.svg' })).statusCode).toBe(404);
    expect((await g.app.inject({ method: 'GET', url: '/demo-game/render/role/zz/bag.svg' })).statusCode).toBe(404);
  });
});

describe('the host page', () => {
  it('serves the launcher with its config, styles and bridge script', async () => {
    g = await startGame({ publicBaseUrl: 'https://market.example' });
    const page = await g.app.inject({ method: 'GET', url: '/demo-game/host' });
    expect(page.headers['content-type']).toContain('text/html');
    for (const id of ['game-account', 'game-login', 'game-key', 'game-open-market', 'game-safe-zone'])
      expect(page.body).toContain(`data-testid="${id}"`);
    expect(page.body).toContain('"marketBase":"https://market.example"');
    expect(page.body).toContain('type="module" src="/demo-game/host/host.js"');
    const js = await g.app.inject({ method: 'GET', url: '/demo-game/host/bridge.js' });
    for (const type of [
      'closeView',
      'getGameInfoJson',
      'getGameAppID',
      'gotoBrowser',
      'backToSelectRole',
      'backToSelectServer',
      'screenshots',
      'checkSecurityZone',
      'putFileToAliYun',
      'getGameLoginSuccessTimes',
    ])
      expect(js.body).toContain(`${type}:`);
    const host = await g.app.inject({ method: 'GET', url: '/demo-game/host/host.js' });
    expect(host.body).toContain('sendBeacon');
    expect(host.body).toContain("from './bridge.js'");
    expect((await g.app.inject({ method: 'GET', url: '/demo-game/host/host.css' })).statusCode).toBe(200);
  });
});

describe('persistence', () => {
  it('writes state.json after a change and starts from it again', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-game-'));
    try {
      g = await startGame({ dataDir });
      const info = await g.login('player1');
      await g.partner.freeze({ kind: 'items', listingId: 'P', roleId: info.roleId, itemIds: ['i7'] }, 'p');
      await g.app.close();
      const saved = JSON.parse(await fs.readFile(path.join(dataDir, 'demo-game', 'state.json'), 'utf8'));
      expect(saved.roles[0].items.find((i: { id: string }) => i.id === 'i7').frozenBy).toBe('P');
      expect(await fs.readdir(path.join(dataDir, 'demo-game'))).toEqual(['state.json']);
      g = await startGame({ dataDir });
      expect((await g.partner.items(info.roleId)).items.find((i) => i.id === 'i7')).toMatchObject({ frozen: true });
      expect((await g.partner.verifyToken(info.gameToken)).accountId).toBe('player1');
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
