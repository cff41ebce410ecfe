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

/** A chat with a login handed over (customer service's workbench): no session, no renewal. */
const fixedClients = new Map<string, ChatClient>();
export function fixedChatClient(login: ChatLogin): ChatClient {
  const found = fixedClients.get(login.token);
  if (found) return found;
  const made = new ChatClient({
    url: chatSocketUrl(globalThis.location),
    login: async () => login,
    forgetLogin: () => {},
  });
  fixedClients.set(login.token, made);
  return made;
}

/** Starts the chat when logged in (or with the login handed over); answers the connection's state. */
export function useChat(fixed?: ChatLogin | null): { client: ChatClient; state: ChatState } {
  const chat = fixed ? fixedChatClient(fixed) : chatClient();
  const [state, setState] = useState(chat.state);
  useEffect(() => {
    const off = chat.onState(setState);
    if (fixed || storage.get('token')) chat.start();
    setState(chat.state);
    return () => {
      off();
    };
  }, [chat, fixed]);
  return { client: chat, state };
}
