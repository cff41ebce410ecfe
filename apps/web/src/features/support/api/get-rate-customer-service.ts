import { getRateCustomerService } from '@app/protocol/calls/customer-service';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { supportKeys } from './support-keys';

/** The viewer's rating of the order's closed request, and whether they can still rate it. */
export const useRateCustomerServiceState = (orderId: string, closed: boolean) =>
  useQuery({
    queryKey: supportKeys.rating(orderId),
    queryFn: () => callApi(getRateCustomerService, { orderId }, { ignoreError: true }),
    enabled: closed && /^\d+$/.test(orderId),
  });
