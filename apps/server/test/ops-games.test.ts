import { sellConfig } from '@app/protocol/calls/consignment';
import { serverFunctionList } from '@app/protocol/calls/market-games';
import { checkVersion } from '@app/protocol/calls/system';
import type { GrayUser, OpsGame, OpsMaintenance, OpsPaged } from '@app/protocol/ops-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectCode,
  freshDatabase,
  loginAs,
  type TestDatabase,
  testDb,
  useTestApp,
  useTestClient,
} from './helpers';
import { opsApi } from './ops-helpers';

/**
 * 游戏与规则 (issue 34 item 6): the maintenance switch a player's checkVersion obeys and a gray user
 * passes, the gray list, each game's rules taking effect for what comes next; refused to 客服, 财务
 * and a player's token; bad values refused with nothing changed; every write audited.
 */
const t = useTestApp();
const app = useTestClient(t, 'APP');
const ops = opsApi(t);
const GAME = 'demo-legend';
const appId = { headers: { 'x-appid': GAME } };

let cs: string;
let finance: string;
let operator: string;
let admin: string;

beforeAll(async () => {
  cs = await ops.login('ops-cs', 'demo-cs-123');
  finance = await ops.login('ops-finance', 'demo-fin-123');
  operator = await ops.login('ops-operator', 'demo-ops-123');
  admin = await ops.login('ops-admin', 'demo-ops-123');
});

const audits = (action: string) =>
  t.db.selectFrom('staff_audit').selectAll().where('action', '=', action).orderBy('id').execute();
const settingsOf = async (token = operator) => (await ops.call<OpsGame>('GET', `/games/${GAME}`, { token })).data;
const bodyOf = (g: OpsGame, reason = '调整规则') => ({
  rules: g.rules,
  consignmentOpen: g.consignmentOpen,
  crossServer: g.crossServer,
  links: g.links,
  reason,
});

