import type { SearchHit } from '@app/protocol/ops-users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsFetch, opsKeys } from './ops-fetch';

export const searchKey = [...opsKeys.all, 'search'] as const;

export const searchAll = (q: string) =>
  opsFetch<{ list: SearchHit[] }>(`/search?${new URLSearchParams({ q })}`).then((a) => a.list);

export const searchOptions = (q: string) =>
  queryOptions({ queryKey: [...searchKey, q] as const, queryFn: () => searchAll(q), retry: false });

/** 查找: every module's hits for what was typed (nothing asked while the box is empty). */
export const useSearch = (q: string) => useQuery({ ...searchOptions(q), enabled: q.length > 0 });
