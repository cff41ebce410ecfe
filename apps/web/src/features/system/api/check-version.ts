import { checkVersion } from '@app/protocol/calls/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

export const systemKeys = { checkVersion: ['system', 'checkVersion'] as const };

export const checkVersionOptions = () =>
  queryOptions({
    queryKey: systemKeys.checkVersion,
    queryFn: () => callApi(checkVersion, {}, { ignoreError: true }),
    staleTime: 60_000,
  });

export function useCheckVersion(enabled = true) {
  return useQuery({ ...checkVersionOptions(), enabled });
}
