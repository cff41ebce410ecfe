import { createHash, createHmac } from 'node:crypto';
import type { ObjectStorage, PresignedPut } from './object-storage';
import { UPLOAD_URL_TTL_SECONDS } from './object-storage';

/**
 * Any S3-compatible store (AWS S3, MinIO, OSS/COS in S3 mode): presigned URLs with AWS
 * Signature Version 4 in the query string, so clients PUT straight to the bucket. No SDK: the
 * signing is 40 lines and checked against AWS's published example.
 */
export interface S3Options {
  /** e.g. https://s3.ap-east-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket.host/key (AWS default) instead of host/bucket/key (MinIO and most compatibles). */
  virtualHosted?: boolean;
  fetch?: typeof fetch;
}

const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

export function presignS3(
  options: Omit<S3Options, 'fetch'>,
  method: 'GET' | 'PUT' | 'HEAD',
  key: string,
  expiresSeconds: number,
  now: Date = new Date(),
): string {
  const endpoint = new URL(options.endpoint);
  const host = options.virtualHosted ? `${options.bucket}.${endpoint.host}` : endpoint.host;
  const path = `${options.virtualHosted ? '' : `/${encode(options.bucket)}`}/${key.split('/').map(encode).join('/')}`;
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${options.region}/s3/aws4_request`;
  const query: Record<string, string> = {
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${options.accessKeyId}/${scope}`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(expiresSeconds),
    'X-Amz-SignedHeaders': 'host',
  };
  const canonicalQuery = Object.keys(query)
    .sort()
    .map((k) => `${encode(k)}=${encode(query[k] as string)}`)
    .join('&');
  const canonicalRequest = [method, path, canonicalQuery, `host:${host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, day), options.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `${endpoint.protocol}//${host}${path}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}

export function createS3Storage(options: S3Options): ObjectStorage {
  const send = options.fetch ?? fetch;
  const base = presignS3(options, 'GET', '__base__', 1).split('__base__')[0] as string;
  return {
    driver: 's3',
    presignPut(key, contentType, ttlSeconds = UPLOAD_URL_TTL_SECONDS): PresignedPut {
      return {
        url: presignS3(options, 'PUT', key, ttlSeconds),
        key,
        contentType,
        expiresAt: Math.floor(Date.now() / 1000) + ttlSeconds,
      };
    },
    presignGet: (key, ttlSeconds = 600) => presignS3(options, 'GET', key, ttlSeconds),
    keyOfUrl(url) {
      const plain = url.split('?')[0] ?? '';
      return plain.startsWith(base) ? decodeURIComponent(plain.slice(base.length)) : null;
    },
    async stat(key) {
      const res = await send(presignS3(options, 'HEAD', key, 60), { method: 'HEAD' });
      if (!res.ok) return null;
      return {
        size: Number(res.headers.get('content-length') ?? 0),
        contentType: res.headers.get('content-type') ?? '',
      };
    },
  };
}
