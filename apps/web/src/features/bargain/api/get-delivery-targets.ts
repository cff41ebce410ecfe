import { accountList, roleList } from '@app/protocol/calls/game';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { bargainKeys } from './bargain-keys';

/** Where the goods of an agreed offer can go outside the game: the buyer's linked accounts and their roles. */
export const deliveryTargetsOptions = (appId: string) =>
  queryOptions({
    queryKey: bargainKeys.targets(appId),
    queryFn: async () => ({
      accounts: (await callApi(accountList, {}, { appId })).list,
      roles: (await callApi(roleList, {}, { appId })).list,
    }),
  });

export const useDeliveryTargets = (appId: string, enabled: boolean) =>
  useQuery({ ...deliveryTargetsOptions(appId), enabled: enabled && Boolean(appId) });
