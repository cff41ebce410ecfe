import {
  h5sdkSellConfig,
  onShelfItemNum,
  preSellConfig,
  publishAccount,
  publishCoin,
  publishItem,
  publishPreSale,
  sellableItems,
} from '@app/protocol/calls/consignment';
import { coinNum } from '@app/protocol/calls/game';
import type { CallInput } from '@app/protocol/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api/call-api';
import { storage } from '../../../../lib/storage';

/** The game token fields of the player in this SDK view (loginInfoStr, platform-shell §3). */
export function gameToken() {
  const info = storage.getJson<{ game_id: string; game_token: string; server_id: string }>('loginInfoStr');
  return info ? { gameId: info.game_id, gameToken: info.game_token, serverId: info.server_id } : null;
}

export const sellKeys = {
  all: ['sell'] as const,
  config: ['sell', 'config'] as const,
  preSell: ['sell', 'preSell'] as const,
  coins: ['sell', 'coins'] as const,
  items: ['sell', 'items'] as const,
  itemNum: ['sell', 'itemNum'] as const,
};

const pt = () => {
  const t = gameToken();
  if (!t) throw new Error('请从游戏内打开寄售');
  return t;
};

export const useSellConfig = (enabled: boolean) =>
  useQuery({ queryKey: sellKeys.config, queryFn: () => callApi(h5sdkSellConfig, pt()), enabled });
export const usePreSellConfig = (enabled: boolean) =>
  useQuery({ queryKey: sellKeys.preSell, queryFn: () => callApi(preSellConfig, pt()), enabled });
export const useCoinNum = (enabled: boolean) =>
  useQuery({ queryKey: sellKeys.coins, queryFn: () => callApi(coinNum, pt()), enabled });
export const useSellableItems = (enabled: boolean) =>
  useQuery({ queryKey: sellKeys.items, queryFn: () => callApi(sellableItems, pt()), enabled });
export const useOnShelfItemNum = (enabled: boolean) =>
  useQuery({ queryKey: sellKeys.itemNum, queryFn: () => callApi(onShelfItemNum, pt()), enabled });

type Without<D> = Omit<D, 'gameId' | 'gameToken' | 'serverId'>;

/** The publish calls; afterwards everything the seller sees about their goods is fetched again. */
export function usePublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | ({ kind: 'role' } & Without<CallInput<typeof publishAccount>>)
        | ({ kind: 'presale' } & Without<CallInput<typeof publishPreSale>>)
        | ({ kind: 'coins' } & Without<CallInput<typeof publishCoin>>)
        | ({ kind: 'item' } & Without<CallInput<typeof publishItem>>),
    ) => {
      const { kind, ...rest } = input;
      const body = { ...pt(), ...rest };
      if (kind === 'role') return callApi(publishAccount, body as CallInput<typeof publishAccount>);
      if (kind === 'presale') return callApi(publishPreSale, body as CallInput<typeof publishPreSale>);
      if (kind === 'coins') return callApi(publishCoin, body as CallInput<typeof publishCoin>);
      return callApi(publishItem, body as CallInput<typeof publishItem>);
    },
    onSettled: () =>
      queryClient
        .invalidateQueries({ queryKey: ['sell'] })
        .then(() => queryClient.invalidateQueries({ queryKey: ['shelf'] })),
  });
}
