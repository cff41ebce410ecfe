import { h5sdkMyCommodity, myCommodity, type ShelfTab } from '@app/protocol/calls/consignment-shelf';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { consignmentKeys } from './consignment-query-keys';
import { gameToken } from './game-token';

/** The seller's listings by tab: in the game the SDK call (this game's), elsewhere all of them. */
export const shelfOptions = (tab: ShelfTab, sdk: boolean) =>
  queryOptions({
    queryKey: consignmentKeys.shelfTab(tab, sdk),
    queryFn: () => {
      const token = sdk ? gameToken() : null;
      return token
        ? callApi(h5sdkMyCommodity, { ...token, tab, pageSize: 50 })
        : callApi(myCommodity, { tab, pageSize: 50 });
    },
  });

export const useShelf = (tab: ShelfTab, sdk: boolean) => useQuery(shelfOptions(tab, sdk));