describe(`the console's games and rules (${testDb})`, () => {
  it('refuses every route to 客服 and 财务, and to a player token', async () => {
    const player = (await loginAs(t, '13900034001')).token;
    const game = await settingsOf();
    const routes: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/maintenance'],
      ['POST', '/maintenance', { updating: true, message: '停服维护', endsAt: null, reason: '版本更新' }],
      ['GET', '/gray-users'],
      ['POST', '/gray-users', { uid: '12345678', reason: '内测用户' }],
      ['POST', '/gray-users/1/remove', { reason: '内测结束' }],
      ['GET', '/app-version'],
      ['POST', '/app-version', { minPreAppVersion: '3.2.0', reason: '强制升级' }],
      ['GET', '/games'],
      ['GET', `/games/${GAME}`],
      ['POST', `/games/${GAME}`, bodyOf(game)],
    ];
    for (const [method, url, body] of routes) {
      for (const token of [cs, finance]) {
        const res = await ops.call(method, url, { token, body });
        expect([url, res.status, res.code]).toEqual([url, 403, '60004']);
        expect(res.msg).toContain('仅运营和管理员可以设置游戏规则');
      }
      const asPlayer = await ops.call(method, url, { token: player, body });
      expect([url, asPlayer.status, asPlayer.code]).toEqual([url, 401, '60001']);
    }
    expect((await ops.call<OpsMaintenance>('GET', '/maintenance', { token: admin })).data.updating).toBe(false);
    expect(await audits('system.maintenance')).toHaveLength(0);
    expect(await audits('game.settings')).toHaveLength(0);
  });

  it('switches maintenance on for players, lets a signed-in gray user through, and lifts it', async () => {
    const player = await loginAs(t, '13900034002');
    const gray = await loginAs(t, '13900034003');
    const endsAt = Date.now() + 2 * 3_600_000;

    const bad: Array<[unknown, string]> = [
      [{ updating: true, message: '', endsAt, reason: '版本更新' }, '开启维护须填写维护公告'],
      [
        { updating: true, message: '停服维护', endsAt: Date.now() - 60_000, reason: '版本更新' },
        '预计结束时间须晚于现在',
      ],
      [{ updating: true, message: '停服维护', endsAt, reason: '' }, '请填写原因'],
      [{ updating: 'yes', message: '停服维护', endsAt, reason: '版本更新' }, '请选择开启或关闭维护'],
    ];
    for (const [body, msg] of bad) {
      const res = await ops.call('POST', '/maintenance', { token: operator, body });
      expect([res.code, res.msg]).toEqual(['10002', expect.stringContaining(msg)]);
    }
    expect((await app.call(checkVersion, {}, { token: player.token })).data).toMatchObject({ updating: 0 });
    expect(await audits('system.maintenance')).toHaveLength(0);

    const added = await ops.call('POST', '/gray-users', {
      token: operator,
      body: { uid: gray.uid, reason: '内测用户' },
    });
    expect(added.code).toBe('200');

    const on = await ops.call<OpsMaintenance>('POST', '/maintenance', {
      token: operator,
      body: { updating: true, message: '停服更新，预计两小时', endsAt, reason: '版本更新' },
    });
    expect(on.data).toEqual({ updating: true, message: '停服更新，预计两小时', endsAt });
    const seen = { updating: 1, maintenanceMessage: '停服更新，预计两小时', maintenanceEndsAt: endsAt };
    expect((await app.call(checkVersion, {}, { token: player.token })).data).toMatchObject(seen);
    expect((await app.call(checkVersion, {})).data).toMatchObject(seen);
    // The X-Env header alone is anyone's to send: it does not pass maintenance.
    expect((await app.call(checkVersion, {}, { headers: { 'x-env': 'gray' } })).data).toMatchObject(seen);
    expect((await app.call(checkVersion, {}, { token: gray.token })).data).toMatchObject({ updating: 0 });

    const off = await ops.call<OpsMaintenance>('POST', '/maintenance', {
      token: admin,
      body: { updating: false, reason: '更新完成' },
    });
    expect(off.data).toMatchObject({ updating: false, endsAt: null });
    expect((await app.call(checkVersion, {}, { token: player.token })).data).toMatchObject({
      updating: 0,
      maintenanceEndsAt: null,
    });

    const rows = await audits('system.maintenance');
    expect(rows).toHaveLength(2);
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(json(rows[0]!.before)).toMatchObject({ updating: false });
    expect(json(rows[0]!.after)).toMatchObject({ updating: true, endsAt, reason: '版本更新' });
    expect(json(rows[1]!.after)).toMatchObject({ updating: false, reason: '更新完成' });
  });

  it('adds and removes gray users by uid, paged, refusing what changes nothing', async () => {
    const a = await loginAs(t, '13900034011');
    const b = await loginAs(t, '13900034012');
    for (const u of [a, b]) {
      const res = await ops.call('POST', '/gray-users', { token: operator, body: { uid: u.uid, reason: '内测用户' } });
      expect(res.code).toBe('200');
    }
    const again = await ops.call('POST', '/gray-users', { token: operator, body: { uid: a.uid, reason: '内测用户' } });
    expect([again.code, again.msg]).toEqual(['10002', '该用户已是灰度用户']);
    const nobody = await ops.call('POST', '/gray-users', {
      token: operator,
      body: { uid: '99999999999', reason: '内测' },
    });
    expect([nobody.code, nobody.msg]).toEqual(['10002', '没有UID为99999999999的用户']);
    const malformed = await ops.call('POST', '/gray-users', { token: operator, body: { uid: 'abc', reason: '内测' } });
    expect([malformed.code, malformed.msg]).toEqual(['10002', '用户UID为4–12位数字']);

    const first = await ops.call<OpsPaged<GrayUser>>('GET', '/gray-users?page=1&pageSize=1', { token: operator });
    const total = first.data.total;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(first.data.list).toHaveLength(1);
    const all = await ops.call<OpsPaged<GrayUser>>('GET', `/gray-users?pageSize=${total}`, { token: operator });
    const uids = all.data.list.map((g) => g.uid);
    expect(uids).toEqual(expect.arrayContaining([a.uid, b.uid]));
    const row = all.data.list.find((g) => g.uid === a.uid)!;
    expect(row.mobile).toBe('139****4011');

    const removed = await ops.call('POST', `/gray-users/${row.userId}/remove`, {
      token: admin,
      body: { reason: '内测结束' },
    });
    expect(removed.code).toBe('200');
    const twice = await ops.call('POST', `/gray-users/${row.userId}/remove`, {
      token: admin,
      body: { reason: '内测结束' },
    });
    expect([twice.code, twice.msg]).toEqual(['10002', '该用户不是灰度用户']);
    const after = await ops.call<OpsPaged<GrayUser>>('GET', '/gray-users?pageSize=100', { token: operator });
    expect(after.data.total).toBe(total - 1);
    expect(after.data.list.map((g) => g.uid)).not.toContain(a.uid);

    const removals = await t.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'user.gray_remove')
      .where('target_user_id', '=', Number(row.userId))
      .execute();
    expect(removals).toHaveLength(1);
  });

  it('sets the redownload gate that checkVersion hands the app, refusing a malformed version', async () => {
    expect((await app.call(checkVersion, {})).data).toMatchObject({ minPreAppVersion: '3.0.0' });
    for (const [body, msg] of [
      [{ minPreAppVersion: 'v3', reason: '强制升级' }, '版本号格式为 3.0.0'],
      [{ minPreAppVersion: '3.0.0', reason: '强制升级' }, '最低版本未改变'],
      [{ minPreAppVersion: '3.2.0', reason: '' }, '请填写原因（至少2个字）'],
    ] as const) {
      const res = await ops.call('POST', '/app-version', { token: operator, body });
      expect([res.code, res.msg]).toEqual(['10002', msg]);
    }
    expect(await audits('system.app_version')).toHaveLength(0);
    const set = await ops.call('POST', '/app-version', {
      token: operator,
      body: { minPreAppVersion: '3.2.0', reason: '强制升级' },
    });
    expect(set.data).toEqual({ minPreAppVersion: '3.2.0' });
    expect((await app.call(checkVersion, {})).data).toMatchObject({ minPreAppVersion: '3.2.0' });
    const [row] = await audits('system.app_version');
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect([json(row!.before), json(row!.after)]).toEqual([
      { minPreAppVersion: '3.0.0' },
      { minPreAppVersion: '3.2.0', reason: '强制升级' },
    ]);
  });

  it('edits a game: bad values refused with nothing changed, a change seen by the next listing, audited', async () => {
    const before = await settingsOf();
    const bad: Array<[(g: OpsGame) => unknown, string]> = [
      [(g) => ({ ...bodyOf(g), rules: { ...g.rules, servicePercent: 31 } }), '手续费比例不能超过30%'],
      [(g) => ({ ...bodyOf(g), rules: { ...g.rules, servicePercent: -1 } }), '手续费比例不能为负数'],
      [(g) => ({ ...bodyOf(g), rules: { ...g.rules, roleMinPrice: 150 } }), '角色最低价须为大于0的整数元'],
      [
        (g) => ({ ...bodyOf(g), rules: { ...g.rules, roleMinPrice: 200_000, roleMaxPrice: 100_000 } }),
        '角色最低价不能高于最高价',
      ],
      [(g) => ({ ...bodyOf(g), rules: { ...g.rules, depositSellerPercent: 101 } }), '卖家补偿比例不能超过100%'],
      [
        (g) => ({ ...bodyOf(g), rules: { ...g.rules, depositMinFen: 60_000, depositMaxFen: 50_000 } }),
        '保证金下限不能高于上限',
      ],
      [
        (g) => ({ ...bodyOf(g), links: { ...g.links, iosUrl: 'http://example.com/app' } }),
        'iOS下载地址须以 https:// 或本站路径 / 开头',
      ],
      [
        (g) => ({ ...bodyOf(g), links: { ...g.links, pcUrl: '//evil.example/x' } }),
        'PC地址须以 https:// 或本站路径 / 开头',
      ],
      [(g) => ({ ...bodyOf(g), reason: '' }), '请填写原因（至少2个字）'],
    ];
    for (const [make, msg] of bad) {
      const res = await ops.call('POST', `/games/${GAME}`, { token: operator, body: make(before) });
      expect([res.code, res.msg]).toEqual(['10002', msg]);
    }
    const unknown = await ops.call('POST', '/games/no-such-game', { token: operator, body: bodyOf(before) });
    expect([unknown.code, unknown.msg]).toEqual(['10003', '游戏不存在']);
    expect(await settingsOf()).toEqual(before);
    expect(await audits('game.settings')).toHaveLength(0);

    const next = {
      ...bodyOf(before, '春节活动调整'),
      rules: { ...before.rules, servicePercent: 3.5, roleMinPrice: 5_000, bargainOpen: false },
      crossServer: !before.crossServer,
      links: { ...before.links, androidUrl: 'https://example.com/legend.apk' },
    };
    const saved = await ops.call<OpsGame>('POST', `/games/${GAME}`, { token: operator, body: next });
    expect(saved.code).toBe('200');
    expect(saved.data.rules).toMatchObject({ servicePercent: 3.5, roleMinPrice: 5_000, bargainOpen: false });

    const config = (await app.call(sellConfig, {}, appId)).data as { rules: Record<string, unknown> };
    expect(config.rules).toMatchObject({ servicePercent: 3.5, roleMinPrice: 5_000, bargainOpen: false });
    const fns = (await app.call(serverFunctionList, {}, appId)).data as {
      list: Array<{ code: string; enabled: boolean }>;
    };
    expect(fns.list.find((f) => f.code === 'bargain')?.enabled).toBe(false);
    expect(fns.list.find((f) => f.code === 'crossServer')?.enabled).toBe(!before.crossServer);

    const [row] = await audits('game.settings');
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(json(row!.before)).toMatchObject({ gameId: GAME, rules: { servicePercent: before.rules.servicePercent } });
    expect(json(row!.after)).toMatchObject({
      gameId: GAME,
      rules: { servicePercent: 3.5 },
      links: { androidUrl: 'https://example.com/legend.apk' },
      reason: '春节活动调整',
    });

    // Put it back so the rest of the file sees the demo's game as it was.
    expectCode(
      { ...(await ops.call('POST', `/games/${GAME}`, { token: admin, body: bodyOf(before, '恢复') })) },
      '200',
    );
  });
});

