/**
 * Object storage for ID photos, listing screenshots, chat and feedback images. Clients upload
 * with a presigned PUT; the URL without its query string is the object's address afterwards.
 */
export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const UPLOAD_URL_TTL_SECONDS = 600;

export interface PresignedPut {
  url: string;
  key: string;
  contentType: string;
  expiresAt: number;
}

export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  presignPut(key: string, contentType: string, ttlSeconds?: number): PresignedPut;
  /** The object key behind a URL this storage handed out (query string ignored), or null. */
  keyOfUrl(url: string): string | null;
  /** Size and type of a stored object, or null when absent. */
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
  /** A URL to read a private object for a short while. */
  presignGet(key: string, ttlSeconds?: number): string;
}

/** First bytes of the image formats we accept: the declared type must match the content. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  ) {
    return 'image/webp';
  }
  return null;
}
