import { formatDateTime, formatFeedTime } from '@app/protocol/format';
import type { Notice } from '@app/protocol/notices';
import { ChevronRight } from 'lucide-react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { showToast } from '../../lib/ui-bus';
import { useNotices } from './api/get-notices';
import { useReadNotices } from './api/read-notices';
import { noticeJump } from './notice-jump';
import './notices.css';
import { mergePages } from '../../lib/merge-pages';

/** The notifications of the message centre, newest first; tapping one marks it read and jumps. */
export function NoticeList({ scene }: { scene: string }) {
  const notices = useNotices();
  const read = useReadNotices();
  const navigate = useNavigate();
  const open = (n: Notice) => {
    if (!n.read) read.mutate({ id: n.id });
    const jump = noticeJump(scene, n);
    if (!jump) return;
    if ('refused' in jump) return showToast(jump.refused);
    navigate(jump.to);
  };
  const list = mergePages(notices.data?.pages, (n) => n.id);
  if (notices.isPending) return <div className="card skeleton" style={{ height: 72, margin: 12 }} />;
  if (list.length === 0) return <EmptyState title="暂无通知" hint="出价、订单、提现和优惠券的进展会通知您" />;
  return (
    <ul className="notice-list" data-testid="notice-list">
      {list.map((n) => (
        <li key={n.id}>
          <button
            type="button"
            className={`notice-row${n.read ? '' : ' unread'}`}
            onClick={() => open(n)}
            data-testid="notice"
          >
            <span className="notice-head">
              <b>{n.title}</b>
              <time className="muted" data-testid="feed-time" title={formatDateTime(n.at)}>
                {formatFeedTime(Math.floor(n.at / 1000), new Date())}
              </time>
            </span>
            <span className="notice-content">{n.content}</span>
            {n.position !== null ? (
              <span className="notice-more">
                查看详情 <ChevronRight size="1em" aria-hidden="true" />
              </span>
            ) : null}
          </button>
        </li>
      ))}
      {notices.hasNextPage ? (
        <li>
          <button type="button" className="notice-next" onClick={() => void notices.fetchNextPage()}>
            加载更多
          </button>
        </li>
      ) : null}
    </ul>
  );
}

/** The unread count of notifications, for the tab and 全部已读. */
export function useUnreadNotices(enabled = true, quiet = false): { unread: number; readAll: () => void } {
  const notices = useNotices(enabled, quiet);
  const read = useReadNotices();
  return { unread: notices.data?.pages[0]?.unread ?? 0, readAll: () => read.mutate({ all: true }) };
}
