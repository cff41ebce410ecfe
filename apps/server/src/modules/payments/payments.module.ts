import { ErrorCode } from '@app/protocol/errors';
import type { ProviderReconciler } from '@app/protocol/ops-money';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import type { CallPlatform } from '../../platform/http/register-call';
import { sweepEvery } from '../../platform/jobs/sweep-every';
import { ensureSecret } from '../../platform/secrets';
import type { NoticesHandle } from '../notices/notices.module';
import type { RemovalChecks } from '../user/removal-checks';
import { notifyRoutes } from './notify.routes';
import { type PinCheck, payRoutes } from './pay.routes';
import type { PayGateway } from './pay-gateway';
import type { Payables } from './payable';
import type { PaymentDeps } from './payment.service';
import { closeUserPayments } from './payment-holds';
import { realPayGateways } from './real-gateways';
import type { RefundPort } from './refund-port';
import { refundReconciler } from './refund-reconcile';
import { originRefunds, type RefundDeps, sweepRefunds } from './refunds';
import { refundRoutes } from './refunds.routes';
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
  /** 原路退回: the refunds' dependencies and their sweep (tests drive it with a clock). */
  refunds: { deps: RefundDeps; sweep: (now: number) => Promise<number> };
  /** 对账: one reconciler of the refunds of each gateway configured (registered into the console's port). */
  refundReconcilers: ProviderReconciler[];
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
    /** 原路退回: the port the purposes refund through, provided here (refunds.ts). */
    refunds: RefundPort;
    /** Tells a payer his refund came back to the balance. */
    notices?: NoticesHandle;
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
  const byName = new Map<string, PayGateway>();
  for (const g of [sandbox, alipay, wechat]) if (g) byName.set(g.name, g);
  const refundDeps: RefundDeps = {
    db,
    gatewayOf: (provider) => byName.get(provider),
    log: app.log,
    returned: async (userId, amountFen) => {
      await deps.notices?.notify(userId, { kind: 'refundReturned', subject: '退款', amount: amountFen });
    },
  };
  const refunds = originRefunds(refundDeps);
  deps.refunds.provide(refunds);
  // Refunds left requested (a crash after the commit), processing or unknown: sent or asked about.
  sweepEvery(app, config.SWEEP_MS, 'refunds', async () => ({ ended: await sweepRefunds(refundDeps) }));
  const refundsHandle = { deps: refundDeps, sweep: (now: number) => sweepRefunds(refundDeps, now) };
  const refundReconcilers = [...byName.values()].map((gateway) => refundReconciler(refundDeps, gateway));
  const paymentDeps: PaymentDeps = {
    sendRefunds: (refundNos) => refunds.send(refundNos),
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
  refundRoutes(app, platform);
  await notifyRoutes(
    app,
    paymentDeps,
    [...(sandbox ? [sandbox] : []), ...(alipay ? [alipay] : []), ...(wechat ? [wechat] : [])],
    refundDeps,
  );
  if (sandboxSecret === null) return { paymentDeps, sandbox: null, refunds: refundsHandle, refundReconcilers };
  const hooks = sandboxPayRoutes(app, db, sandboxSecret);
  // The sandbox's retry loop, as a payment provider keeps notifying until answered (one process of many).
  sweepEvery(app, Math.min(config.SWEEP_MS, 5_000), 'sandbox notifications', async () => ({
    notified: await hooks.deliverDue(),
  }));
  return { paymentDeps, sandbox: hooks, refunds: refundsHandle, refundReconcilers };
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
    // No payment is ever made through it, so no refund is either.
    async refund() {
      return { state: 'refused', code: 'UNCONFIGURED', reason: '该支付方式未开通' };
    },
    async queryRefund() {
      return { state: 'absent' };
    },
  };
}
