import { updateChannelList } from '@app/protocol/calls/market-games';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { marketKeys } from '../../../lib/queries/market-keys';
import { storage } from '../../../lib/storage';

/** Saves the order and choice of the channel tabs (logged-in users only). */
export function useUpdateChannelList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (channelIds: string[]) => callApi(updateChannelList, { channelIds }),
    onSuccess: (data) => client.setQueryData(marketKeys.channels(storage.get('token')), data),
  });
}
