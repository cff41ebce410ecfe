import { noticeRead } from '@app/protocol/calls/notices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { noticeKeys } from './notice-keys';

/** Marks one notification read ({id}) or all ({all: true}). */
export function useReadNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { id?: string; all?: boolean }) => callApi(noticeRead, which),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.list }),
  });
}
