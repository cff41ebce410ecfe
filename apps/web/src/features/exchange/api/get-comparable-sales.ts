import { comparableSales } from '@app/protocol/calls/exchange';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { commodityKeys } from '../../../lib/queries/commodity-keys';

/** Sold listings like a role or prop and their fair-price band. */
export const comparableSalesOptions = (id: string) =>
  queryOptions({
    queryKey: commodityKeys.comparable(id),
    queryFn: () => callApi(comparableSales, { commodityId: id }, { catchError: true }),
    staleTime: 5 * 60_000,
  });

export function useComparableSales(id: string) {
  return useQuery(comparableSalesOptions(id));
}
