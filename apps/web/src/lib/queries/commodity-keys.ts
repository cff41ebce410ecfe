import type { commodityList } from '@app/protocol/calls/exchange';
import type { CallInput } from '@app/protocol/contract';

type ListParams = CallInput<typeof commodityList>;

/** Query keys of the listings (the exchange domain): the exchange feature and the pages that show one listing share them. */
export const commodityKeys = {
  all: ['commodity'] as const,
  list: (appId: string | null, params: ListParams) => ['commodity', 'list', appId, params] as const,
  infinite: (appId: string | null, sdk: boolean, params: ListParams) =>
    ['commodity', 'infinite', appId, sdk, params] as const,
  detail: (id: string) => ['commodity', 'detail', id] as const,
  comparable: (id: string) => ['commodity', 'comparable', id] as const,
  coinHistory: (appId: string, coinType: number, masterServerId: string, days: number) =>
    ['commodity', 'coinHistory', appId, coinType, masterServerId, days] as const,
  gameConfig: (appId: string) => ['commodity', 'gameConfig', appId] as const,
  priceIndex: (appId: string, q: Record<string, string | number>) => ['commodity', 'priceIndex', appId, q] as const,
  servers: (appId: string) => ['commodity', 'servers', appId] as const,
  collect: ['commodity', 'myCollect'] as const,
};
