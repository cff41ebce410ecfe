import { generateIMAssertSignedUrl, generateIMAssertToken } from '@app/protocol/calls/im';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { uploadImage } from '../../../lib/upload-image';

/** Uploads a chat image; answers the address an image message carries. */
export const uploadChatImage = (file: File): Promise<string> =>
  uploadImage(file, (typeName) => callApi(generateIMAssertSignedUrl, { typeName }));

/** The short-lived URL that shows one image message (members only), renewed before it lapses. */
export const useChatImage = (groupId: string, seq: number) =>
  useQuery({
    queryKey: ['im', 'image', groupId, seq],
    queryFn: () => callApi(generateIMAssertToken, { groupId, seq }, { ignoreError: true }),
    staleTime: 8 * 60_000,
    refetchInterval: 8 * 60_000,
  });
