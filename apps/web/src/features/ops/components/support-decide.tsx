import { useState } from 'react';
import { useCloseSupport } from '../api/support-requests';

export type SupportOutcome = 'refund' | 'confirm' | 'close';

const QUESTION: Record<SupportOutcome, string> = {
  refund: '确认退款？游戏将收回物品并退还买家货款',
  confirm: '确认交付无误？订单将确认收货',
  close: '结束工单？订单状态不变',
};

/**
 * 客服's decision on a joined request, with the note both sides see: 退款 and 确认收货 (only while
 * the buyer's receipt is refused: they are the order's decisions) or 结束工单; each asks first.
 * The console's card and the workbench beside the chat use this one.
 */
export function SupportDecide({ requestId, refused }: { requestId: string; refused: boolean }) {
  const close = useCloseSupport();
  const [note, setNote] = useState('');
  const decide = (outcome: SupportOutcome) => {
    if (globalThis.confirm(QUESTION[outcome])) close.mutate({ requestId, outcome, note });
  };
  return (
    <section className="ops-decide" data-testid="ops-support-decide">
      <textarea
        placeholder="处理说明（至少2个字，双方可在聊天中看到处理结果）"
        value={note}
        maxLength={200}
        onChange={(e) => setNote(e.target.value)}
        data-testid="ops-support-note"
      />
      <div className="ops-actions">
        {refused ? (
          <>
            <button
              type="button"
              className="ops-danger"
              onClick={() => decide('refund')}
              disabled={close.isPending}
              data-testid="ops-support-refund"
            >
              退款
            </button>
            <button
              type="button"
              className="ops-secondary"
              onClick={() => decide('confirm')}
              disabled={close.isPending}
              data-testid="ops-support-confirm"
            >
              确认收货
            </button>
          </>
        ) : null}
        <button
          type="button"
          className="ops-secondary"
          onClick={() => decide('close')}
          disabled={close.isPending}
          data-testid="ops-support-close"
        >
          结束工单
        </button>
      </div>
      {close.error ? (
        <p className="ops-error" data-testid="ops-support-error">
          {close.error.message}
        </p>
      ) : null}
    </section>
  );
}
