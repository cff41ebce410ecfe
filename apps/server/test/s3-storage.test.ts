import { describe, expect, it } from 'vitest';
import { createS3Storage, presignS3 } from '../src/platform/storage/s3-storage';

const AWS_EXAMPLE = {
  endpoint: 'https://s3.amazonaws.com',
  bucket: 'examplebucket',
  region: 'us-east-1',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  virtualHosted: true,
};

describe('the S3-compatible driver', () => {
  it("signs exactly as AWS's published presigned-URL example", () => {
    const url = presignS3(AWS_EXAMPLE, 'GET', 'test.txt', 86_400, new Date('2013-05-24T00:00:00Z'));
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('hands out path-style PUT URLs and maps them back to keys', async () => {
    const heads: string[] = [];
    const storage = createS3Storage({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'market',
      region: 'cn-east-1',
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
      fetch: (async (url: string) => {
        heads.push(url);
        return new Response(null, { status: 200, headers: { 'content-length': '68', 'content-type': 'image/png' } });
      }) as typeof fetch,
    });
    const put = storage.presignPut('private/id/1/a.png', 'image/png');
    expect(put.url).toMatch(
      /^http:\/\/127\.0\.0\.1:9000\/market\/private\/id\/1\/a\.png\?X-Amz-Algorithm=AWS4-HMAC-SHA256&/,
    );
    expect(storage.keyOfUrl(put.url.split('?')[0] as string)).toBe('private/id/1/a.png');
    expect(storage.keyOfUrl('http://elsewhere/market/x.png')).toBeNull();
    expect(await storage.stat('private/id/1/a.png')).toEqual({ size: 68, contentType: 'image/png' });
    expect(heads[0]).toContain('X-Amz-Signature=');
  });
});
