import { formatPriceFen } from '@app/protocol/format';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import { inProcess } from '../../platform/http/in-process';
import { fenToYuanText } from './pay-gateway';
import { paymentsDb } from './payments.tables';
import { SANDBOX_APP_ID, SANDBOX_SELLER_ID, sandboxSign } from './sandbox-gateway';

/** Resend delays of an unanswered notification (seconds), then hourly for about a day, as Alipay does. */
const BACKOFF_S = [2, 5, 15, 60, 300, 900, 1800];
const MAX_ATTEMPTS = 30;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The sandbox gateway's own side (PROTOCOL.md test hooks, not in production): the cashier page,
 * its buttons, and the signed asynchronous notifications, resent until answered 'success'.
 */
export function sandboxPayRoutes(app: FastifyInstance, db: Db, secret: string) {
  const send = inProcess(app);
  async function notify(tradeNo: string, now = Date.now()): Promise<boolean> {
    const trade = await paymentsDb(db)
      .selectFrom('sandbox_trades')
      .selectAll()
      .where('trade_no', '=', tradeNo)
      .executeTakeFirst();
    if (!trade || trade.status === 'open' || trade.acknowledged_at) return Boolean(trade?.acknowledged_at);
    const params: Record<string, string> = {
      app_id: SANDBOX_APP_ID,
      seller_id: SANDBOX_SELLER_ID,
      out_trade_no: trade.trade_no,
      trade_no: trade.gateway_trade_no,
      total_amount: fenToYuanText(Number(trade.amount_fen)),
      trade_status: trade.status === 'succeeded' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
      notify_time: new Date(now).toISOString(),
    };
    params.sign = sandboxSign(secret, params);
    let acknowledged = false;
    try {
      const res = await send({ method: 'POST', url: trade.notify_url, payload: params });
      acknowledged = res.body.trim() === 'success';
    } catch {
      acknowledged = false;
    }
    const attempts = trade.attempts + 1;
    await paymentsDb(db)
      .updateTable('sandbox_trades')
      .set(
        acknowledged
          ? { attempts, acknowledged_at: new Date(now), next_attempt_at: null }
          : {
              attempts,
              next_attempt_at:
                attempts >= MAX_ATTEMPTS ? null : new Date(now + (BACKOFF_S[attempts - 1] ?? 3600) * 1000),
            },
      )
      .where('trade_no', '=', tradeNo)
      .execute();
    return acknowledged;
  }

  /** Resends every notification that is due (the sandbox's retry loop). */
  async function deliverDue(now = Date.now()): Promise<number> {
    const due = await paymentsDb(db)
      .selectFrom('sandbox_trades')
      .select('trade_no')
      .where('acknowledged_at', 'is', null)
      .where('next_attempt_at', '<=', new Date(now))
      .limit(100)
      .execute();
    let sent = 0;
    for (const { trade_no } of due) if (await notify(trade_no, now)) sent++;
    return sent;
  }

  app.get<{ Params: { tradeNo: string } }>('/sandbox/pay/:tradeNo', async (request, reply) => {
    const trade = await paymentsDb(db)
      .selectFrom('sandbox_trades')
      .selectAll()
      .where('trade_no', '=', request.params.tradeNo)
      .executeTakeFirst();
    if (!trade) return reply.status(404).type('text/html; charset=utf-8').send('<p>交易不存在</p>');
    const done = trade.status !== 'open';
    const refunds = await paymentsDb(db)
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('trade_no', '=', trade.trade_no)
      .orderBy('created_at')
      .execute();
    const refundList = refunds.length
      ? `<div class="card refunds" data-testid="sandbox-refunds"><div class="muted">退款记录</div>${refunds
          .map(
            (r) =>
              `<div class="refund" data-testid="sandbox-refund"><span>${formatPriceFen(Number(r.amount_fen))}</span><span>${
                r.status === 'succeeded' ? '已原路退回' : '退款被拒绝'
              }</span><span class="muted">${escapeHtml(r.reason)}</span></div>`,
          )
          .join('')}</div>`
      : '';
    const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>沙箱收银台</title><style>
body{margin:0;font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d2129}
.bar{background:#1677ff;color:#fff;padding:14px 16px;font-weight:600}
.card{margin:16px;padding:24px 20px;background:#fff;border-radius:12px;text-align:center}
.amount{font-size:34px;font-weight:700;margin:12px 0}.muted{color:#86909c;font-size:13px}
button{display:block;width:100%;height:46px;margin-top:12px;border:0;border-radius:23px;font-size:16px;font-weight:600}
.pay{background:#1677ff;color:#fff}.cancel{background:#fff;border:1px solid #e5e6eb;color:#4e5969}
.tip{margin:0 16px;font-size:12px;color:#86909c;line-height:1.6}
.refunds{text-align:left}.refund{display:flex;flex-wrap:wrap;gap:8px 12px;justify-content:space-between;padding:10px 0;border-top:1px solid #f2f3f5}
</style></head><body><div class="bar">沙箱收银台 · ${escapeHtml(trade.channel)}</div>
<div class="card"><div class="muted">${escapeHtml(trade.subject)}</div>
<div class="amount" data-testid="sandbox-amount">${formatPriceFen(Number(trade.amount_fen))}</div>
<div class="muted">交易号 ${escapeHtml(trade.trade_no)}</div>
${
  done
    ? `<p data-testid="sandbox-status">${trade.status === 'succeeded' ? '已支付' : '已取消'}</p>`
    : `<button class="pay" id="pay" data-testid="sandbox-pay">确认支付</button><button class="cancel" id="cancel" data-testid="sandbox-cancel">取消支付</button>`
}</div>${refundList}
<p class="tip">这是演示用的沙箱支付：不会产生真实扣款。确认后，沙箱会像真实支付网关一样向交易平台发送签名的异步通知。</p>
<script>
const go=async(a)=>{const r=await fetch('/sandbox/api/pay/${encodeURIComponent(trade.trade_no)}/'+a,{method:'POST'}).then(r=>r.json());
if(r.returnUrl){location.href=r.returnUrl}else{location.reload()}};
document.getElementById('pay')?.addEventListener('click',()=>go('succeed'));
document.getElementById('cancel')?.addEventListener('click',()=>go('cancel'));
</script></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  const finish = (outcome: 'succeeded' | 'cancelled') =>
    app.post<{ Params: { tradeNo: string } }>(
      `/sandbox/api/pay/:tradeNo/${outcome === 'succeeded' ? 'succeed' : 'cancel'}`,
      async (request, reply) => {
        const moved = await paymentsDb(db)
          .updateTable('sandbox_trades')
          .set({ status: outcome, next_attempt_at: new Date() })
          .where('trade_no', '=', request.params.tradeNo)
          .where('status', '=', 'open')
          .returningAll()
          .executeTakeFirst();
        if (!moved) return reply.send({ ok: false, message: '交易不存在或已完成' });
        const acknowledged = await notify(moved.trade_no);
        return reply.send({ ok: true, acknowledged, returnUrl: moved.return_url });
      },
    );
  finish('succeeded');
  finish('cancelled');

  /** How the sandbox answers this trade's refunds from now on (a test hook: succeed, refuse, time out). */
  async function refundMode(tradeNo: string, mode: 'succeed' | 'refuse' | 'timeout'): Promise<boolean> {
    const moved = await paymentsDb(db)
      .updateTable('sandbox_trades')
      .set({ refund_mode: mode })
      .where('trade_no', '=', tradeNo)
      .returning('trade_no')
      .executeTakeFirst();
    return Boolean(moved);
  }
  app.post<{ Params: { tradeNo: string }; Body: { mode?: unknown } }>(
    '/sandbox/api/pay/:tradeNo/refund-mode',
    async (request, reply) => {
      const mode = request.body?.mode;
      if (mode !== 'succeed' && mode !== 'refuse' && mode !== 'timeout')
        return reply.status(400).send({ ok: false, message: 'mode 只能是 succeed、refuse 或 timeout' });
      const ok = await refundMode(request.params.tradeNo, mode);
      return reply.send(ok ? { ok } : { ok, message: '交易不存在' });
    },
  );
  return { notify, deliverDue, refundMode };
}
