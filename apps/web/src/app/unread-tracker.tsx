import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useChat } from '../features/im/chat';
import { useChatUnread } from '../features/im/conversation-list';
import { useUnreadNotices } from '../features/notices/notice-list';
import { storage } from '../lib/storage';
import { setUnreadMessages } from '../lib/unread';
import { queriesRefreshedBy } from './notice-refresh';

/**
 * Counts what is unread while a user is logged in — the chats (kept fresh by the socket) and the
 * notifications (fetched again when one is pushed, with what it made stale: queriesRefreshedBy) — for the badges of the tab bar, the PC header and 我的.
 */
export function UnreadTracker() {
  useLocation(); // the login state is read again on every navigation
  const loggedIn = Boolean(storage.get('token'));
  // Quietly: an expired session is the page's to tell, once, not the counter's.
  const chats = useChatUnread(loggedIn, true);
  const notices = useUnreadNotices(loggedIn, true);
  const { client } = useChat();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!loggedIn) return;
    return client.onNotice((n) => {
      for (const queryKey of queriesRefreshedBy(n.kind)) void queryClient.invalidateQueries({ queryKey });
    });
  }, [client, queryClient, loggedIn]);
  const total = loggedIn ? chats.unread + notices.unread : 0;
  useEffect(() => setUnreadMessages(total), [total]);
  return null;
}
