import { updateChannelList } from '@app/protocol/calls/market-games';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { storage } from '../../../lib/storage';
import { marketKeys } from './market-keys';

/** Saves the order and choice of the channel tabs (logged-in users only). */
export function useUpdateChannelList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (channelIds: string[]) => callApi(updateChannelList, { channelIds }),
    onSuccess: (data) => client.setQueryData(marketKeys.channels(storage.get('token')), data),
  });
}
