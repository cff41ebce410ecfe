import { timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { refusedReceipts, resolveRefusedReceipt } from '../orders/customer-service';
import type { OrderDeps } from '../orders/order.service';

const resolveBody = z.object({
  decision: z.enum(['refund', 'confirm'], { message: '请选择处理方式' }),
  operator: z.string().trim().min(1, '请填写客服姓名').max(20, '客服姓名不超过20个字'),
  note: z.string().trim().min(2, '请填写处理说明（至少2个字）').max(200, '处理说明不超过200个字'),
});
const orderParams = z.object({ orderId: z.string().regex(/^\d{1,18}$/, '订单号不正确') });

/**
 * The customer-service console's API (plain JSON in the envelope, not the client protocol): the
 * orders whose receipt the buyer refused, and the decision on each. Every request carries the
 * console key as `Authorization: Bearer …`; without a key configured the routes do not exist.
 */
export function opsRoutes(app: FastifyInstance, deps: OrderDeps & { token: string | null }): void {
  const { token } = deps;
  if (!token) return;
  const expected = Buffer.from(token);
  const authorised = (request: FastifyRequest) => {
    const given = Buffer.from((request.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const parse = <T>(schema: z.ZodType<T>, value: unknown): T => {
    const result = schema.safeParse(value);
    if (!result.success) throw new AppError(ErrorCode.BAD_PARAMS, result.error.issues[0]?.message ?? '参数错误');
    return result.data;
  };

  app.register(
    async (ops) => {
      ops.addHook('onRequest', async (request, reply) => {
        if (!authorised(request))
          return reply.status(401).send({ code: ErrorCode.BAD_PARAMS, msg: '客服密钥不正确', data: null });
      });
      ops.get('/orders/refused', async () => ({
        code: '200',
        msg: 'success',
        data: { list: await refusedReceipts(deps) },
      }));
      ops.post('/orders/:orderId/resolve', async (request) => {
        const { orderId } = parse(orderParams, request.params);
        const body = parse(resolveBody, request.body);
        await resolveRefusedReceipt(deps, Number(orderId), body.decision, body.operator, body.note);
        request.log.info({ orderId, decision: body.decision, operator: body.operator }, 'refused receipt resolved');
        return { code: '200', msg: 'success', data: { orderId, decision: body.decision } };
      });
    },
    { prefix: '/ops/v1' },
  );
}
