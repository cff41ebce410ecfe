import { userInfo } from '@app/protocol/calls/user';
import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modalChannel, toastChannel } from '../ui-bus';
import { ApiError, NETWORK_ERROR_CODE } from './api-error';
import { callApi } from './call-api';
import { queryDefaults } from './query-defaults';

// Posts held for a listener by another test file in this worker are not this file's.
beforeEach(() => {
  modalChannel.drop();
  toastChannel.drop();
});

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('a request while offline', () => {
  it("shows 'network exception' for 3 s at once and sends nothing", async () => {
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal('location', { pathname: '/h5/pages/index/index', search: '' });
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const toasts: { text: string; ms: number }[] = [];
    const off = toastChannel.on((t) => toasts.push(t));
    const error = await callApi(userInfo, {}).catch((e: unknown) => e);
    off();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(NETWORK_ERROR_CODE);
    expect(toasts).toEqual([{ text: '网络异常', ms: 3000 }]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('is not paused by the query client: the query function runs and its error arrives', async () => {
    onlineManager.setOnline(false);
    const client = new QueryClient({ defaultOptions: queryDefaults });
    const queryFn = vi.fn(() => Promise.reject(new ApiError(NETWORK_ERROR_CODE, '网络异常')));
    const observer = new QueryObserver(client, { queryKey: ['offline'], queryFn });
    const settled = new Promise<string>((resolve) =>
      observer.subscribe((r) => {
        if (r.status === 'error') resolve(r.fetchStatus);
      }),
    );
    await expect(settled).resolves.toBe('idle');
    expect(queryFn).toHaveBeenCalledTimes(1);
    // The library's default would have paused it: the function never called.
    const paused = new QueryClient();
    const pausedFn = vi.fn(() => Promise.resolve(1));
    const pausedObserver = new QueryObserver(paused, { queryKey: ['offline'], queryFn: pausedFn });
    const unsubscribe = pausedObserver.subscribe(() => undefined);
    expect(pausedObserver.getCurrentResult().fetchStatus).toBe('paused');
    expect(pausedFn).not.toHaveBeenCalled();
    unsubscribe();
  });
});
