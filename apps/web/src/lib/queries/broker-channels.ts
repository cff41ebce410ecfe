import { brokerChannels } from '@app/protocol/calls/broker';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';

/** The games whose broker channel (商人卖币) is open: the game lobby's entries. */
export const useBrokerChannels = () =>
  useQuery({
    queryKey: ['broker', 'channels'] as const,
    queryFn: () => callApi(brokerChannels, {}, { ignoreError: true }),
    staleTime: 60_000,
  });
