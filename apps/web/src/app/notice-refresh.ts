import type { NoticeKind } from '@app/protocol/notices';
import type { QueryKey } from '@tanstack/react-query';
import { bargainKeys } from '../features/bargain/api/bargain-keys';
import { noticeKeys } from '../features/notices/api/notice-keys';

/**
 * What a pushed notification makes stale, so an open page follows it without a reload: the
 * message centre always; 我的还价/出价 and 收到的还价 when a proposal moved (agreed, refused,
 * lapsed, withdrawn, received, its deposit paid out) — as the auction page follows its bids.
 */
export function queriesRefreshedBy(kind: NoticeKind): QueryKey[] {
  const keys: QueryKey[] = [noticeKeys.list];
  if (kind.startsWith('offer') || kind === 'depositCompensated') keys.push(bargainKeys.all);
  return keys;
}
