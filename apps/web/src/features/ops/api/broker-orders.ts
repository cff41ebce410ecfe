import type { BrokerDecision } from '@app/protocol/calls/broker-orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';
import { announceOpsChange } from './ops-sync';

/**
 * A broker order waiting for customer service (ops-broker-orders.routes.ts): a refused receipt, paid
 * and past the merchant's promise, or an in-game trade never reported whose buyer asked.
 */
export interface ConsoleBrokerOrder {
  orderId: string;
  orderNo: string;
  status: number;
  applicationId: string;
  serverName: string;
  goldName: string;
  quantity: number;
  totalAmount: number;
  buyerUserId: string;
  merchantUserId: string;
  receipt: { to: string; at: number; coinType?: string; amount?: number } | null;
  /** How its delivery went once started ('api' | 'trade'), null before. */
  delivery: 'api' | 'trade' | null;
  /** The merchant's role and its server (delivery started). */
  deliverFrom: { roleName: string; serverName: string } | null;
  deliveringTime: number | null;
  /** A trade never reported (106): when the buyer asked customer service. */
  tradeCsTime: number | null;
  note: string;
  payTime: number | null;
  deliverBefore: number | null;
  updateTime: number;
}

export const brokerOrdersKey = [...opsKeys.all, 'broker-orders'] as const;

/** 商人订单: what customer service has to decide on broker orders. */
export const useConsoleBrokerOrders = () =>
  useQuery({
    queryKey: brokerOrdersKey,
    queryFn: () => opsFetch<{ list: ConsoleBrokerOrder[] }>('/broker-orders/refused'),
    retry: false,
  });

/**
 * One decision: refund to the buyer (-121); for a refused receipt confirm it for the merchant (112),
 * for a trade never reported record it delivered (107, the buyer's window starts).
 */
export function useResolveBrokerOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, ...body }: { orderId: string; decision: BrokerDecision; note: string }) =>
      opsFetch<{ orderId: string; status: number }>(`/broker-orders/${orderId}/resolve`, { method: 'POST', body }),
    onSuccess: announceOpsChange,
    onSettled: () => client.invalidateQueries({ queryKey: brokerOrdersKey }),
  });
}
