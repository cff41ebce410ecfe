import {
  auctionBid,
  auctionBuyNow,
  auctionCreate,
  auctionDetail,
  auctionJoin,
  auctionMyBids,
  type BidTab,
  h5sdkAuctionBid,
  h5sdkAuctionDetail,
  h5sdkAuctionJoin,
} from '@app/protocol/calls/auction';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { gameToken } from '../../../lib/game-token';

/** Query keys of the auctions: one detail per listing, one bid list per tab. */
export const auctionKeys = {
  all: ['auction'] as const,
  detail: (commodityId: string) => ['auction', 'detail', commodityId] as const,
  mine: (tab: BidTab) => ['auction', 'mine', tab] as const,
};

/** How often an open auction page asks again (new bids, the end moved by a late bid). */
export const AUCTION_REFRESH_MS = 3_000;

/** One auction (inside the game through the SDK call), read again every few seconds while it runs. */
export const useAuction = (commodityId: string) =>
  useQuery({
    queryKey: auctionKeys.detail(commodityId),
    queryFn: () => {
      const token = gameToken();
      return token ? callApi(h5sdkAuctionDetail, { ...token, commodityId }) : callApi(auctionDetail, { commodityId });
    },
    enabled: Boolean(commodityId),
    refetchInterval: (q) => (q.state.data && q.state.data.status <= 2 ? AUCTION_REFRESH_MS : false),
  });

export const BID_PAGE_SIZE = 20;

/** 竞拍管理: my places by tab, page by page. */
export const useMyBids = (tab: BidTab, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: auctionKeys.mine(tab),
    queryFn: ({ pageParam }) => callApi(auctionMyBids, { tab, page: pageParam, pageSize: BID_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });

const useAuctionMutation = <I, O>(fn: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: auctionKeys.all }),
  });
};

/** 缴纳保证金: inside the game the goods would go to the token's account or role; elsewhere to the chosen one. */
export const useJoinAuction = () =>
  useAuctionMutation((input: { commodityId: string; gameAccountId?: string; gameRoleId?: string }) => {
    const token = gameToken();
    return token
      ? callApi(h5sdkAuctionJoin, { ...token, commodityId: input.commodityId, agreement: true })
      : callApi(auctionJoin, { ...input, agreement: true });
  });

export const useBid = () =>
  useAuctionMutation((input: { commodityId: string; price: number; requestKey: string }) => {
    const token = gameToken();
    return token ? callApi(h5sdkAuctionBid, { ...token, ...input }) : callApi(auctionBid, input);
  });

export const useBuyNow = () =>
  useAuctionMutation((input: { commodityId: string; requestKey: string }) => callApi(auctionBuyNow, input));

export const useCreateAuction = () =>
  useAuctionMutation(
    (input: { commodityId: string; startPrice: number; increment: number; hours: number; buyNowPrice?: number }) =>
      callApi(auctionCreate, input),
  );
