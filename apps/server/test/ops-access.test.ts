import { describe, expect, it } from 'vitest';
import { loginAs, testDb, useTestApp } from './helpers';
import { opsApi } from './ops-helpers';

/**
 * The console from an attacker's side, over every route it has (read from the app, so a route
 * added later is covered without being listed here): no token, a player's session token, a made-up
 * token and the token of a staff member disabled since he signed in are refused with 401 before
 * anything runs; only the login and the first admin's bootstrap are open.
 */
const t = useTestApp();
const ops = opsApi(t);

/**
 * Every console route the app serves, as [method, path] with each :param filled in, read from
 * Fastify's route tree (each line a segment under its parent, indented by depth).
 */
function consoleRoutes(): Array<[string, string]> {
  const stack: string[] = [];
  const routes: Array<[string, string]> = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = Math.floor(at / 4);
    const m = line.slice(at + 3).match(/^(\S*)(?: \(([^)]+)\))?/);
    stack.length = depth;
    const path = `${stack.join('')}${m?.[1] ?? ''}`;
    stack.push(m?.[1] ?? '');
    if (!path.startsWith('/ops/v1/') || !m?.[2]) continue;
    const filled = path.replace(/:[A-Za-z]+/g, '1');
    for (const method of m[2].split(', ')) if (method !== 'HEAD' && method !== 'OPTIONS') routes.push([method, filled]);
  }
  return routes;
}

/**
 * The only routes open before a sign-in: the sign-in itself, and the first admin's creation by the
 * bootstrap key (refused for good once an admin exists, checked below).
 */
const OPEN = new Set(['POST /ops/v1/login', 'POST /ops/v1/bootstrap']);

describe(`every console route refuses who is not a signed-in, enabled staff member (${testDb})`, () => {
  it('no token, a player token, a forged token and a disabled member get 401 on every route', async () => {
    const routes = consoleRoutes();
    // The console's areas are all there (a parse that found nothing would pass vacuously).
    expect(routes.length).toBeGreaterThan(40);
    for (const area of ['/ops/v1/users', '/ops/v1/withdrawals', '/ops/v1/games', '/ops/v1/stats', '/ops/v1/listings'])
      expect(
        routes.some(([, p]) => p.startsWith(area)),
        area,
      ).toBe(true);

    const player = (await loginAs(t, '13900035001')).token;
    const member = await ops.staffMember('ops-access-leaver', 'admin');
    const admin = await ops.login('ops-admin', 'demo-ops-123');
    expect((await ops.call('PATCH', `/staff/${member.id}`, { token: admin, body: { disabled: true } })).code).toBe(
      '200',
    );
    const callers: Array<[string, Record<string, string>]> = [
      ['no token', {}],
      ['a player session', { authorization: `Bearer ${player}` }],
      ['a player session as X-Token', { 'x-token': player }],
      ['a made-up token', { authorization: `Bearer ${'f'.repeat(64)}` }],
      ['a disabled staff member', { authorization: `Bearer ${member.token}` }],
    ];
    const leaks: string[] = [];
    for (const [method, url] of routes) {
      if (OPEN.has(`${method} ${url}`)) continue;
      for (const [who, headers] of callers) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        if (res.statusCode !== 401)
          leaks.push(`${method} ${url} for ${who}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(leaks).toEqual([]);
    const bootstrap = await t.app.inject({
      method: 'POST',
      url: '/ops/v1/bootstrap',
      payload: { key: 'x'.repeat(32), username: 'intruder', displayName: '入侵者', password: 'pass-word-123' },
    });
    expect(bootstrap.json()).toMatchObject({ code: '60004', msg: '已有管理员，初始化密钥不再可用' });
  });
});
