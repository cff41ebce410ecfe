import { channelList } from '@app/protocol/calls/market-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { marketKeys } from '../../../lib/queries/market-keys';
import { storage } from '../../../lib/storage';

/** The home's channel tabs, in the user's order when logged in. */
export const channelListOptions = () =>
  queryOptions({
    queryKey: marketKeys.channels(storage.get('token')),
    queryFn: () => callApi(channelList, {}),
    staleTime: 5 * 60_000,
  });

export function useChannelList() {
  return useQuery(channelListOptions());
}
