import { walletRefunds } from '@app/protocol/calls/wallet';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { paymentsDb } from './payments.tables';
import { OPEN_REFUND_STATUSES } from './refund-status';
import { refundLineOf } from './refunds';

/** The wallet's 退款中: the user's refunds to the original channel, newest first (the last 50). */
export function refundRoutes(app: FastifyInstance, platform: CallPlatform): void {
  registerCall(app, platform, walletRefunds, async (_input, ctx) => {
    const rows = await paymentsDb(platform.db)
      .selectFrom('refunds')
      .select(['purpose', 'ref', 'channel', 'amount_fen', 'status', 'note', 'created_at', 'settled_at'])
      .where('user_id', '=', ctx.user.userId)
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    const open = (OPEN_REFUND_STATUSES as readonly string[]).includes.bind(OPEN_REFUND_STATUSES);
    const list = rows.map((r) => {
      const line = refundLineOf(r);
      return {
        ...line,
        orderId: r.purpose === 'order' ? String(r.ref) : null,
        label: line.state === 'in_transit' ? '退款中' : line.state === 'returned' ? '已原路退回' : '已退回余额',
      };
    });
    const inTransit = rows.filter((r) => open(r.status)).reduce((n, r) => n + Number(r.amount_fen), 0);
    return { list, inTransit };
  });
}
