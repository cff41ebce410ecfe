import { CLIENT_MESSAGES } from '@app/protocol/errors';

/** Request, upload and download timeout (platform-shell §9). */
export const UPLOAD_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MESSAGE = '图片上传超时，请检查网络后重试';

const isHeicFile = (file: File) => {
  const suffix = (file.name.split('.').pop() ?? '').toLowerCase();
  return suffix === 'heic' || suffix === 'heif' || /image\/hei[cf]/.test(file.type);
};

/**
 * HEIC photos (iPhone) become JPEG before upload (platform-shell §5) with heic-to, a maintained
 * libheif build; the converter (a few MB) loads only when such a photo is picked. Its CSP build
 * needs no eval: the page's policy allows only its blob: worker (worker-src). A page
 * previews what this answers (a browser shows no HEIC); a JPEG, PNG or WebP comes back as it is.
 */
export async function toUploadableImage(file: File): Promise<File> {
  if (!isHeicFile(file)) return file;
  const { heicTo } = await import('heic-to/csp');
  const blob = await heicTo({ blob: file, type: 'image/jpeg', quality: 0.9 }).catch(() => {
    throw new Error(CLIENT_MESSAGES.imageFormatError);
  });
  return new File([blob], `${file.name.replace(/\.[^.]+$/, '')}.jpg`, { type: 'image/jpeg' });
}

/**
 * The presigned PUT of platform-shell §7: `presign` answers a PUT URL for the file's extension; the
 * file goes up with the image's type; the URL without its query is the object's address. A PUT
 * that has not answered within the upload timeout is abandoned with a message saying so.
 */
export async function uploadImage(
  original: File,
  presign: (typeName: string) => Promise<string>,
  options: { timeoutMs?: number } = {},
): Promise<string> {
  const file = await toUploadableImage(original);
  const suffix = (file.name.split('.').pop() ?? '').toLowerCase();
  const url = await presign(suffix);
  const type = new URL(url, globalThis.location.href).searchParams.get('type') ?? file.type;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.timeoutMs ?? UPLOAD_TIMEOUT_MS);
  const res = await fetch(url, { method: 'PUT', headers: { 'content-type': type }, body: file, signal: abort.signal })
    .catch(() => {
      throw new Error(abort.signal.aborted ? UPLOAD_TIMEOUT_MESSAGE : CLIENT_MESSAGES.networkError);
    })
    .finally(() => clearTimeout(timer));
  if (res.status !== 200)
    throw new Error(
      res.status === 415 ? CLIENT_MESSAGES.imageFormatError : res.statusText || CLIENT_MESSAGES.networkError,
    );
  return url.split('?')[0] as string;
}
