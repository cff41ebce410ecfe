import { sellPriceReference } from '@app/protocol/calls/consignment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { consignmentKeys } from './consignment-query-keys';
import { requireGameToken } from './game-token';

type Goods = { type: 1 } | { type: 2; coinType: number } | { type: 3; itemId: string };

/** 市场参考价 of what the role would list (a band of finished trades, or null); quiet when it fails. */
export const priceReferenceOptions = (goods: Goods | null) =>
  queryOptions({
    queryKey: consignmentKeys.reference(
      goods?.type ?? 0,
      goods?.type === 2 ? String(goods.coinType) : goods?.type === 3 ? goods.itemId : '',
    ),
    queryFn: () => callApi(sellPriceReference, { ...requireGameToken(), ...(goods as Goods) }, { ignoreError: true }),
    enabled: goods !== null,
    staleTime: 5 * 60_000,
  });

export const usePriceReference = (goods: Goods | null) => useQuery(priceReferenceOptions(goods));
