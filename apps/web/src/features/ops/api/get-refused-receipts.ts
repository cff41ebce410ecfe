import { useQuery } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export interface RefusedReceipt {
  orderId: string;
  orderNo: string;
  title: string;
  type: number;
  applicationId: string;
  buyerUid: string;
  sellerUid: string;
  price: number;
  paid: number;
  note: string;
  receipt: { kind: string; to: string; at: number; coinType?: string; amount?: number; itemIds?: string[] } | null;
  deliveredAt: number | null;
  refusedAt: number;
}

export const getRefusedReceipts = () => opsFetch<{ list: RefusedReceipt[] }>('/orders/refused');

export function useRefusedReceipts(enabled: boolean) {
  return useQuery({ queryKey: opsKeys.refused, queryFn: getRefusedReceipts, enabled, retry: false });
}
