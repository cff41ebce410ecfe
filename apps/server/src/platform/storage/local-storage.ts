import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStorage, PresignedPut } from './object-storage';
import { UPLOAD_URL_TTL_SECONDS } from './object-storage';

/**
 * The embedded default: objects in a folder, URLs signed by the server (HMAC over method, key,
 * type and expiry). Keys under `public/` can be read without a signature; all others need one.
 */
export const LOCAL_OBJECT_PREFIX = '/storage/objects/';

export interface LocalStorage extends ObjectStorage {
  verify(method: 'GET' | 'PUT', key: string, query: Record<string, string | undefined>): { contentType: string } | null;
  write(key: string, bytes: Buffer, contentType: string): Promise<void>;
  read(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

export function createLocalStorage(options: { root: string; publicBaseUrl: string; secret: string }): LocalStorage {
  const sign = (method: string, key: string, contentType: string, expires: number) =>
    createHmac('sha256', options.secret).update(`${method}\n${key}\n${contentType}\n${expires}`).digest('hex');
  const fileOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe object key ${key}`);
    return path.join(options.root, key);
  };
  const urlOf = (key: string) => `${options.publicBaseUrl}${LOCAL_OBJECT_PREFIX}${key}`;
  return {
    driver: 'local',
    presignPut(key, contentType, ttlSeconds = UPLOAD_URL_TTL_SECONDS): PresignedPut {
      fileOf(key);
      const expiresAt = Math.floor(Date.now() / 1000) + ttlSeconds;
      const query = new URLSearchParams({
        expires: String(expiresAt),
        type: contentType,
        sig: sign('PUT', key, contentType, expiresAt),
      });
      return { url: `${urlOf(key)}?${query}`, key, contentType, expiresAt };
    },
    presignGet(key, ttlSeconds = 600) {
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      return `${urlOf(key)}?${new URLSearchParams({ expires: String(expires), sig: sign('GET', key, '', expires) })}`;
    },
    keyOfUrl(url) {
      const at = url.indexOf(LOCAL_OBJECT_PREFIX);
      if (at < 0) return null;
      const key = url.slice(at + LOCAL_OBJECT_PREFIX.length).split('?')[0] ?? '';
      return SAFE_KEY.test(key) && !key.includes('..') ? key : null;
    },
    verify(method, key, query) {
      const expires = Number(query.expires);
      const contentType = method === 'PUT' ? (query.type ?? '') : '';
      if (
        !SAFE_KEY.test(key) ||
        !Number.isInteger(expires) ||
        expires < Date.now() / 1000 ||
        typeof query.sig !== 'string'
      )
        return null;
      const expected = Buffer.from(sign(method, key, contentType, expires), 'hex');
      const given = Buffer.from(query.sig, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected) ? { contentType } : null;
    },
    async write(key, bytes, contentType) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(`${file}.tmp`, bytes);
      await fs.writeFile(`${file}.type`, contentType);
      await fs.rename(`${file}.tmp`, file);
    },
    async read(key) {
      try {
        const file = fileOf(key);
        return {
          bytes: await fs.readFile(file),
          contentType: (await fs.readFile(`${file}.type`, 'utf8')) || 'application/octet-stream',
        };
      } catch {
        return null;
      }
    },
    async stat(key) {
      try {
        const file = fileOf(key);
        const info = await fs.stat(file);
        return { size: info.size, contentType: await fs.readFile(`${file}.type`, 'utf8') };
      } catch {
        return null;
      }
    },
  };
}
