import { MAX_IMAGE_BYTES, type ObjectStorage } from '../../platform/storage/object-storage';

/** Where one account's chat images go; an image message must name an object in the sender's own folder. */
export const imageFolder = (account: string) => `private/im/${account.replace(/[^A-Za-z0-9_-]/g, '_')}/`;

/** The object key of an image the account uploaded for the chat (an image, within the cap), or null. */
export async function ownImage(storage: ObjectStorage, account: string, url: string): Promise<string | null> {
  const key = storage.keyOfUrl(url);
  if (!key?.startsWith(imageFolder(account))) return null;
  const stat = await storage.stat(key);
  return stat && stat.size <= MAX_IMAGE_BYTES && stat.contentType.startsWith('image/') ? key : null;
}
