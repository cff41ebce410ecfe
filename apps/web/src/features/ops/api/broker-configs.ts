import type { BrokerConfig } from '@app/protocol/calls/broker';
import type { brokerConfigPayload } from '@app/protocol/ops';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { opsFetch, opsKeys } from './ops-fetch';

/** A game's broker channel as the console lists it (ops-broker-configs.routes.ts), with the game's own coin types to choose from. */
export type ConsoleBrokerConfig = BrokerConfig & { gameName: string; gameGoldTypes: BrokerConfig['goldTypes'] };

const brokerConfigsKey = [...opsKeys.all, 'broker-configs'] as const;

/** 商人频道: every game's channel settings. */
export const useBrokerConfigs = () =>
  useQuery({
    queryKey: brokerConfigsKey,
    queryFn: () => opsFetch<{ list: ConsoleBrokerConfig[] }>('/broker-configs'),
    retry: false,
  });

export type BrokerConfigInput = z.input<typeof brokerConfigPayload>;

/** Sets one game's channel (audited). */
export function useSetBrokerConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, ...body }: BrokerConfigInput & { applicationId: string }) =>
      opsFetch<BrokerConfig>(`/broker-configs/${applicationId}`, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: brokerConfigsKey }),
  });
}
