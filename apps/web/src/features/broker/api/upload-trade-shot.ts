import { generateIMAssertSignedUrl } from '@app/protocol/calls/im';
import { callApi } from '../../../lib/api/call-api';
import { uploadImage } from '../../../lib/upload-image';

/** Uploads one screenshot of an in-game trade (as a chat image: it goes into the order's chat); answers its address. */
export const uploadTradeShot = (file: File): Promise<string> =>
  uploadImage(file, (typeName) => callApi(generateIMAssertSignedUrl, { typeName }));
