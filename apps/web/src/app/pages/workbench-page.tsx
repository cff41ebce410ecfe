import ConversationPage from '../../features/im/conversation-page';
import { WorkbenchPanel } from '../../features/ops/components/workbench-panel';

/** 客服's workbench (indexForWorkingTable): the order chat (im) beside the order and the decision (ops). */
export default function WorkbenchPage() {
  return <ConversationPage Beside={WorkbenchPanel} />;
}
