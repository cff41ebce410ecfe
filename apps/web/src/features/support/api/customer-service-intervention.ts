import { customerServiceIntervention } from '@app/protocol/calls/customer-service';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { supportKeys } from './support-keys';

/** 联系客服: asks customer service into the order's chat with a reason; the answer is the request. */
export function useCustomerServiceIntervention(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => callApi(customerServiceIntervention, { orderId, reason }),
    onSuccess: (intervention) => queryClient.setQueryData(supportKeys.intervention(orderId), { intervention }),
  });
}
