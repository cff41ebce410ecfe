import type { MerchantStatus } from '@app/protocol/calls/broker';
import { gameLobby } from '@app/protocol/calls/market-games';
import type { merchantDecisionPayload } from '@app/protocol/ops';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api/call-api';
import { opsFetch, opsKeys } from './ops-fetch';

/** A merchant (or an application) as the console lists it (ops-merchants.routes.ts). */
export interface ConsoleMerchant {
  merchantId: string;
  userId: string;
  applicationId: string;
  shopName: string;
  status: MerchantStatus;
  creditFen: number;
  note: string;
  decidedBy: string | null;
  createTime: number;
}

export const merchantsKey = (status: MerchantStatus | '') => [...opsKeys.all, 'merchants', status] as const;

/** 商人审核: the applications and merchants, of one status or all. */
export const useMerchants = (status: MerchantStatus | '') =>
  useQuery({
    queryKey: merchantsKey(status),
    queryFn: () => opsFetch<{ list: ConsoleMerchant[] }>(`/merchants${status ? `?status=${status}` : ''}`),
    retry: false,
  });

export type MerchantDecision = z.input<typeof merchantDecisionPayload>;

/** One decision on a merchant: approve (with the credit), reject or suspend (with a reason), restore. */
export function useDecideMerchant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ merchantId, ...body }: MerchantDecision & { merchantId: string }) =>
      opsFetch<{ merchantId: string; status: MerchantStatus }>(`/merchants/${merchantId}/decide`, {
        method: 'POST',
        body,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: [...opsKeys.all, 'merchants'] }),
  });
}

/** The games' names by id (the market's public lobby), for the merchants' rows; the id stands in when it fails. */
export const useGameNames = () =>
  useQuery({
    queryKey: [...opsKeys.all, 'game-names'] as const,
    queryFn: async () => {
      const lobby = await callApi(gameLobby, {}, { ignoreError: true });
      const games = [...lobby.hot, ...lobby.groups.flatMap((g) => g.games)];
      return new Map(games.map((g) => [g.applicationId, g.gameName]));
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
