import {
  brokerCommodityInfo,
  brokerCommodityList,
  brokerDownShelf,
  brokerOnShelf,
  brokerServerAll,
  delCommodity,
  getMyCommodityList,
  merchantApply,
  merchantInfo,
  publishCommodity,
  updateCommodityStock,
} from '@app/protocol/calls/broker';
import type { CallInput } from '@app/protocol/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

/** Query keys of the broker channel (docs/decisions/0023-broker.md). */
export const brokerKeys = {
  all: ['broker'] as const,
  servers: (appId: string) => ['broker', 'servers', appId] as const,
  market: (query: CallInput<typeof brokerCommodityList>) => ['broker', 'market', query] as const,
  listing: (commodityId: string) => ['broker', 'listing', commodityId] as const,
  merchant: (appId: string) => ['broker', 'merchant', appId] as const,
  mine: (appId: string, status: number | undefined, page: number) => ['broker', 'mine', appId, status, page] as const,
  /** My collected broker listings (我的收藏 · 商人商品). */
  collect: ['broker', 'collect'] as const,
};

/** The game's channel: open or not, its coin types, the bounds of an order, the windows. */
export { useBrokerConfig } from '../../../lib/queries/broker-config';

/** Every server of the game with its master group. */
export const useBrokerServers = (appId: string) =>
  useQuery({
    queryKey: brokerKeys.servers(appId),
    queryFn: () => callApi(brokerServerAll, { applicationId: appId }, { catchError: true, appId }),
    enabled: Boolean(appId),
    staleTime: 5 * 60_000,
  });

/** The listings on sale of a game, one page (the previous page stays while the next one loads). */
export const useBrokerMarket = (query: CallInput<typeof brokerCommodityList>, enabled = true) =>
  useQuery({
    queryKey: brokerKeys.market(query),
    queryFn: () => callApi(brokerCommodityList, query, { catchError: true, appId: query.applicationId }),
    enabled: Boolean(query.applicationId) && enabled,
    placeholderData: keepPreviousData,
  });

export const useBrokerListing = (commodityId: string) =>
  useQuery({
    queryKey: brokerKeys.listing(commodityId),
    queryFn: () => callApi(brokerCommodityInfo, { commodityId }, { catchError: true }),
    enabled: Boolean(commodityId),
    retry: false,
  });

/** My merchant standing in a game (null before I applied). */
export const useMerchant = (appId: string, enabled: boolean) =>
  useQuery({
    queryKey: brokerKeys.merchant(appId),
    queryFn: () => callApi(merchantInfo, { applicationId: appId }, { catchError: true, appId }),
    enabled: Boolean(appId) && enabled,
  });

export const MY_PAGE_SIZE = 20;

/** The merchant's listings of a game, newest first, one page. */
export const useMyListings = (appId: string, status: number | undefined, page: number, enabled: boolean) =>
  useQuery({
    queryKey: brokerKeys.mine(appId, status, page),
    queryFn: () =>
      callApi(
        getMyCommodityList,
        { applicationId: appId, ...(status === undefined ? {} : { status }), page, pageSize: MY_PAGE_SIZE },
        { catchError: true, appId },
      ),
    enabled: Boolean(appId) && enabled,
    placeholderData: keepPreviousData,
  });

/** A merchant's action: the caller shows the refusal itself; every broker answer is read again after. */
const useBrokerMutation = <I, O>(fn: (input: I) => Promise<O>) => {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: brokerKeys.all }) });
};

export const useApplyMerchant = () =>
  useBrokerMutation((input: { applicationId: string; shopName: string }) =>
    callApi(merchantApply, { ...input, agreement: true }, { catchError: true, appId: input.applicationId }),
  );

export const usePublishListing = () =>
  useBrokerMutation((input: CallInput<typeof publishCommodity>) =>
    callApi(publishCommodity, input, { catchError: true, appId: input.applicationId }),
  );

export const useSetStock = () =>
  useBrokerMutation((input: { commodityId: string; stock: number }) =>
    callApi(updateCommodityStock, input, { catchError: true }),
  );

const shelfCalls = { on: brokerOnShelf, down: brokerDownShelf, delete: delCommodity } as const;
export type ShelfAction = keyof typeof shelfCalls;

export const useShelfAction = () =>
  useBrokerMutation((input: { commodityId: string; action: ShelfAction }) =>
    callApi(shelfCalls[input.action], { commodityId: input.commodityId }, { catchError: true }),
  );
