import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { demoGame } from '../src/plugin';
import { GAME_PROFILES, LEGEND, marketSellerAccounts, SANGUO, XIANXIA } from '../src/profiles';
import { seedState } from '../src/seed';
import { openStore } from '../src/store';
import { startGame, type TestGame } from './helpers';

let g: TestGame | null = null;
afterEach(async () => {
  await g?.app.close();
  g = null;
});

/** Fields of today's legend world, read from the seed before the profiles came. */
const LEGEND_ROLES = [
  [
    'r1',
    'player1',
    's1',
    '战神无双',
    '战士',
    68,
    84_519,
    1_753_056_000_000,
    1_080_000,
    3_602_856,
    21_711_022,
    56_942,
    'i18',
    '王者之戒',
  ],
  [
    'r2',
    'player1',
    's2',
    '冰雪法师',
    '法师',
    42,
    79_200,
    1_747_785_600_000,
    890_000,
    1_129_117,
    6_353_923,
    28_181,
    'i36',
    '嗜魂法杖',
  ],
  [
    'r3',
    'player1',
    's3',
    '逍遥道长',
    '道士',
    71,
    106_066,
    1_758_672_000_000,
    0,
    2_540_966,
    73_722_952,
    76_015,
    'i54',
    '绑定金砖',
  ],
  [
    'r4',
    'player2',
    's1',
    '烈焰狂刀',
    '战士',
    53,
    70_743,
    1_757_808_000_000,
    1_920_000,
    1_728_271,
    39_139_755,
    13_639,
    'i72',
    '麻痹戒指',
  ],
  [
    'r5',
    'player2',
    's2',
    '天机道人',
    '法师',
    95,
    121_571,
    1_741_046_400_000,
    1_820_000,
    2_147_305,
    4_755_336,
    87_215,
    'i90',
    '王者之戒',
  ],
  [
    'r6',
    'player3',
    's1',
    '紫电青霜',
    '道士',
    84,
    124_245,
    1_749_772_800_000,
    1_780_000,
    3_104_503,
    86_988_702,
    12_808,
    'i108',
    '天尊项链',
  ],
  [
    'r7',
    'player3',
    's4',
    '醉卧沙场',
    '战士',
    93,
    106_140,
    1_752_969_600_000,
    530_000,
    1_204_163,
    24_128_004,
    97_166,
    'i126',
    '麻痹戒指',
  ],
] as const;

describe('game profiles', () => {
  it("keeps the legend world's demo players, buyer and servers as they were", () => {
    const w = seedState(LEGEND);
    expect(w.accounts.slice(0, 4).map((a) => a.id)).toEqual(['player1', 'player2', 'player3', 'buyer1']);
    expect(w.servers.map((s) => `${s.id}:${s.name}:${s.masterServerId}`)).toEqual([
      's1:龙腾一区:m1',
      's2:龙腾二区:m1',
      's3:凤鸣一区:m2',
      's4:凤鸣二区:m2',
      's5:麒麟一区:m3',
      's6:麒麟二区:m3',
    ]);
    for (const [i, row] of LEGEND_ROLES.entries()) {
      const r = w.roles[i];
      const [
        id,
        accountId,
        serverId,
        name,
        roleClass,
        level,
        power,
        createdAt,
        recharge,
        yb,
        jb,
        byb,
        lastItem,
        lastName,
      ] = row;
      expect(r).toMatchObject({ id, accountId, serverId, name, roleClass, level, power, createdAt, recharge });
      expect(r?.coins).toEqual({ 元宝: yb, 金币: jb, 绑定元宝: byb });
      expect(r?.items).toHaveLength(18);
      expect(r?.items.at(-1)).toMatchObject({ id: lastItem, name: lastName });
    }
    expect(w.roles[7]).toMatchObject({ id: 'r8', accountId: 'buyer1', serverId: 's1', name: '新手买家', level: 12 });
    expect(w.roles[7]?.coins).toEqual({ 元宝: 0, 金币: 1_000, 绑定元宝: 0 });
    expect(w.roles.slice(8).every((r) => r.accountId.startsWith('seller'))).toBe(true);
    expect(w.roles[8]?.id).toBe('r9');
    expect(w.roles[8]?.items[0]?.id).toBe('i127');
  });

  it.each(GAME_PROFILES.map((p) => [p.gameId, p] as const))('%s has servers and a market of sellers', (gameId, p) => {
    const w = seedState(p);
    expect(w.servers.length).toBeGreaterThanOrEqual(4);
    expect(new Set(w.servers.map((s) => s.masterServerId)).size).toBeGreaterThanOrEqual(2);
    const sellers = marketSellerAccounts(gameId);
    expect(sellers[0]).toBe('seller01');
    expect(w.accounts.map((a) => a.id)).toEqual(expect.arrayContaining([...sellers, 'player1', 'buyer1']));
    const roles = w.roles.filter((r) => sellers.includes(r.accountId));
    expect(roles.length).toBeGreaterThanOrEqual(40);
    expect(new Set(roles.map((r) => r.serverId))).toEqual(new Set(w.servers.map((s) => s.id)));
    expect(new Set(roles.map((r) => r.roleClass))).toEqual(new Set(p.classes.map((c) => c.name)));
    expect(roles.every((r) => r.level >= 1 && r.level <= 100)).toBe(true);
    expect(roles.every((r) => Object.keys(r.coins).join() === p.coins.join())).toBe(true);
    expect(roles.flatMap((r) => r.items).filter((i) => i.tradable).length).toBeGreaterThanOrEqual(400);
    expect(new Set(w.roles.map((r) => r.id)).size).toBe(w.roles.length);
    expect(new Set(w.roles.flatMap((r) => r.items.map((i) => i.id))).size).toBe(w.roles.flatMap((r) => r.items).length);
    // Deterministic: the same world on every fresh start.
    expect(JSON.stringify(seedState(p))).toBe(JSON.stringify(w));
  });

  it('gives the three games different worlds', () => {
    const names = GAME_PROFILES.map((p) => seedState(p).roles[0]?.roleClass);
    expect(new Set(names).size).toBe(3);
    expect(seedState(XIANXIA).roles[0]?.coins).toHaveProperty('灵石');
    expect(seedState(SANGUO).roles[0]?.coins).toHaveProperty('铜钱');
  });
});

