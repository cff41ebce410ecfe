import { commodityList } from '@app/protocol/calls/exchange';
import { gameTokenLogin } from '@app/protocol/calls/game';
import { userInfo } from '@app/protocol/calls/user';
import { describe, expect, it } from 'vitest';
import { demoGameLogin, testDb, useTestApp, useTestClient } from './helpers';

/** The value of one sample line of the Prometheus text (name and labels as written), or null. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe('/metrics without a token: a scraper on this machine only', () => {
  const t = useTestApp();
  const client = useTestClient(t, 'APP');

  it('answers the process, HTTP by call and code, statements, codec opens and partner calls', async () => {
    const listed = await client.call(commodityList, { page: 1, pageSize: 5 });
    // A df call without a session: its envelope code is counted beside the successes.
    const refused = await client.call(userInfo, {});
    const info = await demoGameLogin(t, 'player2');
    const login = await client.call(gameTokenLogin, {
      gameId: info.gameId,
      gameToken: info.gameToken,
      serverId: info.serverId,
    });
    expect(login.code).toBe('200');

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    // The process: event-loop lag, memory.
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_resident_memory_bytes');
    // HTTP by route, status and the envelope's code: a success, a refused X-AppId, no session.
    const route = (call: string) => `route="/${call}",method=`;
    expect(
      sample(
        text,
        `http_requests_total{${route('pt/api/h5sdk/user/v1/gameTokenLogin')}"POST",status="200",code="200"}`,
      ),
    ).toBe(1);
    expect(listed.code).not.toBe('200');
    expect(
      sample(
        text,
        `http_requests_total{${route('pb/api/app/exchange/v1/commodityList')}"GET",status="200",code="${listed.code}"}`,
      ),
    ).toBe(1);
    expect(refused.code).not.toBe('200');
    expect(
      sample(
        text,
        `http_requests_total{${route('df/api/app/user/v1/userInfo')}"GET",status="200",code="${refused.code}"}`,
      ),
    ).toBe(1);
    expect(
      sample(text, `http_request_duration_seconds_count{${route('pt/api/h5sdk/user/v1/gameTokenLogin')}"POST"}`),
    ).toBe(1);
    // Every statement timed; version-2 envelopes opened.
    expect(sample(text, 'db_statement_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
    const opens =
      (sample(text, 'codec_v2_opens_total{where="thread"}') ?? 0) +
      (sample(text, 'codec_v2_opens_total{where="event_loop"}') ?? 0);
    expect(opens).toBeGreaterThanOrEqual(3);
    // The partner API by game, path and outcome.
    expect(
      sample(text, `partner_call_duration_seconds_count{game="${info.gameId}",path="/token/verify",outcome="ok"}`),
    ).toBe(1);
    expect(text).toContain('chat_sockets 0');
    // PostgreSQL: its pool's connections.
    if (testDb === 'postgres') expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
    // /metrics itself is not counted.
    expect(text).not.toContain('route="/metrics"');
  });

  it('refuses a request that came through a balancer (X-Forwarded-For) and a remote address', async () => {
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forwarded.statusCode).toBe(404);
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('nodejs_');
  });
});

describe('/metrics with METRICS_TOKEN: its bearer only, from anywhere', () => {
  const token = 'scrape-token-0123456789';
  const t = useTestApp({ METRICS_TOKEN: token });

  it('answers the bearer of the token, through the balancer too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.0.0.7',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.0.0.1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_requests_total');
  });

  it('refuses no token, a wrong one, and one of another length, even from this machine', async () => {
    for (const authorization of [undefined, `Bearer ${token.slice(0, -1)}x`, `Bearer ${token}0`, token]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(404);
    }
  });

  it('a token shorter than 16 characters does not start', async () => {
    const { loadConfig } = await import('../src/config');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});

describe('METRICS=off', () => {
  const t = useTestApp({ METRICS: 'off' });
  it('serves no /metrics and measures nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});
