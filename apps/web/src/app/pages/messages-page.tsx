import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { hasTabBar } from '../../components/tab-bar';
import { ConversationList, useChatUnread } from '../../features/im/conversation-list';
import { NoticeList, useUnreadNotices } from '../../features/notices/notice-list';
import { copy } from '../../lib/copy';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { storage } from '../../lib/storage';

type Tab = 'chats' | 'notices';

/**
 * 消息 (/{scene}/pages/message/index): the order chats (im) and the notifications (notices), each
 * tab with its unread count; 全部已读 in the nav bar marks both read.
 */
export default function MessagesPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const loggedIn = Boolean(storage.get('token'));
  const [tab, setTab] = useState<Tab>('chats');
  const chats = useChatUnread(loggedIn);
  const notices = useUnreadNotices(loggedIn);
  const readAll = () => {
    chats.readAll();
    notices.readAll();
  };
  const right =
    chats.unread + notices.unread > 0 ? (
      <button type="button" className="m-nav-option" onClick={readAll} data-testid="messages-read-all">
        全部已读
      </button>
    ) : null;
  const tabs: { tab: Tab; label: string; unread: number }[] = [
    { tab: 'chats', label: '聊天', unread: chats.unread },
    { tab: 'notices', label: '通知', unread: notices.unread },
  ];
  const body = !loggedIn ? (
    <EmptyState
      title="登录后查看消息"
      action={
        <Link className="btn btn-primary" to={paths.login(scene)}>
          {copy.login}
        </Link>
      }
    />
  ) : (
    <>
      <div className="im-tabs" role="tablist">
        {tabs.map((t) => (
          <button
            key={t.tab}
            type="button"
            role="tab"
            aria-selected={tab === t.tab}
            className={`im-tab${tab === t.tab ? ' active' : ''}`}
            onClick={() => setTab(t.tab)}
            data-testid={`messages-tab-${t.tab}`}
          >
            {t.label}
            {t.unread > 0 ? (
              <span className="im-badge" style={{ marginLeft: 4 }}>
                {t.unread > 99 ? '99+' : t.unread}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      {tab === 'chats' ? <ConversationList scene={scene} /> : <NoticeList scene={scene} />}
    </>
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
    <MobileLayout
      title={copy.messages}
      right={right}
      back={!hasTabBar(scene) || scene === 'h5sdk'}
      tabBar={hasTabBar(scene) && scene !== 'h5sdk'}
    >
      {body}
    </MobileLayout>
  );
}
