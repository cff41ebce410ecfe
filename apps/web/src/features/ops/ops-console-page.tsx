import { formatPriceFen } from '@app/protocol/format';
import { useState } from 'react';
import { type RefusedReceipt, useRefusedReceipts } from './api/get-refused-receipts';
import { OPS_KEY_STORAGE } from './api/ops-fetch';
import { useResolveRefusedReceipt } from './api/resolve-refused-receipt';
import './ops.css';

const TYPE_LABEL: Record<number, string> = { 1: '角色', 2: '游戏币', 3: '道具' };
const time = (ms: number | null) => (ms ? new Date(ms).toLocaleString('zh-CN', { hour12: false }) : '—');

function receiptText(r: RefusedReceipt['receipt']): string {
  if (!r) return '无交付凭证';
  if (r.kind === 'role') return `角色已转入买家账号 ${r.to}`;
  if (r.kind === 'coins') return `${r.amount ?? 0} ${r.coinType ?? ''} 已发到买家角色 ${r.to}`;
  return `${r.itemIds?.length ?? 0} 件道具已发到买家角色 ${r.to}`;
}

/** One refused receipt and customer service's decision on it. */
function RefusedCard({ order, operator }: { order: RefusedReceipt; operator: string }) {
  const [note, setNote] = useState('');
  const resolve = useResolveRefusedReceipt();
  const decide = (decision: 'refund' | 'confirm') => {
    const question =
      decision === 'refund'
        ? `确认退款？游戏将收回物品并退还买家 ${formatPriceFen(order.paid)}`
        : '确认交付无误？卖家的款项将进入待入账';
    if (!globalThis.confirm(question)) return;
    resolve.mutate({ orderId: order.orderId, decision, operator, note });
  };
  return (
    <article className="ops-card" data-testid="ops-order" data-order-id={order.orderId}>
      <header>
        <b>{order.title}</b>
        <span className="ops-tag">{TYPE_LABEL[order.type] ?? '商品'}</span>
      </header>
      <dl>
        <dt>订单号</dt>
        <dd>{order.orderNo}</dd>
        <dt>买家实付</dt>
        <dd>{formatPriceFen(order.paid)}</dd>
        <dt>买家 / 卖家</dt>
        <dd>
          {order.buyerUid} / {order.sellerUid}
        </dd>
        <dt>交付</dt>
        <dd>
          {receiptText(order.receipt)}（{time(order.deliveredAt)}）
        </dd>
        <dt>拒收时间</dt>
        <dd>{time(order.refusedAt)}</dd>
        <dt>买家说明</dt>
        <dd className="ops-reason">{order.note}</dd>
      </dl>
      <textarea
        value={note}
        onChange={(e) => {
          setNote(e.target.value);
          resolve.reset();
        }}
        placeholder="处理说明（买卖双方可见，2–200字）"
        maxLength={200}
        data-testid="ops-note"
      />
      {resolve.error ? (
        <p className="ops-error" data-testid="ops-error">
          {resolve.error.message}
        </p>
      ) : null}
      <div className="ops-actions">
        <button type="button" disabled={resolve.isPending} onClick={() => decide('confirm')} data-testid="ops-confirm">
          交付无误，确认收货
        </button>
        <button
          type="button"
          className="danger"
          disabled={resolve.isPending}
          onClick={() => decide('refund')}
          data-testid="ops-refund"
        >
          收回物品，退款给买家
        </button>
      </div>
    </article>
  );
}

/** /ops: the customer-service console — orders whose receipt the buyer refused (拒绝收货), decided one by one. */
export default function OpsConsolePage() {
  const [key, setKey] = useState(() => sessionStorage.getItem(OPS_KEY_STORAGE) ?? '');
  const [entered, setEntered] = useState(key !== '');
  const [operator, setOperator] = useState(() => sessionStorage.getItem('opsOperator') ?? '');
  const refused = useRefusedReceipts(entered);
  const enter = () => {
    sessionStorage.setItem(OPS_KEY_STORAGE, key.trim());
    setEntered(true);
    void refused.refetch();
  };
  return (
    <main className="ops-page">
      <h1>客服工作台 · 拒绝收货处理</h1>
      <section className="ops-bar">
        <label>
          客服密钥
          <input
            type="password"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && enter()}
            data-testid="ops-key"
          />
        </label>
        <button type="button" onClick={enter} data-testid="ops-enter">
          进入
        </button>
        <label>
          客服姓名
          <input
            value={operator}
            maxLength={20}
            onChange={(e) => {
              setOperator(e.target.value);
              sessionStorage.setItem('opsOperator', e.target.value);
            }}
            data-testid="ops-operator"
          />
        </label>
      </section>
      {refused.error ? (
        <p className="ops-error" data-testid="ops-load-error">
          {refused.error.message}
        </p>
      ) : null}
      {refused.data?.list.length === 0 ? (
        <p className="ops-empty" data-testid="ops-empty">
          暂无待处理的拒绝收货订单
        </p>
      ) : null}
      <div className="ops-list">
        {refused.data?.list.map((o) => (
          <RefusedCard key={o.orderId} order={o} operator={operator} />
        ))}
      </div>
    </main>
  );
}
