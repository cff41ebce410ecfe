import type { FastifyInstance } from 'fastify';
import type { TransferNoticeCheck } from './payout-channel';
import type { WithdrawalDeps } from './withdrawal.service';
import { settleNotified } from './withdrawal-payout';

/**
 * WeChat Pay's 商家转账 notification (MCHTRANSFER.BILL.FINISHED), POST /pay/notify/wechat-transfer:
 * the raw body's signature, serial and age checked (the provider's verifyNotice), then the bill is
 * settled by asking WeChat about it, as the sweep would: the notification only says when to ask, so
 * a forged or replayed one moves nothing. Answered as WeChat Pay v3 expects: 204, or 4xx with
 * {code: 'FAIL'} (WeChat sends it again).
 */
export function transferNoticeRoute(app: FastifyInstance, deps: WithdrawalDeps, verify: TransferNoticeCheck): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post('/pay/notify/wechat-transfer', async (request, reply) => {
      const notice = verify(request.headers, String(request.body ?? ''));
      if (!notice) {
        request.log.warn('wechat transfer notification refused');
        return reply.status(400).send({ code: 'FAIL', message: '验签失败' });
      }
      await settleNotified(deps, 'wechat', notice.outBizNo);
      return reply.status(204).send();
    });
  });
}
