import type { Conversation } from '@app/protocol/calls/im';
import { imRoleLabel } from '@app/protocol/im';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { copy } from '../../lib/copy';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { storage } from '../../lib/storage';
import { useConversations } from './api/get-conversations';
import { imKeys } from './api/im-keys';
import { useChat } from './chat';
import './im.css';

const when = (ms: number) => {
  const d = new Date(ms);
  const today = new Date();
  return d.toDateString() === today.toDateString()
    ? d.toLocaleTimeString('zh-CN', { hour12: false, hour: '2-digit', minute: '2-digit' })
    : d.toLocaleDateString('zh-CN', { month: 'numeric', day: 'numeric' });
};

const preview = (c: Conversation) => {
  if (!c.last) return '暂无消息';
  const who = c.last.role === 'system' ? `[${imRoleLabel.system}] ` : '';
  return who + (c.last.kind === 'order' ? '[订单]' : c.last.body);
};

/**
 * 消息 (/{scene}/pages/message/index): the user's order chats, the latest first, with unread counts
 * that follow the chat socket; 全部已读 marks every chat read.
 */
export default function MessageCentrePage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const loggedIn = Boolean(storage.get('token'));
  const conversations = useConversations(loggedIn);
  const queryClient = useQueryClient();
  const { client } = useChat();
  useEffect(
    () => client.onMessage(() => void queryClient.invalidateQueries({ queryKey: imKeys.conversations })),
    [client, queryClient],
  );
  useEffect(
    () => client.onRead(() => void queryClient.invalidateQueries({ queryKey: imKeys.conversations })),
    [client, queryClient],
  );
  const list = conversations.data?.list ?? [];
  const unread = conversations.data?.unread ?? 0;
  const readAll = () => {
    for (const c of list) if (c.unread > 0 && c.last) client.markRead(c.groupId, c.last.seq);
  };
  const right =
    unread > 0 ? (
      <button type="button" className="m-nav-option" onClick={readAll} data-testid="im-read-all">
        全部已读
      </button>
    ) : null;

  const body = !loggedIn ? (
    <EmptyState
      title="登录后查看消息"
      action={
        <Link className="btn btn-primary" to={paths.login(scene)}>
          {copy.login}
        </Link>
      }
    />
  ) : conversations.isPending ? (
    <div className="card skeleton" style={{ height: 72, margin: 12 }} />
  ) : list.length === 0 ? (
    <EmptyState title="暂无消息" hint="下单或出售后，与买家、卖家的沟通会出现在这里" />
  ) : (
    <ul className="im-list" data-testid="im-conversations">
      {list.map((c) => (
        <li key={c.groupId}>
          <Link
            to={paths.conversation(scene, c.orderId ? { orderId: c.orderId } : { groupId: c.groupId })}
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
              <span className="muted">{c.last ? when(c.last.at) : ''}</span>
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

  if (scene === 'web' || scene === 'webpc' || scene === 'h5pc')
    return (
      <PcLayout scene={scene}>
        <div className="im-pc-head">
          <h2 className="order-pc-title">{copy.messages}</h2>
          {right}
        </div>
        <div className="im-pc">{body}</div>
      </PcLayout>
    );
  return (
    <MobileLayout title={copy.messages} right={right}>
      {body}
    </MobileLayout>
  );
}
