import { getCustomerService } from '@app/protocol/calls/customer-service';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { supportKeys } from './support-keys';

/** The order's latest customer-service request (null: none); asked again while it is not closed. */
export const useCustomerService = (orderId: string) =>
  useQuery({
    queryKey: supportKeys.intervention(orderId),
    queryFn: () => callApi(getCustomerService, { orderId }, { ignoreError: true }),
    enabled: /^\d+$/.test(orderId),
    refetchInterval: (query) => {
      const status = query.state.data?.intervention?.status;
      return status === 'open' || status === 'joined' ? 5000 : false;
    },
  });
