import {
  accountList,
  checkSameMasterServer,
  coinNum,
  gameInfo,
  gameTokenLogin,
  getJyhKeyInfo,
  isShowCrossServerCommodity,
  itemBlacklist,
  roleList,
  serverAll,
} from '@app/protocol/calls/game';
import { describe, expect, it } from 'vitest';
import { demoGameLogin, expectCode, leaveGame, useTestApp, useTestClient } from './helpers';

const appId = { headers: { 'x-appid': 'demo-legend' } };
const t = useTestApp();
const client = useTestClient(t, 'H5SDK');

const gameLogin = (account: string) => demoGameLogin(t, account);

describe('game data through the gateway', () => {
  it('groups servers by master server and names the game', async () => {
    const all = (await client.call(serverAll, {}, appId)).data as {
      groups: Array<{ masterServerId: string; servers: unknown[] }>;
    };
    expect(all.groups.map((g) => [g.masterServerId, g.servers.length])).toEqual([
      ['m1', 2],
      ['m2', 2],
      ['m3', 2],
    ]);
    expect((await client.call(gameInfo, {}, appId)).data).toEqual({
      iconUrl: '/demo-game/render/icon.svg',
      gameName: '传奇·演示',
    });
    expectCode(await client.call(gameInfo, {}, { headers: { 'x-appid': 'nope' } }), '10003');
  });

  it("lists the user's linked game accounts and roles", async () => {
    const info = await gameLogin('player1');
    const login = await client.call(gameTokenLogin, {
      gameId: info.gameId,
      gameToken: info.gameToken,
      serverId: info.serverId,
    });
    const token = (login.data as { token: string }).token;
    expect((await client.call(accountList, {}, { ...appId, token })).data).toMatchObject({
      list: [{ accountId: 'player1' }],
    });
    const roles = (await client.call(roleList, {}, { ...appId, token })).data as { list: Array<{ serverId: string }> };
    expect(roles.list).toHaveLength(3);
    const s1 = (await client.call(roleList, { serverId: 's1' }, { ...appId, token })).data as { list: unknown[] };
    expect(s1.list).toHaveLength(1);
  });

  it('answers cross-server, coins and the blacklist for the playing role', async () => {
    const info = await gameLogin('player1');
    const pt = { gameId: info.gameId, gameToken: info.gameToken, serverId: info.serverId };
    expect((await client.call(checkSameMasterServer, { ...pt, targetServerId: 's2' })).data).toEqual({ same: true });
    expect((await client.call(checkSameMasterServer, { ...pt, targetServerId: 's3' })).data).toEqual({ same: false });
    expect((await client.call(isShowCrossServerCommodity, pt)).data).toEqual({ show: true, masterServerId: 'm1' });
    const coins = (await client.call(coinNum, pt)).data as {
      list: Array<{ coinType: string; total: number; available: number }>;
    };
    expect(coins.list.map((c) => c.coinType)).toEqual(['元宝', '金币', '绑定元宝']);
    const blacklist = (await client.call(itemBlacklist, pt)).data as { list: Array<{ subType: number }> };
    for (const item of blacklist.list) expect(item.subType).toBe(7);
    await leaveGame(t, info.gameToken);
    expectCode(await client.call(coinNum, pt), '20301', '不在线');
  });

  it('learns consignment keys from the game and tells which game a key belongs to', async () => {
    const info = await gameLogin('player3');
    const issued = (
      await t.app.inject({
        method: 'POST',
        url: '/demo-game/api/consignment-key',
        headers: { 'x-game-token': info.gameToken },
      })
    ).json();
    expect(issued.ok).toBe(true);
    // Only for the user linked to the key's game account (security/consignment-key.test.ts).
    const pt = { gameId: info.gameId, gameToken: info.gameToken, serverId: info.serverId };
    const token = ((await client.call(gameTokenLogin, pt)).data as { token: string }).token;
    const res = await client.call(getJyhKeyInfo, { jyhKey: issued.data.key.toLowerCase() }, { token });
    expectCode(res, '200');
    expect(res.data).toMatchObject({ applicationId: 'demo-legend' });
    const shots = await t.db.selectFrom('role_screenshots').selectAll().where('role_id', '=', info.roleId).execute();
    expect(shots.map((s) => s.kind).sort()).toEqual(['bag', 'equipment', 'skills', 'warehouse']);
    const svg = await t.app.inject({ method: 'GET', url: shots[0]!.url });
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expectCode(await client.call(getJyhKeyInfo, { jyhKey: 'ZZZZZZ' }, { token }), '31001');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/partner-callback/v1/consignmentKey',
      headers: {
        'content-type': 'application/json',
        'x-partner-id': 'demo-legend',
        'x-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-nonce': 'n',
        'x-request-id': 'r',
        'x-signature': 'ab'.repeat(32),
      },
      payload: JSON.stringify({
        key: 'FORGED1',
        prePublishLockId: '00000000-forged',
        accountId: 'a',
        serverId: 's1',
        roleId: 'r1',
        expiresAt: Date.now() + 60_000,
      }),
    });
    expect(forged.json()).toMatchObject({ ok: false, code: 'BAD_SIGNATURE' });
    expectCode(await client.call(getJyhKeyInfo, { jyhKey: 'FORGED1' }, { token }), '31001');
  });
});
