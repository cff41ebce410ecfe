import { urgeBuyerReceipt, urgeSellerDelivery } from '@app/protocol/calls/customer-service';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

export type UrgeKind = 'delivery' | 'receipt';

/**
 * 催发货 (the buyer, paid orders) and 提醒收货 (the seller, delivered orders): a reminder in the chat
 * and a notification; the answer says when the next one is allowed. A refusal (too soon, wrong
 * status) is the server's zh-CN toast.
 */
export const useUrge = (orderId: string, kind: UrgeKind) =>
  useMutation({
    mutationFn: () => callApi(kind === 'delivery' ? urgeSellerDelivery : urgeBuyerReceipt, { orderId }),
  });
