import { type StatementKind, walletStatement } from '@app/protocol/calls/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { walletKeys } from './wallet-keys';

const PAGE_SIZE = 20;

/** 资金明细: the balance's movements, newest first, a page per cursor. */
export const walletStatementOptions = (filter: { kind?: StatementKind | undefined; month?: string | undefined }) =>
  infiniteQueryOptions({
    queryKey: walletKeys.statement(filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      callApi(walletStatement, {
        pageSize: PAGE_SIZE,
        ...(pageParam ? { cursor: pageParam } : {}),
        ...(filter.kind ? { kind: filter.kind } : {}),
        ...(filter.month ? { month: filter.month } : {}),
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useWalletStatement(filter: { kind?: StatementKind | undefined; month?: string | undefined }) {
  return useInfiniteQuery(walletStatementOptions(filter));
}
