import { orderInfo } from '@app/protocol/calls/orders';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { imKeys } from './im-keys';

/** The order a chat is about, for the card above the messages (quiet: the chat works without it). */
export const useChatOrder = (orderId: string) =>
  useQuery({
    queryKey: imKeys.order(orderId),
    queryFn: () => callApi(orderInfo, { orderId }, { ignoreError: true }),
    enabled: /^\d+$/.test(orderId),
    refetchInterval: 15_000,
  });
