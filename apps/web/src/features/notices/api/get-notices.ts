import { noticeList } from '@app/protocol/calls/notices';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { noticeKeys } from './notice-keys';

export const useNotices = (enabled = true) =>
  useInfiniteQuery({
    queryKey: noticeKeys.list,
    queryFn: ({ pageParam }) => callApi(noticeList, pageParam ? { before: pageParam } : {}),
    initialPageParam: '',
    getNextPageParam: (last) => (last.more ? last.list.at(-1)?.id : undefined),
    enabled,
  });
