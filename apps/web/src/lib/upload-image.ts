import { CLIENT_MESSAGES } from '@app/protocol/errors';

/** HEIC photos (iPhone) become PNG before upload (platform-shell §5); the converter loads only then. */
async function normaliseImage(file: File): Promise<File> {
  const suffix = (file.name.split('.').pop() ?? '').toLowerCase();
  if (suffix !== 'heic' && suffix !== 'heif' && !/image\/hei[cf]/.test(file.type)) return file;
  const { default: heic2any } = await import('heic2any');
  const converted = await heic2any({ blob: file, toType: 'image/png' });
  const blob = Array.isArray(converted) ? (converted[0] as Blob) : converted;
  return new File([blob], `${file.name.replace(/\.[^.]+$/, '')}.png`, { type: 'image/png' });
}

/**
 * The presigned PUT of platform-shell §7: `presign` answers a PUT URL for the file's extension; the
 * file goes up with the image's type; the URL without its query is the object's address.
 */
export async function uploadImage(original: File, presign: (typeName: string) => Promise<string>): Promise<string> {
  const file = await normaliseImage(original);
  const suffix = (file.name.split('.').pop() ?? '').toLowerCase();
  const url = await presign(suffix);
  const type = new URL(url, globalThis.location.href).searchParams.get('type') ?? file.type;
  const res = await fetch(url, { method: 'PUT', headers: { 'content-type': type }, body: file }).catch(() => {
    throw new Error(CLIENT_MESSAGES.networkError);
  });
  if (res.status !== 200)
    throw new Error(
      res.status === 415 ? CLIENT_MESSAGES.imageFormatError : res.statusText || CLIENT_MESSAGES.networkError,
    );
  return url.split('?')[0] as string;
}
