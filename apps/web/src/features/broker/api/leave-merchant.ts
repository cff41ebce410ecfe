import { merchantLeave } from '@app/protocol/calls/broker';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { brokerKeys } from './broker-api';

/** merchant/leave (退出商户): the refusal's words are the caller's to show; the channel's answers are read again after. */
export const leaveMerchant = (applicationId: string) =>
  callApi(merchantLeave, { applicationId }, { catchError: true, appId: applicationId });

export const useLeaveMerchant = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: leaveMerchant,
    // Not awaited: the page's own callbacks (the toast) run before the refetch replaces the button that asked.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: brokerKeys.all });
    },
  });
};
