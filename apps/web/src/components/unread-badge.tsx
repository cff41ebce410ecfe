import { badgeText, useUnreadMessages } from '../lib/unread';

/** The red count of unread chat messages and notifications; nothing when there are none. */
export function UnreadBadge({ className = '' }: { className?: string }) {
  const count = useUnreadMessages();
  if (count <= 0) return null;
  return (
    <span className={`unread-badge ${className}`} data-testid="unread-badge" title={`${count} 条未读`}>
      {badgeText(count)}
    </span>
  );
}
