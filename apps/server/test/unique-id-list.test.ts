import { gameTokenLogin } from '@app/protocol/calls/game';
import { getUniqueIdList } from '@app/protocol/calls/market-games';
import { describe, expect, it } from 'vitest';
import { demoGameLogin, expectCode, loginAs, useTestApp, useTestClient } from './helpers';

/** getUniqueIdList: the customer-account options of platform-shell §2 (唯一码, last role, last login). */
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
const demo = { headers: { 'x-appid': 'demo-legend' } };

describe('getUniqueIdList', () => {
  it('answers the game accounts the user logged in with: his 唯一码, the last role and when', async () => {
    const info = await demoGameLogin(t, 'player1');
    const pt = { gameId: info.gameId, gameToken: info.gameToken, serverId: info.serverId };
    const before = Math.floor(Date.now() / 1000);
    // The SDK sends the role it logged in with.
    const login = (await sdk.call(gameTokenLogin, { ...pt, roleId: info.roleId, roleName: info.role })).data as {
      token: string;
      uid: string;
    };
    const res = await app.call(getUniqueIdList, {}, { token: login.token, ...demo });
    expectCode(res, '200');
    const { list } = res.data as { list: Array<{ tradeId: string; lastLoginRoleName: string; lastLoginTime: number }> };
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ tradeId: login.uid, lastLoginRoleName: info.role });
    expect(list[0]!.lastLoginTime).toBeGreaterThanOrEqual(before - 1);
    expect(list[0]!.lastLoginTime).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
    // Asked again, the same answer.
    expect((await app.call(getUniqueIdList, {}, { token: login.token, ...demo })).data).toEqual(res.data);
  });

  it('answers none for a user who never played the game; refuses no game, an unknown game and no session', async () => {
    const phoneUser = await loginAs(t, '13799994001');
    expect((await app.call(getUniqueIdList, {}, { token: phoneUser.token, ...demo })).data).toEqual({ list: [] });
    expectCode(await app.call(getUniqueIdList, {}, { token: phoneUser.token }), '10003');
    expectCode(
      await app.call(getUniqueIdList, {}, { token: phoneUser.token, headers: { 'x-appid': 'no-such-game' } }),
      '10003',
    );
    expectCode(await app.call(getUniqueIdList, {}, demo), '50000');
  });
});
