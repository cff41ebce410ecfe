import { appParam } from '@app/protocol/calls/user-help';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { supportKeys } from './support-keys';

/** The agreements' URLs and the customer-service work-chat link (public, kept for the session). */
export const useAppParam = () =>
  useQuery({
    queryKey: supportKeys.appParam,
    queryFn: () => callApi(appParam, {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
