import { commodityDetail, commodityList } from '@app/protocol/calls/exchange';
import { isUnknownCommodity } from '@app/protocol/errors';
import { describe, expect, it } from 'vitest';
import { expectCode, useTestApp, useTestClient } from './helpers';

/**
 * A detail link whose id never was a listing and one whose listing ended both answer 30001; only
 * the first says so in the data, for the web's 50 ms commodityNotExist instead of the 2 s modal.
 */
const t = useTestApp({ DEMO_MARKET: '1' }, { timeout: 120_000 });
const client = useTestClient(t, 'H5');

describe('a listing id that does not exist', () => {
  it('answers 30001 marked as an unknown id; a delisted listing answers 30001 without the mark', async () => {
    const unknown = await client.call(commodityDetail, { commodityId: '987654321' });
    expectCode(unknown, '30001');
    expect(isUnknownCommodity(unknown.data)).toBe(true);

    const res = await client.call(commodityList, { type: 3, pageSize: 1 }, { headers: { 'x-appid': 'demo-legend' } });
    const [item] = (res.data as { list: Array<{ id: string }> }).list;
    if (!item) throw new Error('no listing');
    const delisted = await t.app.inject({
      method: 'POST',
      url: '/dev/commodities/delist',
      payload: { commodityId: item.id },
    });
    expect(delisted.json().code).toBe('200');
    const ended = await client.call(commodityDetail, { commodityId: item.id });
    expectCode(ended, '30001');
    expect(isUnknownCommodity(ended.data)).toBe(false);
  });
});
