import {
  feeIncomeQuery,
  ledgerAccountsQuery,
  ledgerTransfersQuery,
  reconcileHistoryQuery,
  reconcilePayload,
  withdrawalIdParams,
  withdrawalQueueQuery,
  withdrawalRefusal,
} from '@app/protocol/ops-money';
import type { FastifyInstance } from 'fastify';
import type { OpsDeps } from './ops.module';
import { ok, parse, staffOf } from './ops-http';
import {
  accountsOf,
  checkBooks,
  decideWithdrawal,
  feesByDayAndGame,
  reconciliationHistory,
  runReconciliation,
  transfersOf,
  withdrawalQueue,
} from './ops-money';

const money = { config: { access: 'money' as const } };

/** 提现审核, 对账 and 账务 (财务 and 管理员): thin routes over ops-money.ts, every schema from @app/protocol/ops-money. */
export function opsMoneyRoutes(ops: FastifyInstance, deps: OpsDeps): void {
  ops.get('/withdrawals', money, async (request) =>
    ok(await withdrawalQueue(deps, parse(withdrawalQueueQuery, request.query))),
  );
  ops.post('/withdrawals/:id/approve', money, async (request) => {
    const { id } = parse(withdrawalIdParams, request.params);
    return ok(await decideWithdrawal(deps, staffOf(request), id, 'approve', request.ip));
  });
  ops.post('/withdrawals/:id/refuse', money, async (request) => {
    const { id } = parse(withdrawalIdParams, request.params);
    const { reason } = parse(withdrawalRefusal, request.body);
    return ok(await decideWithdrawal(deps, staffOf(request), id, { refuse: reason }, request.ip));
  });

  ops.get('/reconciliation', money, async (request) =>
    ok(await reconciliationHistory(deps.db, parse(reconcileHistoryQuery, request.query))),
  );
  ops.post('/reconciliation/run', money, async (request) => {
    const { day } = parse(reconcilePayload, request.body);
    return ok(await runReconciliation(deps, staffOf(request), day, request.ip));
  });

  ops.get('/ledger/accounts', money, async (request) =>
    ok(await accountsOf(deps.db, parse(ledgerAccountsQuery, request.query).uid)),
  );
  ops.get('/ledger/transfers', money, async (request) =>
    ok(await transfersOf(deps.db, parse(ledgerTransfersQuery, request.query))),
  );
  ops.get('/ledger/check', money, async () => ok(await checkBooks(deps.db)));
  ops.get('/ledger/fees', money, async (request) => {
    const { from, to } = parse(feeIncomeQuery, request.query);
    return ok(await feesByDayAndGame(deps.db, from, to));
  });
}
