import { conversationList } from '@app/protocol/calls/im';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { imKeys } from './im-keys';

export const useConversations = (enabled = true) =>
  useQuery({ queryKey: imKeys.conversations, queryFn: () => callApi(conversationList, {}), enabled });
