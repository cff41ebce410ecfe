import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  forgetChunkReload,
  isChunkLoadError,
  loadWithTimeout,
  mayReloadFor,
  reloadOnceFor,
} from './chunk-reload';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => {
      data.delete(k);
    },
    setItem: (k, v) => {
      data.set(k, String(v));
    },
  };
}

describe('chunk reload', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
  });

  it('knows a failed chunk from another error', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once per address, never in a loop', () => {
    const reload = vi.fn();
    expect(mayReloadFor('/h5/pages/index/index')).toBe(true);
    expect(reloadOnceFor('/h5/pages/index/index', reload)).toBe(true);
    expect(mayReloadFor('/h5/pages/index/index')).toBe(false);
    expect(reloadOnceFor('/h5/pages/index/index', reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceFor('/h5/pages/my/index', reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('may reload again once the page loaded', () => {
    const reload = vi.fn();
    reloadOnceFor('/h5/pages/index/index', reload);
    forgetChunkReload('/h5/pages/index/index');
    expect(reloadOnceFor('/h5/pages/index/index', reload)).toBe(true);
  });

  it('does not reload without session storage', () => {
    vi.stubGlobal('sessionStorage', undefined);
    const reload = vi.fn();
    expect(mayReloadFor('/h5/pages/index/index')).toBe(false);
    expect(reloadOnceFor('/h5/pages/index/index', reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('chunk timeout', () => {
  it('gives a chunk up after 120 s as a failed chunk, and passes a loaded one through', async () => {
    vi.useFakeTimers();
    try {
      expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
      const never = loadWithTimeout(() => new Promise<never>(() => undefined));
      const late = never().catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
      let settled = false;
      void late.then(() => {
        settled = true;
      });
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await late;
      expect(isChunkLoadError(error)).toBe(true);
      await expect(loadWithTimeout(() => Promise.resolve('page'))()).resolves.toBe('page');
      const failed = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
      await expect(loadWithTimeout(() => Promise.reject(failed))()).rejects.toBe(failed);
    } finally {
      vi.useRealTimers();
    }
  });
});
