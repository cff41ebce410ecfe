import type { OpsUserSummary, Paged, UserSection } from '@app/protocol/ops-users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export const USER_SECTION_PAGE_SIZE = 10;
export const userKey = (userId: string) => [...opsKeys.all, 'user', userId] as const;

export const getUser = (userId: string) => opsFetch<OpsUserSummary>(`/users/${userId}`);
export const getUserSection = <T>(userId: string, section: UserSection, page: number) =>
  opsFetch<Paged<T>>(
    `/users/${userId}/${section}?${new URLSearchParams({ page: String(page), pageSize: String(USER_SECTION_PAGE_SIZE) })}`,
  );

export const userOptions = (userId: string) =>
  queryOptions({ queryKey: [...userKey(userId), 'summary'] as const, queryFn: () => getUser(userId), retry: false });

export const userSectionOptions = <T>(userId: string, section: UserSection, page: number) =>
  queryOptions({
    queryKey: [...userKey(userId), section, page] as const,
    queryFn: () => getUserSection<T>(userId, section, page),
    retry: false,
  });

/** The head of a user's page: who he is (masked), his wallet, his ban, his sale lock, his withdrawal hold. */
export const useUser = (userId: string) => useQuery(userOptions(userId));

/** One section of a user's page, a page at a time. */
export const useUserSection = <T>(userId: string, section: UserSection, page: number) =>
  useQuery({ ...userSectionOptions<T>(userId, section, page), placeholderData: keepPreviousData });
