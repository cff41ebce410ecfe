import { setTimeout as sleep } from 'node:timers/promises';
import { checkVersion } from '@app/protocol/calls/system';
import { callPath } from '@app/protocol/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { useTestApp } from './helpers';

describe('load shedding: over its heap limit the process refuses new requests at once', () => {
  // A heap limit no process can keep under: every sample finds the process over it.
  const t = useTestApp({ SHED_HEAP_USED_RATIO: '0.000001', SHED_SAMPLE_MS: '10' });

  const overloaded = async () => {
    for (let i = 0; i < 500 && !t.app.isUnderPressure(); i++) await sleep(10);
    expect(t.app.isUnderPressure()).toBe(true);
  };

  it('a call gets 503 with Retry-After and the uniform envelope 10000 系统繁忙', async () => {
    await overloaded();
    const res = await t.app.inject({ method: 'GET', url: callPath(checkVersion) });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toEqual({ code: '10000', msg: '系统繁忙，请稍后再试', data: null });
  });

  it('/health says overloaded (the balancer moves traffic away); readiness and /metrics still answer', async () => {
    await overloaded();
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'overloaded' });
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/http_shed_total\{reason="heapUsedBytes"\} [1-9]/);
    expect(metrics.body).toMatch(/http_requests_total\{route="[^"]+",method="GET",status="503",code="10000"\} [1-9]/);
  });

  it("a gateway's payment notification is still let in (money already moved)", async () => {
    await overloaded();
    const res = await t.app.inject({ method: 'POST', url: '/pay/notify/sandbox', payload: 'garbage' });
    expect(res.statusCode).not.toBe(503);
  });
});

describe('load shedding by default', () => {
  const t = useTestApp();
  it('watches the event loop on PostgreSQL only (PGlite runs in it) and the heap at 90 % of its limit', async () => {
    const base = { DATA_DIR: '/nonexistent' };
    expect(loadConfig(base).SHED_EVENT_LOOP_DELAY_MS).toBeUndefined();
    expect(loadConfig({ ...base, SHED_EVENT_LOOP_DELAY_MS: '150' }).SHED_EVENT_LOOP_DELAY_MS).toBe(150);
    expect(loadConfig(base).SHED_HEAP_USED_RATIO).toBe(0.9);
    expect(t.app.isUnderPressure()).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('a ratio outside 0..1 does not start', () => {
    expect(() => loadConfig({ SHED_HEAP_USED_RATIO: '2' })).toThrow(/SHED_HEAP_USED_RATIO/);
  });
});
