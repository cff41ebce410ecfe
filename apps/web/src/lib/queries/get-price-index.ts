import { PRICE_INDEX_MAX_DAYS, priceIndex } from '@app/protocol/calls/market-index';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';
import { commodityKeys } from './commodity-keys';

/** The Beijing day 'YYYY-MM-DD' `back` days before today (the index's days are Beijing days). */
export function beijingDay(back = 0, now = Date.now()): string {
  return new Date(now + 8 * 3_600_000 - back * 86_400_000).toISOString().slice(0, 10);
}

export interface PriceIndexAsk {
  /** 1 role, 2 coin, 3 prop. */
  type: number;
  kind?: string | undefined;
  masterServerId?: string | undefined;
  levelBand?: string | undefined;
  /** The last this many days, today included (at most 90). */
  days: number;
}

/** 行情: the price index of a game (the coin list, the coin detail and the 行情 page read it). */
export const priceIndexOptions = (appId: string, ask: PriceIndexAsk) => {
  const days = Math.min(Math.max(1, ask.days), PRICE_INDEX_MAX_DAYS);
  const q = {
    type: ask.type,
    kind: ask.kind ?? '',
    masterServerId: ask.masterServerId ?? '',
    levelBand: ask.levelBand ?? '',
    from: beijingDay(days - 1),
    to: beijingDay(),
  };
  return queryOptions({
    queryKey: commodityKeys.priceIndex(appId, q),
    queryFn: () => callApi(priceIndex, q, { appId, catchError: true }),
    staleTime: 5 * 60_000,
    enabled: Boolean(appId),
  });
};

export const usePriceIndex = (appId: string, ask: PriceIndexAsk) => useQuery(priceIndexOptions(appId, ask));
