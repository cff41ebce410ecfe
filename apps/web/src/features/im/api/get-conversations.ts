import { conversationList } from '@app/protocol/calls/im';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { imKeys } from './im-keys';

/** quiet: for a badge in the background, where a refusal is the page's to show, not the counter's. */
export const useConversations = (enabled = true, quiet = false) =>
  useQuery({
    queryKey: quiet ? imKeys.conversationsQuiet : imKeys.conversations,
    queryFn: () => callApi(conversationList, {}, { ignoreError: quiet }),
    enabled,
  });
