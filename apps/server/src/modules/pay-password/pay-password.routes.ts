import { payPasswordReset, payPasswordSet, payPasswordStatus } from '@app/protocol/calls/pay-password';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import {
  type PayPasswordDeps,
  payPasswordState,
  resetPayPassword,
  setPayPassword,
  withdrawalHeldUntil,
} from './pay-password.service';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

export function payPasswordRoutes(app: FastifyInstance, platform: CallPlatform, deps: PayPasswordDeps): void {
  registerCall(app, platform, payPasswordStatus, async (_input, ctx) => {
    const state = await payPasswordState(deps, ctx.user.userId);
    return {
      set: state.set,
      triesLeft: state.triesLeft,
      lockedUntil: seconds(state.lockedUntil),
      withdrawalHeldUntil: seconds(await withdrawalHeldUntil(deps.db, ctx.user.userId)),
    };
  });
  registerCall(app, platform, payPasswordSet, async (input, ctx) => {
    await setPayPassword(deps, ctx.user.userId, input);
    return { set: true as const };
  });
  registerCall(app, platform, payPasswordReset, async (input, ctx) => {
    const heldUntil = await resetPayPassword(deps, ctx.user.userId, input);
    return { set: true as const, withdrawalHeldUntil: seconds(heldUntil) as number };
  });
}
