import ConversationPage from '../../features/im/conversation-page';
import { staffChat } from '../../features/ops/api/staff-chat';
import { WorkbenchPanel } from '../../features/ops/components/workbench-panel';

/**
 * 客服's workbench (indexForWorkingTable): the order chat (im) beside the order and the decision
 * (ops); the chat's login and pictures come over the console session (ops).
 */
export default function WorkbenchPage() {
  return <ConversationPage Beside={WorkbenchPanel} staff={staffChat} />;
}
