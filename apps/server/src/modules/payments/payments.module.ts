import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import { ensureSecret } from '../../platform/secrets';
import type { RemovalChecks } from '../user/removal-checks';
import { notifyRoutes } from './notify.routes';
import { type PinCheck, payRoutes } from './pay.routes';
import type { PayGateway } from './pay-gateway';
import type { Payables } from './payable';
import type { PaymentDeps } from './payment.service';
import { closeUserPayments } from './payment-holds';
import { realPayGateways } from './real-gateways';
import { sandboxPayRoutes } from './sandbox.routes';
import { createSandboxGateway } from './sandbox-gateway';

/**
 * Payments: the pay calls, the gateways' notifications and, outside production, the sandbox
 * gateway (its cashier and its notification retries). The embedded default sends alipay,
 * 花呗 and WeChat Pay through the sandbox.
 */
export interface PaymentsHandle {
  paymentDeps: PaymentDeps;
  /** Outside production: the sandbox gateway's notifier (tests drive retries through it). */
  sandbox: ReturnType<typeof sandboxPayRoutes> | null;
}

export async function paymentsModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    /** Real gateways where keys are configured (realPayGateways); the sandbox stands in for the others. */
    config: Config;
    /** Production has no sandbox gateway at all (nor its secret, cashier and notification retries). */
    production: boolean;
    /** What a cashier can pay: each purpose module registers its adapter (payable.ts) at composition. */
    payables: Payables;
    /** A closing account's open gateway payments are closed with it (registered here). */
    removal: RemovalChecks;
    /** The payment password asked before the balance pays all or part (the pay-password module's). */
    payPin: PinCheck;
  },
): Promise<PaymentsHandle> {
  const { platform, config } = deps;
  deps.removal.onClose('payments', async (trx, userId) => {
    await closeUserPayments(trx, userId);
  });
  const db = platform.db;
  const sandboxSecret = deps.production ? null : await ensureSecret(db, 'sandboxPay');
  const { alipay, wechat } = realPayGateways(config);
  const sandbox = sandboxSecret === null ? null : createSandboxGateway(db, sandboxSecret);
  const paymentDeps: PaymentDeps = {
    db,
    gateways: {
      alipay: alipay ?? sandbox ?? unconfigured('alipay'),
      wechat: wechat ?? sandbox ?? unconfigured('wechat'),
    },
    landingOrigin: config.PRE_BASE_URL?.replace(/\/$/, ''),
    payables: deps.payables,
    committed: () => {
      // Test hook (crash-restart.test.ts): die after the payment's commit, before the game hears of it.
      if (config.FAULT_KILL_AFTER === 'payment-commit' && !deps.production) process.kill(process.pid, 'SIGKILL');
    },
  };
  payRoutes(app, platform, paymentDeps, deps.payPin);
  await notifyRoutes(app, paymentDeps, [
    ...(sandbox ? [sandbox] : []),
    ...(alipay ? [alipay] : []),
    ...(wechat ? [wechat] : []),
  ]);
  if (sandboxSecret === null) return { paymentDeps, sandbox: null };
  const hooks = sandboxPayRoutes(app, db, sandboxSecret);
  // The sandbox's retry loop, as a payment provider keeps notifying until answered (one process of many).
  sweepEvery(app, Math.min(config.SWEEP_MS, 5_000), 'sandbox notifications', async () => ({
    notified: await hooks.deliverDue(),
  }));
  return { paymentDeps, sandbox: hooks };
}

/** A channel without keys in production: paying through it is refused, no notification is accepted. */
function unconfigured(name: string): PayGateway {
  return {
    name,
    async create() {
      throw new AppError(ErrorCode.BAD_PARAMS, '暂不支持该支付方式，请选择其他支付方式');
    },
    async verify() {
      return null;
    },
    ack: () => ({ status: 400, contentType: 'text/plain', body: 'fail' }),
  };
}
