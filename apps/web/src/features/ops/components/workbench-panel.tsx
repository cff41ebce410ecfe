import { formatPriceFen } from '@app/protocol/format';
import type { WorkbenchCase, WorkbenchReceipt, WorkbenchStep } from '@app/protocol/ops';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { useSearchParams } from 'react-router';
import { isSessionLost } from '../api/ops-fetch';
import { useOpsSync } from '../api/ops-sync';
import { useSupportCase } from '../api/support-requests';
import { BrokerWorkbenchPanel } from './broker-workbench-panel';
import { formatTime } from './format';
import { SupportDecide } from './support-decide';
import { WorkbenchError } from './workbench-error';
import '../ops.css';

const KIND_LABEL: Record<string, string> = { role: '角色', coins: '游戏币', items: '道具' };
const BY_LABEL: Record<WorkbenchStep['by'], string> = { system: '系统', buyer: '买家', seller: '卖家', staff: '客服' };
const REQUEST_LABEL: Record<WorkbenchCase['request']['status'], string> = {
  open: '待接入',
  joined: '处理中',
  closed: '已结束',
};
const OUTCOME_LABEL = { refund: '已退款给买家', confirm: '已确认收货', close: '已结束，订单状态不变' } as const;

function what(r: WorkbenchReceipt): string {
  if (r.kind === 'role') return '角色';
  if (r.kind === 'coins') return `${r.coinType ?? '游戏币'} × ${r.amount ?? 0}`;
  return `${r.itemIds?.length ?? 0} 件：${(r.itemIds ?? []).join('、')}`;
}

function Receipt({ receipt }: { receipt: WorkbenchReceipt | null }) {
  if (!receipt) return <p className="ops-muted">暂无交付凭证（游戏尚未交付）</p>;
  return (
    <dl className="ops-wb-fields ops-wb-pairs" data-testid="ops-wb-receipt">
      <dt>交付内容</dt>
      <dd className="ops-wb-wide">
        {KIND_LABEL[receipt.kind] ?? receipt.kind} · {what(receipt)}
      </dd>
      <dt>交付到</dt>
      <dd className="ops-mono">{receipt.to}</dd>
      <dt>挂单编号</dt>
      <dd className="ops-mono">{receipt.listingId}</dd>
      <dt>交付时间</dt>
      <dd className="ops-wb-wide">{formatTime(receipt.at)}</dd>
      <dt>游戏签名</dt>
      <dd className="ops-wb-wide">
        <span className={receipt.verified ? 'ops-wb-ok' : 'ops-wb-bad'} data-testid="ops-wb-signature">
          {receipt.verified ? '签名有效' : '签名无效'}
        </span>
        <span className="ops-mono ops-wb-sig" title={receipt.signature ?? ''}>
          {receipt.signature ?? '无签名'}
        </span>
      </dd>
    </dl>
  );
}

function Timeline({ steps }: { steps: WorkbenchStep[] }) {
  return (
    <ol className="ops-wb-timeline" data-testid="ops-wb-timeline">
      {steps.map((s) => (
        <li key={`${s.at}-${s.label}`} className={`by-${s.by}`} data-testid="ops-wb-step">
          <div className="ops-wb-step-head">
            <b>{s.label}</b>
            <span className="ops-wb-by">{BY_LABEL[s.by]}</span>
            <time>{formatTime(s.at)}</time>
          </div>
          {s.detail ? <p>{s.detail}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * Beside the chat on the workbench page: the request's order (who, what, where it stands), the
 * game's signed receipt, the timeline, and 客服's decision; or a broker order's card. Read with the
 * console's session, which the console's tab hands to the window it opens; without it, says where
 * to log in.
 */
export function WorkbenchPanel() {
  const [params] = useSearchParams();
  useOpsSync();
  const brokerOrderId = params.get('brokerOrderId');
  // A broker order's chat (商人订单 · 进入会话) has no request: its own panel.
  if (brokerOrderId) return <BrokerWorkbenchPanel orderId={brokerOrderId} />;
  return <RequestPanel requestId={params.get('requestId') ?? ''} />;
}

/** A 客服工单's order beside its chat. */
function RequestPanel({ requestId }: { requestId: string }) {
  const found = useSupportCase(requestId);
  // A console session that ended shows nothing it can no longer act on.
  const c = isSessionLost(found.error) ? undefined : found.data;
  return (
    <div className="ops-wb" data-testid="ops-wb-panel">
      {!requestId ? <p className="ops-wb-empty">缺少工单号：请从运营后台的客服工单打开本页</p> : null}
      {found.error ? <WorkbenchError error={found.error} from="客服工单" /> : null}
      {requestId && found.isPending ? <p className="ops-wb-empty">加载中…</p> : null}
      {c ? (
        <>
          <section className="ops-wb-card" data-testid="ops-wb-order">
            <header>
              <h3>{c.order.title}</h3>
              <span className="ops-status" data-testid="ops-wb-status">
                {c.order.statusLabel}
              </span>
            </header>
            <dl className="ops-wb-fields ops-wb-pairs">
              <dt>订单号</dt>
              <dd className="ops-mono ops-wb-wide">{c.order.orderNo}</dd>
              <dt>商品价格</dt>
              <dd>{formatPriceFen(c.order.price)}</dd>
              <dt>买家实付</dt>
              <dd className="ops-money">{formatPriceFen(c.order.paid)}</dd>
              <dt>买家</dt>
              <dd className="ops-mono">{c.order.buyerUid}</dd>
              <dt>卖家</dt>
              <dd className="ops-mono">{c.order.sellerUid}</dd>
              <dt>工单</dt>
              <dd className="ops-wb-wide">
                #{c.request.id} · {c.request.askedBy === 'buyer' ? '买家申请' : '卖家申请'} ·{' '}
                {REQUEST_LABEL[c.request.status]}
                {c.request.staffName ? ` · ${c.request.staffName}` : ''}
              </dd>
              <dt>申请原因</dt>
              <dd className="ops-reason ops-wb-wide">{c.request.reason}</dd>
            </dl>
          </section>
          <section className="ops-wb-card">
            <h4>交付凭证</h4>
            <Receipt receipt={c.receipt} />
          </section>
          <section className="ops-wb-card">
            <h4>订单时间线</h4>
            <Timeline steps={c.timeline} />
          </section>
          <section className="ops-wb-card ops-wb-decide">
            <h4>处理</h4>
            {c.request.status === 'joined' ? (
              <SupportDecide requestId={c.request.id} refused={c.order.status === OrderStatus.RECEIPT_REFUSED} />
            ) : c.request.status === 'closed' ? (
              <p className="ops-wb-done" data-testid="ops-wb-done">
                工单已结束：{c.request.outcome ? OUTCOME_LABEL[c.request.outcome] : '—'}
              </p>
            ) : (
              <p className="ops-muted">请先在运营后台接入该工单。</p>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
