import { useEffect } from 'react';
import { chatClient } from '../features/im/chat';
import { setUnreadMessages } from '../lib/unread';
import { MessageBanner } from './message-banner';
import { UnreadTracker } from './unread-tracker';

/**
 * What only a logged-in user needs on every page — the chat connection, the new-message banner and
 * the unread counts — loaded once there is a session, so a visitor's first screen carries none of it.
 * Logging out unmounts it: the chat stops and the badges clear.
 */
export default function LoggedInExtras() {
  useEffect(
    () => () => {
      chatClient().stop();
      setUnreadMessages(0);
    },
    [],
  );
  return (
    <>
      <MessageBanner />
      <UnreadTracker />
    </>
  );
}
