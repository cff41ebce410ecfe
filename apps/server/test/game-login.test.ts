import {
  checkGameTokenOnline,
  gameTokenLogin,
  h5sdkPhoneLogin,
  h5sdkSendSms,
  serverList,
} from '@app/protocol/calls/game';
import { getTradeId, userInfo } from '@app/protocol/calls/user';
import { describe, expect, it } from 'vitest';
import { demoGameLogin, expectCode, leaveGame, useTestApp, useTestClient } from './helpers';

const t = useTestApp();
const client = useTestClient(t, 'H5SDK');

const gameLogin = (account: string) => demoGameLogin(t, account);

describe('game login through the gateway', () => {
  it('logs the player in from the game token, the same account every time', async () => {
    const info = await gameLogin('player1');
    const res = await client.call(gameTokenLogin, {
      gameId: info.gameId,
      gameToken: info.gameToken,
      serverId: info.serverId,
      roleId: info.roleId,
      roleName: info.role,
    });
    expectCode(res, '200');
    const { token, uid, mobile } = res.data as { token: string; uid: string; mobile: string };
    expect(mobile).toBe('');
    expectCode(await client.call(userInfo, {}, { token }), '200');
    const again = await gameLogin('player1');
    const second = await client.call(gameTokenLogin, {
      gameId: again.gameId,
      gameToken: again.gameToken,
      serverId: again.serverId,
    });
    expect((second.data as { uid: string }).uid).toBe(uid);
  });

  it('answers 20018 for an unknown token or another server, and AppId异常 for an unknown game', async () => {
    const info = await gameLogin('player2');
    expectCode(
      await client.call(gameTokenLogin, { gameId: info.gameId, gameToken: 'forged', serverId: info.serverId }),
      '20018',
    );
    expectCode(
      await client.call(gameTokenLogin, { gameId: info.gameId, gameToken: info.gameToken, serverId: 's9' }),
      '20018',
    );
    expectCode(
      await client.call(gameTokenLogin, { gameId: 'other-game', gameToken: info.gameToken, serverId: info.serverId }),
      '10003',
    );
  });

  it('sees the role online while the game says so', async () => {
    const info = await gameLogin('player3');
    const res = await client.call(checkGameTokenOnline, {
      gameId: info.gameId,
      gameToken: info.gameToken,
      serverId: info.serverId,
    });
    expect(res.data).toEqual({ online: true, roleId: info.roleId });
    await leaveGame(t, info.gameToken);
    const after = await client.call(checkGameTokenOnline, {
      gameId: info.gameId,
      gameToken: info.gameToken,
      serverId: info.serverId,
    });
    expect(after.data).toEqual({ online: false, roleId: info.roleId });
  });

  it("lists the game's servers with their master groups", async () => {
    const res = await client.call(serverList, {}, { headers: { 'x-appid': 'demo-legend' } });
    expect((res.data as { list: unknown[] }).list).toHaveLength(6);
    expect((res.data as { list: Array<{ masterServerId: string }> }).list[0]).toMatchObject({ masterServerId: 'm1' });
  });
});

describe('phone login from inside a game', () => {
  it('sends the code with the game token and links the game account to the phone user', async () => {
    const info = await gameLogin('player3');
    const pt = { gameId: info.gameId, gameToken: info.gameToken, serverId: info.serverId };
    const phone = '13100000003';
    expectCode(await client.call(h5sdkSendSms, { ...pt, phone, smsType: 'phoneLogin' }), '200');
    expectCode(
      await client.call(h5sdkSendSms, { ...pt, phone: '1310000000', smsType: 'phoneLogin' }),
      '10002',
      '请正确填写您的手机号码',
    );
    const [sms] = (await t.app.inject({ method: 'GET', url: `/dev/sms/outbox?phone=${phone}` })).json().data;
    const login = await client.call(h5sdkPhoneLogin, { ...pt, phone, code: sms.code });
    expectCode(login, '200');
    // The next login from the game token lands on the same (phone) user.
    const again = await client.call(gameTokenLogin, pt);
    expect((again.data as { uid: string; mobile: string }).uid).toBe((login.data as { uid: string }).uid);
    expect((again.data as { mobile: string }).mobile).toBe(phone);
    expectCode(await client.call(h5sdkPhoneLogin, { ...pt, gameToken: 'forged', phone, code: sms.code }), '20018');
  });
});

describe('getTradeId', () => {
  it('answers the trade id and the game accounts with their last role', async () => {
    const info = await gameLogin('player1');
    const login = await client.call(gameTokenLogin, {
      gameId: info.gameId,
      gameToken: info.gameToken,
      serverId: info.serverId,
      roleName: '战神无双',
    });
    const { token, uid } = login.data as { token: string; uid: string };
    const res = await client.call(getTradeId, {}, { token });
    expect(res.data).toMatchObject({
      tradeId: uid,
      accounts: [{ tradeId: uid, gameId: 'demo-legend', lastLoginRoleName: '战神无双' }],
    });
  });
});
