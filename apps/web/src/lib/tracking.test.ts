import { beforeEach, describe, expect, it } from 'vitest';

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

const { NO_GRAY_MARKER, eventTrackingHeader, takeOverUid } = await import('./tracking');

describe('gray marker and A/B group', () => {
  beforeEach(() => store.clear());

  it('uses a fixed no-gray marker in SDK and land scenes and the uid elsewhere', () => {
    store.set('uid', '12345678');
    expect(takeOverUid('/h5sdk/pages/my/index')).toBe(NO_GRAY_MARKER);
    expect(takeOverUid('/landsdk/pages/index/index')).toBe(NO_GRAY_MARKER);
    expect(takeOverUid('/h5/pages/index/index')).toBe('12345678');
    store.delete('uid');
    expect(takeOverUid('/h5/pages/index/index')).toBeNull();
  });

  it('puts the A/B group (uid % 3 === 1 → B) and the role fields into X-EventTracking', () => {
    store.set('uid', '10000000');
    store.set(
      'loginInfoStr',
      JSON.stringify({ game_id: 'g', server_id: 's1', role_id: 'r1', role_level: 60, roleAtt: 9000 }),
    );
    const decoded = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(atob(eventTrackingHeader()), (c) => c.charCodeAt(0))),
    );
    expect(decoded).toMatchObject({ abGroup: 'B', gameId: 'g', roleId: 'r1', roleAtt: 9000 });
    store.set('uid', '10000002');
    const other = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(atob(eventTrackingHeader()), (c) => c.charCodeAt(0))),
    );
    expect(other.abGroup).toBe('A');
  });
});
