import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { CallPlatform } from '../../platform/http/register-call';
import { notifyRoutes } from './notify.routes';
import { payRoutes } from './pay.routes';
import type { PayGateway } from './pay-gateway';
import type { PaymentDeps } from './payment.service';
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
  platform: CallPlatform,
  deps: {
    db: Db;
    /** The sandbox gateway's secret; null in production, where the sandbox does not exist at all. */
    sandboxSecret: string | null;
    /** The sandbox's cashier and notification retries (outside production). */
    sandbox: boolean;
    sweepEveryMs: number;
    onPaid?: (orderId: number) => void;
    /** Real gateways where keys are configured; the sandbox stands in for the others. */
    alipay?: PayGateway | null;
    wechat?: PayGateway | null;
    landingOrigin?: string | undefined;
  },
): Promise<PaymentsHandle> {
  const sandbox = deps.sandboxSecret === null ? null : createSandboxGateway(deps.db, deps.sandboxSecret);
  const paymentDeps: PaymentDeps = {
    db: deps.db,
    gateways: {
      alipay: deps.alipay ?? sandbox ?? unconfigured('alipay'),
      wechat: deps.wechat ?? sandbox ?? unconfigured('wechat'),
    },
    landingOrigin: deps.landingOrigin,
    ...(deps.onPaid ? { onPaid: deps.onPaid } : {}),
  };
  payRoutes(app, platform, paymentDeps);
  await notifyRoutes(app, paymentDeps, [
    ...(sandbox ? [sandbox] : []),
    ...(deps.alipay ? [deps.alipay] : []),
    ...(deps.wechat ? [deps.wechat] : []),
  ]);
  if (!deps.sandbox || deps.sandboxSecret === null) return { paymentDeps, sandbox: null };
  const hooks = sandboxPayRoutes(app, deps.db, deps.sandboxSecret);
  if (deps.sweepEveryMs > 0) {
    const timer = setInterval(
      () => {
        hooks.deliverDue().catch((error: unknown) => app.log.warn({ err: error }, 'sandbox notification retry failed'));
      },
      Math.min(deps.sweepEveryMs, 5_000),
    );
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
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
