import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A minimal localStorage for the node test environment. */
const store = new Map<string, string>();
(globalThis as unknown as { localStorage: Storage }).localStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
  key: () => null,
  length: 0,
};

const { addId, flushIds, readIds, MAX_BATCH, TRACK_STORAGE_KEYS } = await import('./commodity-tracking');

describe('commodity click / exposure lists', () => {
  beforeEach(() => store.clear());

  it('keeps each id once and refuses ids that are not listing ids', () => {
    expect(addId('exposure', '12')).toBe(true);
    expect(addId('exposure', '12')).toBe(false);
    expect(addId('exposure', '13')).toBe(true);
    expect(addId('exposure', 'abc')).toBe(false);
    expect(readIds('exposure')).toEqual(['12', '13']);
    expect(readIds('click')).toEqual([]);
  });

  it('sends the list in one batch and clears it', async () => {
    for (const id of ['1', '2', '3']) addId('click', id);
    const sent: string[][] = [];
    await flushIds('click', async (kind, ids) => {
      expect(kind).toBe('click');
      sent.push(ids);
    });
    expect(sent).toEqual([['1', '2', '3']]);
    expect(readIds('click')).toEqual([]);
    expect(store.has(TRACK_STORAGE_KEYS.click)).toBe(false);
  });

  it('splits long lists into batches the contract accepts', async () => {
    for (let i = 1; i <= MAX_BATCH + 5; i++) addId('exposure', String(i));
    const sizes: number[] = [];
    await flushIds('exposure', async (_kind, ids) => {
      sizes.push(ids.length);
    });
    expect(sizes).toEqual([MAX_BATCH, 5]);
    expect(readIds('exposure')).toEqual([]);
  });

  it('keeps the ids of a failed batch for the next flush', async () => {
    addId('exposure', '7');
    await expect(
      flushIds('exposure', async () => {
        throw new Error('offline');
      }),
    ).rejects.toThrow('offline');
    expect(readIds('exposure')).toEqual(['7']);
  });

  it('keeps ids recorded while a batch is in flight, and sends them next', async () => {
    addId('exposure', '1');
    const sent: string[][] = [];
    await flushIds('exposure', async (_kind, ids) => {
      sent.push(ids);
      if (sent.length === 1) addId('exposure', '2');
    });
    expect(sent).toEqual([['1'], ['2']]);
    expect(readIds('exposure')).toEqual([]);
  });

  it('shares one flush between concurrent callers', async () => {
    addId('click', '5');
    let calls = 0;
    const send = async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 5));
    };
    await Promise.all([flushIds('click', send), flushIds('click', send)]);
    expect(calls).toBe(1);
  });
});

describe('the statistics funnel', () => {
  beforeEach(() => store.clear());

  it('tracks a listing’s exposure and click once each, with its game and goods type', async () => {
    vi.useFakeTimers();
    try {
      const { recordClick, recordExposure } = await import('./commodity-tracking');
      const { storage } = await import('../../lib/storage');
      const facts = { applicationId: 'demo-legend', type: 2 };
      recordExposure('21', facts);
      recordExposure('21', facts);
      recordClick('21', facts);
      recordExposure('22');
      const queue =
        storage.getJson<Array<{ event: string; properties: Record<string, unknown> }>>('trackingQueue') ?? [];
      expect(queue.map((e) => e.event)).toEqual(['exposure', 'click']);
      expect(queue[0]?.properties).toMatchObject({ commodityId: '21', gameId: 'demo-legend', goodsType: '2' });
    } finally {
      vi.clearAllTimers();
      vi.useRealTimers();
    }
  });
});
