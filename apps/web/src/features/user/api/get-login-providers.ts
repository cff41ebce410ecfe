import { loginProviders } from '@app/protocol/calls/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { userKeys } from './get-user-info';

/** The third-party sign-ins this server offers (production: those whose provider is configured). */
export const loginProvidersOptions = () =>
  queryOptions({
    queryKey: [...userKeys.all, 'loginProviders'] as const,
    // Unanswered, the page offers SMS login alone, without a toast: the buttons are an extra.
    queryFn: () => callApi(loginProviders, {}, { ignoreError: true }),
    retry: false,
    staleTime: 10 * 60_000,
  });

export function useLoginProviders() {
  return useQuery(loginProvidersOptions());
}
