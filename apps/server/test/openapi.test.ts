import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();

describe('GET /openapi.json', () => {
  it('describes every served call with the operationIds of PROTOCOL.md', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.entries(
      doc.paths as Record<string, Record<string, { operationId: string; responses: unknown }>>,
    ).flatMap(([path, methods]) => Object.values(methods).map((op) => ({ path, ...op })));
    const ids = operations.map((o) => o.operationId);
    expect(ids).toEqual(
      expect.arrayContaining(['system.checkVersion', 'system.clientConfig', 'exchange.commodityList', 'user.userInfo']),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/pb/api/app/system/v1/checkVersion'].post.operationId).toBe('system.checkVersion');
    expect(
      doc.paths['/pb/api/app/exchange/v1/commodityList'].get.parameters.map((p: { name: string }) => p.name),
    ).toContain('pageSize');
    for (const op of operations) expect(op.responses).toHaveProperty('200');
  });
});
