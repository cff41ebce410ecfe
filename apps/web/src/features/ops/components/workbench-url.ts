import { pagePath } from '../../../lib/paths';
import type { SupportJoin } from '../api/support-requests';

/**
 * The order chat as 客服, in a new window: the workbench chat page with this staff member's chat
 * login and what the panel beside it reads (a request's `requestId`, or a broker order's
 * `brokerOrderId`) with this tab's console session, which the browser hands to the window it opens.
 */
export function workbenchChatUrl(joined: SupportJoin, about: Record<string, string>): string {
  const query = new URLSearchParams({
    groupId: joined.groupId,
    ...about,
    tencentAccount: joined.login.account,
    tencentToken: joined.login.token,
  });
  return `${pagePath('app', 'conversationWorkbench')}?${query}`;
}
