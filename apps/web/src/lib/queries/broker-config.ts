import { appBrokerConfig } from '@app/protocol/calls/broker';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';

/**
 * A game's broker channel (商人卖币, docs/decisions/0023-broker.md): open or not, its coin types, the
 * bounds of an order, the fee and the windows. The channel's entries (components/) and its pages
 * (features/broker) read the same entry.
 */
export const useBrokerConfig = (appId: string) =>
  useQuery({
    queryKey: ['broker', 'config', appId] as const,
    queryFn: () => callApi(appBrokerConfig, { applicationId: appId }, { ignoreError: true, appId }),
    enabled: Boolean(appId),
    staleTime: 60_000,
  });
