import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, startGame, type TestGame } from './helpers';

let g: TestGame;
beforeEach(async () => {
  g = await startGame();
});
afterEach(() => g.app.close());

describe('login (the PROTOCOL.md test hook)', () => {
  it('answers the loginInfo of the first role on the first server and puts it online', async () => {
    const info = await g.login('player1');
    expect(info).toMatchObject({
      gameId: 'demo-legend',
      serverId: 's1',
      serverName: '龙腾一区',
      roleId: 'r1',
      role: expect.any(String),
      roleLevel: expect.any(Number),
      jobId: 1,
      jobName: '战士',
      roleAtt: expect.any(Number),
    });
    expect(info.gameToken.length).toBeGreaterThanOrEqual(20);
    expect(await g.partner.roleOnline(info.roleId)).toMatchObject({ online: true });
  });

  it('refuses a wrong password or an unknown account with a zh-CN message', async () => {
    for (const [account, password] of [
      ['player1', 'nope'],
      ['nobody', 'demo123'],
    ]) {
      const res = await g.app.inject({ method: 'POST', url: '/demo-game/api/login', payload: { account, password } });
      expect(res.json()).toEqual({ ok: false, code: 'BAD_LOGIN', message: '账号或密码错误' });
    }
    const empty = await g.app.inject({ method: 'POST', url: '/demo-game/api/login', payload: { account: 'player1' } });
    expect(empty.json()).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
  });

  it('locks an account for 15 minutes after 5 wrong passwords, and an address after 20', async () => {
    const attempt = (account: string, password: string, ip = '10.0.0.1') =>
      g.app
        .inject({ method: 'POST', url: '/demo-game/api/login', payload: { account, password }, remoteAddress: ip })
        .then((r) => r.json());
    for (let i = 0; i < 4; i += 1) expect((await attempt('player1', 'nope')).code).toBe('BAD_LOGIN');
    expect(await attempt('player1', 'nope')).toEqual({
      ok: false,
      code: 'LOGIN_LOCKED',
      message: '密码错误次数过多，该账号已被锁定，请15分钟后再试',
    });
    // The right password waits too, from any address; another account is not touched.
    expect(await attempt('player1', 'demo123', '10.0.0.2')).toMatchObject({ ok: false, code: 'LOGIN_LOCKED' });
    expect((await attempt('player2', 'demo123')).ok).toBe(true);
    g.clock.now += 14 * 60_000;
    expect((await attempt('player1', 'demo123')).message).toBe('密码错误次数过多，该账号已被锁定，请1分钟后再试');
    g.clock.now += 60_000;
    expect((await attempt('player1', 'demo123')).ok).toBe(true);

    // One address trying many accounts: 20 wrong passwords lock the address, not the accounts.
    for (let i = 0; i < 19; i += 1) expect((await attempt(`guess${i}`, 'nope', '10.0.0.9')).code).toBe('BAD_LOGIN');
    expect((await attempt('guess19', 'nope', '10.0.0.9')).message).toBe('登录失败次数过多，请15分钟后再试');
    expect((await attempt('player3', 'demo123', '10.0.0.9')).code).toBe('LOGIN_LOCKED');
    expect((await attempt('player3', 'demo123', '10.0.0.3')).ok).toBe(true);
  });

  it('counts successful logins (getGameLoginSuccessTimes)', async () => {
    await g.login('player2');
    const info = await g.login('player2');
    expect((await g.play(info.gameToken, 'me')).data.loginCount).toBe(2);
    expect((await g.partner.account('player2')).loginSuccessTimes).toBe(2);
  });
});

describe('tokens and online state', () => {
  it('verifies a token until it expires 2 h later', async () => {
    const info = await g.login('player1');
    expect(await g.partner.verifyToken(info.gameToken)).toMatchObject({
      accountId: 'player1',
      serverId: 's1',
      roleId: info.roleId,
      online: true,
    });
    g.clock.now += 2 * 3_600_000 - 1;
    expect((await g.partner.verifyToken(info.gameToken)).accountId).toBe('player1');
    g.clock.now += 1;
    expect(await refusal(g.partner.verifyToken(info.gameToken))).toBe('TOKEN_EXPIRED');
    expect(await refusal(g.partner.verifyToken('made-up'))).toBe('TOKEN_INVALID');
  });

  it('keeps a role online with heartbeats and offline 30 s after the last one', async () => {
    const info = await g.login('player1');
    g.clock.now += 25_000;
    expect((await g.play(info.gameToken, 'heartbeat', {})).ok).toBe(true);
    g.clock.now += 29_000;
    expect((await g.partner.roleOnline(info.roleId)).online).toBe(true);
    g.clock.now += 1_000;
    expect((await g.partner.roleOnline(info.roleId)).online).toBe(false);
    expect((await g.partner.verifyToken(info.gameToken)).online).toBe(false);
  });

  it('takes the role offline at once on the pagehide beacon (token in the body)', async () => {
    const info = await g.login('player3');
    const res = await g.app.inject({
      method: 'POST',
      url: '/demo-game/api/logout',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token: info.gameToken }),
    });
    expect(res.json()).toMatchObject({ ok: true });
    expect((await g.partner.roleOnline(info.roleId)).online).toBe(false);
  });

  it('switching roles moves the online state to the chosen role', async () => {
    const info = await g.login('player1');
    const roles = (await g.play(info.gameToken, 'roles?serverId=s2')).data.roles;
    expect(roles).toHaveLength(1);
    expect((await g.play(info.gameToken, 'select-role', { roleId: roles[0].id })).ok).toBe(true);
    expect((await g.partner.roleOnline(roles[0].id)).online).toBe(true);
    expect((await g.partner.roleOnline(info.roleId)).online).toBe(false);
    expect(await g.partner.verifyToken(info.gameToken)).toMatchObject({ serverId: 's2', roleId: roles[0].id });
    const foreign = await g.play(info.gameToken, 'select-role', { roleId: 'r4' });
    expect(foreign).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });
});
