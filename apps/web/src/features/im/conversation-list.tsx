import type { Conversation } from '@app/protocol/calls/im';
import { formatDateTime, formatFeedTime } from '@app/protocol/format';
import { imRoleLabel } from '@app/protocol/im';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { paths } from '../../lib/paths';
import { useConversations } from './api/get-conversations';
import { imKeys } from './api/im-keys';
import { useChat } from './chat';
import './im.css';

const preview = (c: Conversation) => {
  if (!c.last) return '暂无消息';
  const who = c.last.role === 'system' ? `[${imRoleLabel.system}] ` : '';
  return who + (c.last.kind === 'order' ? '[订单]' : c.last.body);
};

/** The user's order chats, the latest first, with unread counts that follow the chat socket. */
export function ConversationList({ scene }: { scene: string }) {
  const conversations = useConversations();
  const list = conversations.data?.list ?? [];
  if (conversations.isPending) return <div className="card skeleton" style={{ height: 72, margin: 12 }} />;
  if (list.length === 0) return <EmptyState title="暂无聊天" hint="下单或出售后，与买家、卖家的沟通会出现在这里" />;
  return (
    <ul className="im-list" data-testid="im-conversations">
      {list.map((c) => (
        <li key={c.groupId}>
          <Link
            to={paths.conversation(
              scene,
              c.orderType === 'order' && c.orderId ? { orderId: c.orderId } : { groupId: c.groupId },
            )}
            className="im-list-row"
            data-testid="im-conversation"
          >
            <span className="im-avatar" aria-hidden="true">
              {c.role === 'buyer' ? '卖' : c.role === 'seller' ? '买' : '客'}
            </span>
            <span className="im-list-main">
              <span className="im-list-title">{c.title}</span>
              <span className="im-list-last muted">{preview(c)}</span>
            </span>
            <span className="im-list-side">
              {c.last ? (
                <time className="muted" data-testid="feed-time" title={formatDateTime(c.last.at)}>
                  {formatFeedTime(Math.floor(c.last.at / 1000), new Date())}
                </time>
              ) : null}
              {c.unread > 0 ? (
                <span className="im-badge" data-testid="im-unread">
                  {c.unread > 99 ? '99+' : c.unread}
                </span>
              ) : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The unread count of the chats, kept fresh by the socket, and marking every chat read. */
export function useChatUnread(enabled = true, quiet = false): { unread: number; readAll: () => void } {
  const conversations = useConversations(enabled, quiet);
  const queryClient = useQueryClient();
  const { client } = useChat();
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: imKeys.conversations });
    const offMessage = client.onMessage(refresh);
    const offRead = client.onRead(refresh);
    return () => {
      offMessage();
      offRead();
    };
  }, [client, queryClient, enabled]);
  const list = conversations.data?.list ?? [];
  return {
    unread: conversations.data?.unread ?? 0,
    readAll: () => {
      for (const c of list) if (c.unread > 0 && c.last) client.markRead(c.groupId, c.last.seq);
    },
  };
}
