import { pagePath } from '../../../lib/paths';
import type { SupportJoin } from '../api/support-requests';

/**
 * The order chat as 客服, in a new window: the workbench chat page with the group and what the
 * panel beside it reads (a request's `requestId`, or a broker order's `brokerOrderId`). The chat
 * login is not in it (an address lands in logs and history): the page asks it with this tab's
 * console session, which the browser hands to the window it opens.
 */
export function workbenchChatUrl(joined: Pick<SupportJoin, 'groupId'>, about: Record<string, string>): string {
  const query = new URLSearchParams({ groupId: joined.groupId, ...about });
  return `${pagePath('app', 'conversationWorkbench')}?${query}`;
}
