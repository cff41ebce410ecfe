import type { GrayUser, OpsPaged } from '@app/protocol/ops-games';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export const GRAY_PAGE_SIZE = 20;
const grayKey = [...opsKeys.all, 'gray-users'] as const;

/** 灰度用户: the list, most recently added first, 20 a page. */
export const useGrayUsers = (page: number) =>
  useQuery({
    queryKey: [...grayKey, page] as const,
    queryFn: () => opsFetch<OpsPaged<GrayUser>>(`/gray-users?page=${page}&pageSize=${GRAY_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Adds a user by uid, or removes one by id (each audited with its reason). */
export function useChangeGray() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      change: { add: true; uid: string; reason: string } | { add: false; userId: string; reason: string },
    ) =>
      change.add
        ? opsFetch<{ userId: string; gray: boolean }>('/gray-users', {
            method: 'POST',
            body: { uid: change.uid, reason: change.reason },
          })
        : opsFetch<{ userId: string; gray: boolean }>(`/gray-users/${change.userId}/remove`, {
            method: 'POST',
            body: { reason: change.reason },
          }),
    onSettled: () => client.invalidateQueries({ queryKey: grayKey }),
  });
}
