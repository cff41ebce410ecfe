import type {
  ContentKind,
  ContentSlotInput,
  ContentState,
  FeedbackState,
  OpsAgreement,
  OpsContentSlot,
  OpsFaq,
  OpsFeedback,
  OpsFeedbackType,
} from '@app/protocol/ops-content';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export const CONTENT_PAGE_SIZE = 20;
const slotsKey = [...opsKeys.all, 'content-slots'] as const;
const feedbackKey = [...opsKeys.all, 'feedback'] as const;

/** 内容: the slots newest first, 20 a page, by kind, state and title. */
export const useContentSlots = (page: number, kind: ContentKind | '', state: ContentState | '', q: string) =>
  useQuery({
    queryKey: [...slotsKey, page, kind, state, q] as const,
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page), pageSize: String(CONTENT_PAGE_SIZE), q });
      if (kind) query.set('kind', kind);
      if (state) query.set('state', state);
      return opsFetch<{ list: OpsContentSlot[]; total: number }>(`/content/slots?${query}`);
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

function useSlotWrite<I>(send: (input: I) => Promise<OpsContentSlot>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => client.invalidateQueries({ queryKey: slotsKey }) });
}

/** Publishes a new slot, or saves one on the version it was read at (another staff's save in between is refused). */
export const useSaveSlot = () =>
  useSlotWrite(
    ({
      slotId,
      version,
      slot,
      reason,
    }: {
      slotId?: string;
      version?: number;
      slot: ContentSlotInput;
      reason: string;
    }) =>
      opsFetch<OpsContentSlot>(slotId ? `/content/slots/${slotId}` : '/content/slots', {
        method: 'POST',
        body: slotId ? { version, slot, reason } : { slot, reason },
      }),
  );

/** 下线: the slot ends now. */
export const useEndSlot = () =>
  useSlotWrite(({ slotId, version, reason }: { slotId: string; version: number; reason: string }) =>
    opsFetch<OpsContentSlot>(`/content/slots/${slotId}/end`, { method: 'POST', body: { version, reason } }),
  );

/** 意见反馈: open ones oldest first (the longest waiting on top), replied ones newest first. */
export const useFeedbackInbox = (page: number, state: FeedbackState) =>
  useQuery({
    queryKey: [...feedbackKey, page, state] as const,
    queryFn: () =>
      opsFetch<{ list: OpsFeedback[]; total: number }>(
        `/feedback?page=${page}&pageSize=${CONTENT_PAGE_SIZE}&state=${state}`,
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useReplyFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ feedbackId, reply }: { feedbackId: string; reply: string }) =>
      opsFetch<{ feedbackId: string }>(`/feedback/${feedbackId}/reply`, { method: 'POST', body: { reply } }),
    onSettled: () => client.invalidateQueries({ queryKey: feedbackKey }),
  });
}

const helpKey = [...opsKeys.all, 'help'] as const;

export const useFaqs = () =>
  useQuery({ queryKey: [...helpKey, 'faqs'], queryFn: () => opsFetch<{ list: OpsFaq[] }>('/help/faqs'), retry: false });
export const useFeedbackTypes = () =>
  useQuery({
    queryKey: [...helpKey, 'types'],
    queryFn: () => opsFetch<{ list: OpsFeedbackType[] }>('/help/feedback-types'),
    retry: false,
  });
export const useAgreements = () =>
  useQuery({
    queryKey: [...helpKey, 'agreements'],
    queryFn: () => opsFetch<{ list: OpsAgreement[] }>('/help/agreements'),
    retry: false,
  });

/** A write to the help content (POST to `path` with `body`), the lists asked again after it. */
export function useHelpWrite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: unknown }) => opsFetch<unknown>(path, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: helpKey }),
  });
}
