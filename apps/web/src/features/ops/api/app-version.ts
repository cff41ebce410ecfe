import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

const appVersionKey = [...opsKeys.all, 'app-version'] as const;
type Gate = { minPreAppVersion: string };

/** 应用最低版本: the redownload state's gate on the pre environment. */
export const useAppVersionGate = () =>
  useQuery({ queryKey: appVersionKey, queryFn: () => opsFetch<Gate>('/app-version'), retry: false });

/** Sets the least version (audited with its reason). */
export function useSetAppVersionGate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Gate & { reason: string }) => opsFetch<Gate>('/app-version', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: appVersionKey }),
  });
}