describe('a xianxia instance', () => {
  it('freezes and unfreezes a seller role over the partner API', async () => {
    g = await startGame({ gameId: 'demo-xianxia', profile: XIANXIA });
    const { roles } = await g.partner.roles('seller01');
    const roleId = roles[0]?.id as string;
    expect(roles[0]?.roleClass).toMatch(/剑修|法修|体修/);
    const coins = await g.partner.coins(roleId);
    expect(coins.coins.map((c) => c.coinType)).toEqual(['灵石', '仙玉', '绑定仙玉']);
    await g.partner.freeze({ kind: 'coins', listingId: 'X1', roleId, coinType: '灵石', amount: 1_000 }, 'fc');
    expect((await g.partner.coins(roleId)).coins[0]?.frozen).toBe(1_000);
    await g.partner.unfreeze({ listingId: 'X1', roleId }, 'uc');
    expect((await g.partner.freeze({ kind: 'role', listingId: 'X2', roleId }, 'fr')).already).toBe(false);
    expect((await g.partner.roles('seller01')).roles[0]?.locked).toBe(true);
    await g.partner.unfreeze({ listingId: 'X2', roleId }, 'ur');
    expect((await g.partner.roles('seller01')).roles[0]?.locked).toBe(false);
    const servers = (await g.partner.servers()).servers.map((s) => s.name);
    expect(servers).toEqual(['青云一服', '青云二服', '昆仑一服', '昆仑二服']);
    const icon = await g.app.inject({ url: '/demo-game/render/icon.svg' });
    expect(icon.body).toContain('仙侠');
    const host = await g.app.inject({ url: '/demo-game/host' });
    expect(host.body).toContain('<title>仙侠·演示');
    const me = await g.login('seller01');
    expect(me.jobName).toMatch(/剑修|法修|体修/);
    expect(me.jobId).toBeGreaterThanOrEqual(1);
  });

  it('keeps its state apart from the legend game', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-profiles-'));
    try {
      const app = Fastify();
      await app.register(demoGame, { prefix: '/demo-game', dataDir: dir, gameId: 'demo-legend', partnerSecret: 's' });
      await app.register(demoGame, { prefix: '/demo-sanguo', dataDir: dir, gameId: 'demo-sanguo', partnerSecret: 's' });
      await app.ready();
      await app.inject({
        method: 'POST',
        url: '/demo-sanguo/api/login',
        payload: { account: 'player1', password: 'demo123' },
      });
      await app.inject({
        method: 'POST',
        url: '/demo-game/api/login',
        payload: { account: 'player1', password: 'demo123' },
      });
      await app.close();
      const sanguo = JSON.parse(await fs.readFile(path.join(dir, 'demo-game', 'demo-sanguo', 'state.json'), 'utf8'));
      const legend = JSON.parse(await fs.readFile(path.join(dir, 'demo-game', 'state.json'), 'utf8'));
      expect(sanguo.servers[0].name).toBe('魏国一区');
      expect(legend.servers[0].name).toBe('龙腾一区');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('adds the market sellers to an older legend state file', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-profiles-'));
    try {
      const old = seedState(LEGEND);
      old.accounts = old.accounts.slice(0, 4);
      old.roles = old.roles.slice(0, 8);
      old.roles[0]!.level = 99;
      await fs.mkdir(path.join(dir, 'demo-game'), { recursive: true });
      await fs.writeFile(path.join(dir, 'demo-game', 'state.json'), JSON.stringify(old));
      const w = (await openStore(dir)).read();
      expect(w.roles[0]?.level).toBe(99);
      expect(w.roles.length).toBe(seedState(LEGEND).roles.length);
      expect(w.accounts.map((a) => a.id)).toContain('seller45');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
