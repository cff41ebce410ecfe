import { prePublishCheck } from '@app/protocol/calls/consignment-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { consignmentKeys } from './consignment-query-keys';

/**
 * The role a consignment key (寄售码) holds. The page words 31001/31003/31006/31008 itself (the
 * request layer shows nothing for them), so the refusal comes back as the query's error.
 */
export const consignmentKeyOptions = (key: string) =>
  queryOptions({
    queryKey: consignmentKeys.key(key),
    queryFn: () => callApi(prePublishCheck, { key }, { catchError: true }),
    enabled: key !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useConsignmentKey = (key: string) => useQuery(consignmentKeyOptions(key));
