import type { CallDef } from '@app/protocol/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callRegistry } from '../../src/platform/http/register-call';
import { type Envelope, loginAs, useTestApp, useTestClient } from '../helpers';

/**
 * Every call of the exchange API, fed ids past PostgreSQL's integer and text with a NUL byte in
 * every field it declares: each answers a clear refusal (or a normal answer), never HTTP 500.
 */
let token: string;

const t = useTestApp();
const client = useTestClient(t, 'H5');
beforeAll(async () => {
  token = (await loginAs(t, '13900009901')).token;
});

const fieldsOf = (def: CallDef): string[] => (def.request instanceof z.ZodObject ? Object.keys(def.request.shape) : []);

const ODD_VALUES = {
  'an id past 2^31': '2147483648',
  'an id of 12 digits': '999999999999',
  'a NUL byte': 'a\u0000b',
  'a negative id': '-1',
} as const;

describe('odd input at every call', () => {
  it.each(Object.entries(ODD_VALUES))('%s in every field is refused clearly, never a 500', async (_name, value) => {
    const calls = callRegistry.get(t.app) ?? [];
    expect(calls.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const { def } of calls) {
      if (def.plain) continue;
      const params = Object.fromEntries(fieldsOf(def).map((field) => [field, value]));
      const res = (await client.call(def, params as never, { token, headers: { 'x-appid': value } })) as Envelope & {
        status: number;
      };
      if (res.status >= 500 || res.code === '10000') failures.push(`${def.operationId}: ${res.status} ${res.code}`);
      else if (res.code !== '200') expect(res.msg, def.operationId).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(failures).toEqual([]);
  });

  it('answers a NUL byte in a plain JSON body (statistics, ops) without a 500', async () => {
    for (const url of ['/v1/event', '/v1/events']) {
      const res = await client.raw('POST', url, { appId: 'a\u0000', events: [{ name: 'x\u0000' }] });
      expect(res.status, url).toBeLessThan(500);
    }
  });
});
