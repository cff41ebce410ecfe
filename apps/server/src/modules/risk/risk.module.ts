import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import { detectRisks } from './risk.service';

/** Risk signals: raised by the sweep leader every `sweepEveryMs` (docs/decisions/0071-risk-signals.md). */
export function riskModule(
  app: FastifyInstance,
  deps: { db: Db; sweepEveryMs: number },
): { sweep: (now: number) => Promise<Record<string, number>> } {
  sweepEvery(app, deps.sweepEveryMs, 'risk-signals', () => detectRisks(deps.db));
  return { sweep: (now) => detectRisks(deps.db, now) };
}
