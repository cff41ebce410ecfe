import { ErrorCode } from '@app/protocol/errors';
import { StaffAction } from '@app/protocol/ops';
import type { riskDecisionPayload } from '@app/protocol/ops-risk';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import { decideSignal, signalById } from '../risk/risk.service';
import { banAsStaff, holdWithdrawalsAsStaff, type OpsUsersDeps } from './ops-users';
import { writeAudit } from './staff-audit';
import type { StaffPrincipal } from './staff-sessions';

/**
 * 风控: a signal dismissed with a note, or acted on — its user banned or his withdrawals held through
 * the users' actions (ops-users.ts), the signal marked 已处置 in the action's own transaction, so the
 * action and the decision happen together or not at all, and once.
 */
export async function decideRiskAsStaff(
  deps: OpsUsersDeps,
  me: StaffPrincipal,
  ip: string,
  signalId: number,
  decision: z.output<typeof riskDecisionPayload>,
) {
  const signal = await signalById(deps.db, signalId);
  if (signal.status !== 'open') throw new AppError(ErrorCode.BAD_PARAMS, '该风险信号已被处理');
  if (decision.decision === 'dismiss')
    return deps.db.transaction().execute(async (trx) => {
      await decideSignal(trx, signalId, { status: 'dismissed', action: null, note: decision.note, staffId: me.id });
      await writeAudit(trx, {
        staffId: me.id,
        action: StaffAction.RISK_DISMISS,
        before: { signalId, status: 'open' },
        after: { signalId, status: 'dismissed', reason: decision.note },
        ip,
      });
      return { signalId: String(signalId), status: 'dismissed' as const };
    });
  const userId = Number(decision.userId);
  if (!signal.user_ids.includes(userId)) throw new AppError(ErrorCode.BAD_PARAMS, '只能处置该信号涉及的用户');
  const acting = {
    me,
    userId,
    reason: `风控：${decision.note}`,
    ip,
    alsoIn: async (trx: Parameters<typeof decideSignal>[0]) => {
      await decideSignal(trx, signalId, {
        status: 'acted',
        action: decision.action,
        note: decision.note,
        staffId: me.id,
      });
      await writeAudit(trx, {
        staffId: me.id,
        action: StaffAction.RISK_ACT,
        targetUserId: userId,
        before: { signalId, status: 'open' },
        after: { signalId, status: 'acted', action: decision.action, reason: decision.note },
        ip,
      });
    },
  };
  if (decision.action === 'ban') await banAsStaff(deps, acting, null);
  else await holdWithdrawalsAsStaff(deps, acting);
  return { signalId: String(signalId), status: 'acted' as const };
}
