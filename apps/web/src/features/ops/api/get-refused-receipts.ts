import type { OrderNote } from '@app/protocol/ops';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
  staffNotes: OrderNote[];
}

export const getRefusedReceipts = () => opsFetch<{ list: RefusedReceipt[] }>('/orders/refused');

export const refusedReceiptsOptions = () =>
  queryOptions({ queryKey: opsKeys.refused, queryFn: getRefusedReceipts, retry: false });

export function useRefusedReceipts() {
  return useQuery(refusedReceiptsOptions());
}
