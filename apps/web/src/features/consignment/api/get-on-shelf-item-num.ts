import { onShelfItemNum } from '@app/protocol/calls/consignment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { consignmentKeys } from './consignment-query-keys';
import { requireGameToken } from './game-token';

/** Props of the role on the shelf now, and how many it may have at once. */
export const onShelfItemNumOptions = () =>
  queryOptions({
    queryKey: consignmentKeys.itemNum,
    queryFn: () => callApi(onShelfItemNum, requireGameToken()),
  });

export const useOnShelfItemNum = () => useQuery(onShelfItemNumOptions());
