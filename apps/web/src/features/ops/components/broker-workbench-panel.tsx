import { caseRefOf } from '@app/protocol/refused-cases';
import { useCase } from '../api/get-cases';
import { isSessionLost } from '../api/ops-fetch';
import { CaseCard } from './case-card';
import { WorkbenchError } from './workbench-error';

/**
 * Beside a broker order's chat on the workbench (opened by 进入会话 on its card): the order as its
 * console card shows it, with the decision. Read with the console's session like a request's case.
 */
export function BrokerWorkbenchPanel({ orderId }: { orderId: string }) {
  const found = useCase(orderId ? caseRefOf('broker', orderId) : '');
  return (
    <div className="ops-wb" data-testid="ops-wb-panel">
      {found.error ? <WorkbenchError error={found.error} from="拒绝收货" /> : null}
      {found.isPending ? <p className="ops-wb-empty">加载中…</p> : null}
      {found.data && !isSessionLost(found.error) ? <CaseCard item={found.data} inChat /> : null}
    </div>
  );
}
