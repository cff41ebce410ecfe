import { sellConfig } from '@app/protocol/calls/consignment';
import {
  manualPreSaleBindGameAccount,
  manualPreSaleCheckVerificationContent,
  manualPreSaleCreate,
  manualPreSaleGetLastRecord,
  manualPreSaleGetSnapLoginToken,
  manualPreSaleGetVerificationContent,
  manualPreSalePublish,
  manualPreSaleRefreshVerificationContent,
} from '@app/protocol/calls/manual-presale';
import type { CallInput } from '@app/protocol/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api/call-api';

/** The manual pre-sale calls (one record at a time; the page resumes the last unfinished one). */
export const presaleKeys = {
  last: ['presale', 'last'] as const,
  verification: (recordId: number) => ['presale', 'verification', recordId] as const,
};

export function useLastPresale() {
  return useQuery({ queryKey: presaleKeys.last, queryFn: () => callApi(manualPreSaleGetLastRecord, {}) });
}

/** Every step answers the record (or changes it): the page reads it back from the last-record query. */
function useStep<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['presale'] }),
  });
}

export const useCreatePresale = () =>
  useStep((input: CallInput<typeof manualPreSaleCreate>) => callApi(manualPreSaleCreate, input));
export const useBindPresaleAccount = () =>
  useStep((input: CallInput<typeof manualPreSaleBindGameAccount>) => callApi(manualPreSaleBindGameAccount, input));
export const useCheckPresale = () =>
  useStep((recordId: number) => callApi(manualPreSaleCheckVerificationContent, { recordId }));
export const usePublishPresale = () => useStep((recordId: number) => callApi(manualPreSalePublish, { recordId }));
export const useRefreshContent = () =>
  useStep((recordId: number) => callApi(manualPreSaleRefreshVerificationContent, { recordId }));

export function useVerificationContent(recordId: number | null) {
  return useQuery({
    queryKey: presaleKeys.verification(recordId ?? 0),
    queryFn: () => callApi(manualPreSaleGetVerificationContent, { recordId: recordId as number }),
    enabled: recordId !== null,
  });
}

/** The game's selling rules (fee, least role price) for the price preview. */
export function usePresaleRules(appId: string) {
  return useQuery({
    queryKey: ['presale', 'rules', appId],
    queryFn: () => callApi(sellConfig, {}, { appId }),
    enabled: Boolean(appId),
    staleTime: 10 * 60_000,
  });
}

/** The verified seller's one-time game login, to take the role's screenshots. */
export const useSnapLogin = () => useStep((recordId: number) => callApi(manualPreSaleGetSnapLoginToken, { recordId }));
