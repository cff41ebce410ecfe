import { tencentUserSig } from '@app/protocol/calls/im';
import { useEffect, useState } from 'react';
import { callApi } from '../../lib/api/call-api';
import { storage } from '../../lib/storage';
import { ChatClient, type ChatLogin, type ChatState, chatSocketUrl } from './chat-client';

/**
 * The page's one chat connection, opened while a user is logged in. Its login is kept as
 * tencentAccount / tencentToken (platform-shell §3) and cleared with the session.
 */
let client: ChatClient | null = null;

export function chatClient(): ChatClient {
  if (client) return client;
  client = new ChatClient({
    url: chatSocketUrl(globalThis.location),
    async login(fresh) {
      const account = storage.get('tencentAccount');
      const token = storage.get('tencentToken');
      if (!fresh && account && token && account === storage.get('uid')) return { account, token };
      const sig = await callApi(tencentUserSig, {}, { ignoreError: true });
      storage.set('tencentAccount', sig.account);
      storage.set('tencentToken', sig.token);
      return sig;
    },
    forgetLogin() {
      storage.remove('tencentAccount');
      storage.remove('tencentToken');
    },
  });
  return client;
}

/** How customer service's workbench logs in: asked over the console session, never from the page's address. */
export type StaffChatLogin = () => Promise<ChatLogin>;

/** A chat whose login comes from elsewhere (customer service's workbench): asked again after each refusal. */
const staffClients = new Map<StaffChatLogin, ChatClient>();
export function staffChatClient(login: StaffChatLogin): ChatClient {
  const found = staffClients.get(login);
  if (found) return found;
  const made = new ChatClient({
    url: chatSocketUrl(globalThis.location),
    login: () => login(),
    forgetLogin: () => {},
  });
  staffClients.set(login, made);
  return made;
}

/** Starts the chat when logged in (or with customer service's login); answers the connection's state. */
export function useChat(staff?: StaffChatLogin | null): { client: ChatClient; state: ChatState } {
  const chat = staff ? staffChatClient(staff) : chatClient();
  const [state, setState] = useState(chat.state);
  useEffect(() => {
    const off = chat.onState(setState);
    if (staff || storage.get('token')) chat.start();
    setState(chat.state);
    return () => {
      off();
    };
  }, [chat, staff]);
  return { client: chat, state };
}
