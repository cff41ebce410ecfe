import { individualizedRecommendSwitch, pushSwitch } from '@app/protocol/calls/user-help';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { accountKeys } from './account-keys';

export type SwitchName = 'push' | 'individualizedRecommend';

/** Turns one switch on or off; the answer holds both, and becomes the cached state. */
export function useSetSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, on }: { name: SwitchName; on: boolean }) =>
      callApi(name === 'push' ? pushSwitch : individualizedRecommendSwitch, { status: on ? 1 : 0 }),
    onSuccess: (switches) => queryClient.setQueryData(accountKeys.switches, switches),
  });
}
