import { formatPriceFen } from '@app/protocol/format';
import { useState } from 'react';
import { useAddOrderNote } from '../api/add-order-note';
import type { RefusedReceipt } from '../api/get-refused-receipts';
import { useResolveRefusedReceipt } from '../api/resolve-refused-receipt';
import { DecisionNote } from './decision-note';
import { formatTime } from './format';

const TYPE_LABEL: Record<number, string> = { 1: '角色', 2: '游戏币', 3: '道具' };

function receiptText(r: RefusedReceipt['receipt']): string {
  if (!r) return '无交付凭证';
  if (r.kind === 'role') return `角色已转入买家账号 ${r.to}`;
  if (r.kind === 'coins') return `${r.amount ?? 0} ${r.coinType ?? ''} 已发到买家角色 ${r.to}`;
  return `${r.itemIds?.length ?? 0} 件道具已发到买家角色 ${r.to}`;
}

/** One refused receipt: what happened, staff notes, and the decision (under the logged-in staff member's name). */
export function RefusedCard({ order }: { order: RefusedReceipt }) {
  const [note, setNote] = useState('');
  const [memo, setMemo] = useState('');
  const resolve = useResolveRefusedReceipt();
  const addNote = useAddOrderNote();
  const decide = (decision: 'refund' | 'confirm') => {
    const question =
      decision === 'refund'
        ? `确认退款？游戏将收回物品并退还买家 ${formatPriceFen(order.paid)}`
        : '确认交付无误？卖家的款项将进入待入账';
    if (!globalThis.confirm(question)) return;
    resolve.mutate({ orderId: order.orderId, decision, note });
  };
  return (
    <article className="ops-card" data-testid="ops-order" data-order-id={order.orderId}>
      <header>
        <div>
          <b>{order.title}</b>
          <span className="ops-tag">{TYPE_LABEL[order.type] ?? '商品'}</span>
        </div>
        <span className="ops-status">拒绝收货 · 待处理</span>
      </header>
      <dl>
        <dt>订单号</dt>
        <dd className="ops-mono">{order.orderNo}</dd>
        <dt>买家实付</dt>
        <dd className="ops-money">{formatPriceFen(order.paid)}</dd>
        <dt>买家 / 卖家</dt>
        <dd>
          {order.buyerUid} / {order.sellerUid}
        </dd>
        <dt>交付</dt>
        <dd>
          {receiptText(order.receipt)}（{formatTime(order.deliveredAt)}）
        </dd>
        <dt>拒收时间</dt>
        <dd>{formatTime(order.refusedAt)}</dd>
        <dt>买家说明</dt>
        <dd className="ops-reason">{order.note}</dd>
      </dl>
      <section className="ops-notes">
        <h4>内部备注</h4>
        {order.staffNotes.length === 0 ? <p className="ops-muted">暂无备注</p> : null}
        {order.staffNotes.map((n) => (
          <p key={`${n.at}-${n.note}`} data-testid="ops-staff-note">
            <b>{n.by}</b> <span className="ops-muted">{formatTime(n.at)}</span>：{n.note}
          </p>
        ))}
        <div className="ops-inline">
          <input
            aria-label="备注"
            value={memo}
            maxLength={200}
            onChange={(e) => {
              setMemo(e.target.value);
              addNote.reset();
            }}
            placeholder="添加内部备注（仅员工可见）"
            data-testid="ops-memo"
          />
          <button
            type="button"
            className="ops-secondary"
            disabled={addNote.isPending}
            onClick={() => addNote.mutate({ orderId: order.orderId, note: memo }, { onSuccess: () => setMemo('') })}
            data-testid="ops-memo-add"
          >
            添加备注
          </button>
        </div>
        {addNote.error ? <p className="ops-error">{addNote.error.message}</p> : null}
      </section>
      <DecisionNote note={note} onNote={setNote} decision={resolve} testIds="ops" />
      <div className="ops-actions">
        <button
          type="button"
          className="ops-secondary"
          disabled={resolve.isPending}
          onClick={() => decide('confirm')}
          data-testid="ops-confirm"
        >
          交付无误，确认收货
        </button>
        <button
          type="button"
          className="ops-danger"
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
