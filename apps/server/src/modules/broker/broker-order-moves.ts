import { type BrokerOrderStatus, brokerOrderTransitions } from '@app/protocol/statuses/broker-order-status';
import { canTransition } from '@app/protocol/statuses/transition';
import type { UpdateObject } from 'kysely';
import { guardedMove } from '../../platform/db/guarded-move';
import type { DbHandle } from '../../platform/db/handle';
import { type BrokerTables, brokerDb } from './broker.tables';

/**
 * One guarded move of a broker order's status (brokerOrderTransitions): of two movers at once only
 * one wins. Several `from` statuses are allowed when each may move to `to`.
 */
export async function moveBrokerOrder(
  db: DbHandle,
  id: number,
  from: BrokerOrderStatus | readonly BrokerOrderStatus[],
  to: BrokerOrderStatus,
  set: UpdateObject<BrokerTables, 'broker_orders'> = {},
): Promise<boolean> {
  const froms = typeof from === 'number' ? [from] : from;
  for (const f of froms)
    if (!canTransition(brokerOrderTransitions, f, to))
      throw new Error(`broker order status ${f} → ${to} is not allowed`);
  return guardedMove(brokerDb(db), 'broker_orders', id, froms, to, set);
}
