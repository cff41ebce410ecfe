import { useQuery } from '@tanstack/react-query';
import { brokerOrdersKey, type ConsoleBrokerOrder } from './broker-orders';
import { opsFetch, pollWhileSignedIn } from './ops-fetch';

/** One broker order as its console card shows it: the workbench beside its chat (staff session). */
export const useConsoleBrokerOrder = (orderId: string) =>
  useQuery({
    queryKey: [...brokerOrdersKey, orderId] as const,
    queryFn: () => opsFetch<ConsoleBrokerOrder>(`/broker-orders/${orderId}`),
    enabled: orderId !== '',
    retry: false,
    refetchInterval: pollWhileSignedIn(10_000),
  });
