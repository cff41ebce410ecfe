import { noticeList } from '@app/protocol/calls/notices';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { noticeKeys } from './notice-keys';

/** quiet: for a badge in the background, where a refusal is the page's to show, not the counter's. */
export const useNotices = (enabled = true, quiet = false) =>
  useInfiniteQuery({
    queryKey: quiet ? noticeKeys.listQuiet : noticeKeys.list,
    queryFn: ({ pageParam }) => callApi(noticeList, pageParam ? { before: pageParam } : {}, { ignoreError: quiet }),
    initialPageParam: '',
    getNextPageParam: (last) => (last.more ? last.list.at(-1)?.id : undefined),
    enabled,
  });
