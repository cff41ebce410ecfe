import { accountList, roleList } from '@app/protocol/calls/game';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

/** Where the goods can go outside the game: the buyer's linked accounts, and their roles. */
export const useDeliveryTargets = (appId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['order', 'targets', appId],
    queryFn: async () => ({
      accounts: (await callApi(accountList, {}, { appId })).list,
      roles: (await callApi(roleList, {}, { appId })).list,
    }),
    enabled: enabled && Boolean(appId),
  });
