import { generateIMAssertSignedUrl, generateIMAssertToken } from '@app/protocol/calls/im';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { uploadImage } from '../../../lib/upload-image';

/** Uploads a chat image; answers the address an image message carries. */
export const uploadChatImage = (file: File): Promise<string> =>
  uploadImage(file, (typeName) => callApi(generateIMAssertSignedUrl, { typeName }));

/** Asks an image message's short-lived URL: a user's session by default, customer service's console on the workbench. */
export type ChatImageUrl = (groupId: string, seq: number) => Promise<{ url: string }>;

const userImageUrl: ChatImageUrl = (groupId, seq) =>
  callApi(generateIMAssertToken, { groupId, seq }, { ignoreError: true });

/** The short-lived URL that shows one image message (members only), renewed before it lapses. */
export const useChatImage = (groupId: string, seq: number, ask: ChatImageUrl | null = null) =>
  useQuery({
    queryKey: ['im', 'image', ask ? 'staff' : 'user', groupId, seq],
    queryFn: () => (ask ?? userImageUrl)(groupId, seq),
    staleTime: 8 * 60_000,
    refetchInterval: 8 * 60_000,
  });
