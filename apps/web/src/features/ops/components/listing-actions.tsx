import { type ListingMove, listingMovePayload } from '@app/protocol/ops-listings';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { useState } from 'react';
import { useMoveListing } from '../api/move-listing';
import { ConfirmDialog } from './confirm-dialog';

const WORDS: Record<ListingMove, { title: string; confirm: string; explain: string; danger: boolean }> = {
  freeze: {
    title: '冻结',
    confirm: '确认冻结',
    explain:
      '冻结后商品不能购买、还价、出价或竞拍，卖家不能修改或重新上架；进行中的还价、出价和拍卖立即结束，保证金原路退回。原因对买家和卖家可见。',
    danger: true,
  },
  unfreeze: {
    title: '解冻',
    confirm: '确认解冻',
    explain: '解冻后商品回到冻结前的状态（在售或已下架）。',
    danger: false,
  },
  'take-down': {
    title: '下架',
    confirm: '确认下架',
    explain: '商品下架（已下架），卖家可见下架原因；进行中的还价、出价和拍卖立即结束，保证金原路退回。',
    danger: true,
  },
};

/** What staff may do to a listing in its status (the server decides again; an order's listing has none). */
function movesOf(status: number): ListingMove[] {
  if (status === ListingStatus.ON_SALE) return ['freeze', 'take-down'];
  if (status === ListingStatus.DELISTED) return ['freeze'];
  if (status === ListingStatus.FROZEN) return ['unfreeze', 'take-down'];
  return [];
}

function ListingMoveDialog({ listingId, move, onDone }: { listingId: string; move: ListingMove; onDone: () => void }) {
  const act = useMoveListing();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState('');
  const words = WORDS[move];
  const confirm = () => {
    const checked = listingMovePayload.safeParse({ reason });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请填写原因');
    act.mutate({ listingId, move, reason: checked.data.reason }, { onSuccess: onDone });
  };
  return (
    <ConfirmDialog
      title={`${words.title}商品 ${listingId}`}
      confirmLabel={words.confirm}
      danger={words.danger}
      busy={act.isPending}
      error={invalid || act.error?.message}
      onConfirm={confirm}
      onCancel={onDone}
      testId="ops-listing-action-dialog"
    >
      <div className="ops-muted">{words.explain}</div>
      <textarea
        aria-label="原因"
        value={reason}
        maxLength={200}
        onChange={(e) => {
          setReason(e.target.value);
          setInvalid('');
          act.reset();
        }}
        placeholder={move === 'unfreeze' ? '原因（记入操作日志，2–200字）' : '原因（买家和卖家可见，2–200字）'}
        data-testid="ops-listing-action-reason"
      />
    </ConfirmDialog>
  );
}

/** 冻结 / 解冻 / 下架 of one listing, each confirmed with its reason in a dialog. */
export function ListingActions({ listingId, status }: { listingId: string; status: number }) {
  const [moving, setMoving] = useState<ListingMove | null>(null);
  const moves = movesOf(status);
  if (moves.length === 0) return <span className="ops-muted">—</span>;
  return (
    <span className="ops-inline ops-nowrap" data-testid="ops-listing-actions">
      {moves.map((m) => (
        <button
          key={m}
          type="button"
          className="ops-link"
          onClick={() => setMoving(m)}
          data-testid={`ops-listing-${m}`}
        >
          {WORDS[m].title}
        </button>
      ))}
      {moving ? <ListingMoveDialog listingId={listingId} move={moving} onDone={() => setMoving(null)} /> : null}
    </span>
  );
}