describe(`a game's edited settings across a restart (${testDb})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it("keeps the operator's links and cross-server display when the start-up sync runs again", async () => {
    const first = await createTestApp({}, database);
    const api = opsApi(first);
    const token = await api.login('ops-operator', 'demo-ops-123');
    const before = (await api.call<OpsGame>('GET', `/games/${GAME}`, { token })).data;
    const edited = {
      ...bodyOf(before, '更换下载地址'),
      crossServer: !before.crossServer,
      links: { ...before.links, iosUrl: 'https://example.com/legend-ios' },
    };
    expect((await api.call('POST', `/games/${GAME}`, { token, body: edited })).code).toBe('200');
    await first.close();

    const second = await createTestApp({}, database);
    const again = opsApi(second);
    const after = (
      await again.call<OpsGame>('GET', `/games/${GAME}`, { token: await again.login('ops-operator', 'demo-ops-123') })
    ).data;
    expect(after).toMatchObject({
      crossServer: !before.crossServer,
      links: { iosUrl: 'https://example.com/legend-ios' },
    });
    // A game nobody edited still follows its catalogue entry.
    const other = (
      await second.db.selectFrom('games').select('ops_edited').where('application_id', '!=', GAME).execute()
    ).map((g) => g.ops_edited);
    expect(other.every((e) => e === false)).toBe(true);
    await second.close();
  });
});
