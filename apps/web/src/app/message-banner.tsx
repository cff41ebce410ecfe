import { IM_CLIENT, imRoleLabel } from '@app/protocol/im';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useChat } from '../features/im/chat';
import { noticeJump } from '../features/notices/notice-jump';
import { pagePath, paths } from '../lib/paths';
import { sceneOfPath } from '../lib/platform';
import { storage } from '../lib/storage';
import { showToast } from '../lib/ui-bus';

interface Banner {
  key: string;
  avatar: string;
  title: string;
  text: string;
  open: () => void;
}

const SHOW_MS = 3000;

/**
 * The IM notification banner (platform-shell §3: avatar, last message, orderId, conversationID) on
 * every page while logged in: a new chat message from someone else (not on that chat's own page)
 * or a pushed notification; it hides after 3 s, and tapping it opens the chat or the notification's page.
 */
export function MessageBanner() {
  const { pathname } = useLocation();
  const scene = sceneOfPath(pathname) ?? 'h5';
  const navigate = useNavigate();
  const { client } = useChat();
  const [banner, setBanner] = useState<Banner | null>(null);
  const onChatPage =
    pathname.startsWith(pagePath(scene, 'conversation')) || pathname.startsWith(pagePath(scene, 'conversationIos'));

  // The chat follows the session: logged out on one page, it stops; logged in, it starts.
  useEffect(() => {
    if (pathname && storage.get('token')) client.start();
    else client.stop();
  }, [client, pathname]);

  useEffect(() => {
    if (!storage.get('token')) return;
    let offMessage = () => {};
    let offNotice = () => {};
    // The listener comes a second after the page (platform-shell §4), past the history a login replays.
    const attach = setTimeout(() => {
      offMessage = client.onMessage((m) => {
        if (m.sender === client.account) return;
        // The chat page shows its messages itself.
        if (onChatPage) return;
        setBanner({
          key: `m${m.id}`,
          avatar: imRoleLabel[m.role].slice(0, 1),
          title: imRoleLabel[m.role],
          text: m.kind === 'order' ? '[订单]' : m.body,
          open: () => navigate(paths.conversation(scene, { groupId: m.groupId })),
        });
      });
      offNotice = client.onNotice((n) => {
        setBanner({
          key: `n${n.id}`,
          avatar: '通',
          title: n.title,
          text: n.content,
          open: () => {
            const jump = noticeJump(scene, n);
            if (!jump) return navigate(paths.messages(scene));
            if ('refused' in jump) return showToast(jump.refused);
            navigate(jump.to);
          },
        });
      });
    }, IM_CLIENT.listenAfterMs);
    return () => {
      clearTimeout(attach);
      offMessage();
      offNotice();
    };
  }, [client, navigate, scene, onChatPage]);

  useEffect(() => {
    if (!banner) return;
    const t = setTimeout(() => setBanner(null), SHOW_MS);
    return () => clearTimeout(t);
  }, [banner]);

  if (!banner) return null;
  return (
    <button
      type="button"
      key={banner.key}
      className="msg-banner"
      onClick={() => {
        setBanner(null);
        banner.open();
      }}
      data-testid="message-banner"
    >
      <span className="msg-banner-avatar" aria-hidden="true">
        {banner.avatar}
      </span>
      <span className="msg-banner-main">
        <b>{banner.title}</b>
        <span className="msg-banner-text">{banner.text}</span>
      </span>
    </button>
  );
}
