import { onSessionLost, opsFetch } from './ops-fetch';

/**
 * 客服's side of the order chat on the workbench, over the console session this tab holds: his
 * chat login (asked again after every refusal, it ends with the session) and the chat's pictures.
 * Nothing of it travels in the page's address.
 */
export const staffChat = {
  login: () => opsFetch<{ account: string; token: string }>('/support/chat-login', { method: 'POST', body: {} }),
  imageUrl: (groupId: string, seq: number) =>
    opsFetch<{ url: string }>(`/support/chat-image?${new URLSearchParams({ groupId, seq: String(seq) })}`),
  /** The console session is over: the chat stops trying to log in and says so. */
  onEnded: (listener: () => void) => onSessionLost(listener),
};
