import type { FastifyInstance } from 'fastify';
import { metricsOf } from '../../platform/metrics/metrics';
import type { PayGateway } from './pay-gateway';
import type { PaymentDeps } from './payment.service';
import { applyNotice } from './payment-notice';
import { type RefundDeps, settleRefund } from './refunds';

/**
 * The gateways' asynchronous notifications, POST /pay/notify/{gateway}: the raw body is checked by
 * the gateway's own rules, applied once, and answered exactly as that gateway expects ('success'
 * for Alipay and the sandbox, which otherwise resend; 204 for WeChat Pay v3). A gateway that
 * notifies refunds (WeChat Pay) has POST /pay/notify/{gateway}-refund beside it.
 */
export async function notifyRoutes(
  app: FastifyInstance,
  deps: PaymentDeps,
  gateways: PayGateway[],
  refunds: RefundDeps,
): Promise<void> {
  const outcomes = metricsOf(app).counter({
    name: 'payment_notices_total',
    help: 'Gateway payment notifications by gateway and what applying them did (paid, repeat, late-refunded, refund-owed, closed, refused)',
    labelNames: ['gateway', 'outcome'] as const,
  });
  await app.register(async (scope) => {
    const raw = (_req: unknown, body: string, done: (e: Error | null, v?: unknown) => void) => done(null, body);
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, raw);
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, raw);
    for (const gateway of gateways) {
      scope.post(`/pay/notify/${gateway.name}`, async (request, reply) => {
        const notice = await gateway.verify({ headers: request.headers, body: String(request.body ?? '') });
        const outcome = notice ? await applyNotice(deps, gateway.name, notice) : 'refused';
        outcomes.inc({ gateway: gateway.name, outcome });
        if (outcome === 'refused')
          request.log.warn({ gateway: gateway.name, tradeNo: notice?.tradeNo }, 'payment notification refused');
        if (outcome === 'refund-owed')
          request.log.warn(
            { gateway: gateway.name, tradeNo: notice?.tradeNo },
            'payment for a closed account: refund owed',
          );
        const answer = gateway.ack(outcome !== 'refused');
        return reply.status(answer.status).type(answer.contentType).send(answer.body);
      });
      const { verifyRefund } = gateway;
      if (!verifyRefund) continue;
      // Its refund notifications (WeChat Pay's REFUND.*): applied once, like the sweep's answers.
      scope.post(`/pay/notify/${gateway.name}-refund`, async (request, reply) => {
        const notice = await verifyRefund({ headers: request.headers, body: String(request.body ?? '') });
        if (notice) await settleRefund(refunds, notice.refundNo, notice.outcome);
        else request.log.warn({ gateway: gateway.name }, 'refund notification refused');
        const answer = gateway.ack(notice !== null);
        return reply.status(answer.status).type(answer.contentType).send(answer.body);
      });
    }
  });
}
