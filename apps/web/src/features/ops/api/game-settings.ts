import type { GameSettingsPayload, OpsGame } from '@app/protocol/ops-games';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

const gamesKey = [...opsKeys.all, 'game-settings'] as const;

/** 游戏规则: every game's sell rules, switches, display and download links. */
export const useGameSettings = () =>
  useQuery({ queryKey: gamesKey, queryFn: () => opsFetch<{ list: OpsGame[] }>('/games'), retry: false });

/** Saves one game's settings (audited with before and after). */
export function useSaveGameSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ gameId, ...body }: GameSettingsPayload & { gameId: string }) =>
      opsFetch<OpsGame>(`/games/${gameId}`, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: gamesKey }),
  });
}
