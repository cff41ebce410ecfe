import type { OrderNote } from '@app/protocol/ops';
import { useState } from 'react';
import { useAddOrderNote } from '../api/add-order-note';
import { formatTime } from './format';

/** Staff's internal notes on an order (only staff read them), and adding one. */
export function CaseNotes({ orderId, notes }: { orderId: string; notes: OrderNote[] }) {
  const [memo, setMemo] = useState('');
  const addNote = useAddOrderNote();
  return (
    <section className="ops-notes">
      <h4>内部备注</h4>
      {notes.length === 0 ? <p className="ops-muted">暂无备注</p> : null}
      {notes.map((n) => (
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
          onClick={() => addNote.mutate({ orderId, note: memo }, { onSuccess: () => setMemo('') })}
          data-testid="ops-memo-add"
        >
          添加备注
        </button>
      </div>
      {addNote.error ? <p className="ops-error">{addNote.error.message}</p> : null}
    </section>
  );
}
