import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_TIMEOUT_MESSAGE, uploadImage } from './upload-image';

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });
const presign = async (suffix: string) => `https://up.example/obj/k.${suffix}?type=image%2F${suffix}&sig=x`;

afterEach(() => vi.unstubAllGlobals());

describe('uploadImage', () => {
  it('answers the address without its query after a 200', async () => {
    vi.stubGlobal('location', { href: 'https://m.example/' });
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await expect(uploadImage(png(), presign)).resolves.toBe('https://up.example/obj/k.png');
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'PUT', headers: { 'content-type': 'image/png' } });
  });

  it('abandons a PUT that never answers with the timeout message', async () => {
    vi.stubGlobal('location', { href: 'https://m.example/' });
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    await expect(uploadImage(png(), presign, { timeoutMs: 20 })).rejects.toThrow(UPLOAD_TIMEOUT_MESSAGE);
  });

  it('says the format is wrong on a 415', async () => {
    vi.stubGlobal('location', { href: 'https://m.example/' });
    vi.stubGlobal('fetch', async () => new Response(null, { status: 415 }));
    await expect(uploadImage(png(), presign)).rejects.toThrow('图片格式错误');
  });
});
