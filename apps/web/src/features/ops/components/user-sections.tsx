import { formatPriceFen } from '@app/protocol/format';
import { type StaffAction, staffActionLabel } from '@app/protocol/ops';
import {
  type OpsStatementLine,
  type OpsUserAudit,
  type OpsUserDeposit,
  type OpsUserListing,
  type OpsUserNote,
  type OpsUserOrder,
  type OpsUserSession,
  type OpsUserWithdrawal,
  type UserSection,
  userNotePayload,
} from '@app/protocol/ops-users';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useAddUserNote } from '../api/add-user-note';
import { USER_SECTION_PAGE_SIZE, useUserSection } from '../api/get-user';
import { formatTime } from './format';
import { ListingActions } from './listing-actions';
import { Pager } from './pager';

type Column<T> = { head: string; cell: (row: T) => ReactNode; width?: number };

const price = (fen: number) => formatPriceFen(fen);
const signed = (fen: number) => `${fen > 0 ? '+' : ''}${formatPriceFen(fen)}`;

/** What each section shows, column by column (every type from @app/protocol/ops-users). */
const COLUMNS: { [S in UserSection]: Column<never>[] } = {
  orders: [
    { head: '订单号', cell: (r: OpsUserOrder) => <span className="ops-mono">{r.orderNo}</span>, width: 200 },
    { head: '身份', cell: (r: OpsUserOrder) => (r.side === 'buyer' ? '买家' : '卖家'), width: 60 },
    { head: '商品', cell: (r: OpsUserOrder) => r.title },
    { head: '金额', cell: (r: OpsUserOrder) => price(r.total), width: 100 },
    { head: '状态', cell: (r: OpsUserOrder) => r.statusLabel, width: 110 },
    { head: '下单时间', cell: (r: OpsUserOrder) => formatTime(r.createdAt), width: 160 },
  ] as Column<never>[],
  listings: [
    { head: '商品编号', cell: (r: OpsUserListing) => <span className="ops-mono">{r.id}</span>, width: 100 },
    { head: '标题', cell: (r: OpsUserListing) => r.title },
    { head: '价格', cell: (r: OpsUserListing) => price(r.price), width: 100 },
    { head: '状态', cell: (r: OpsUserListing) => r.statusLabel, width: 100 },
  ] as Column<never>[],
  statement: [
    { head: '时间', cell: (r: OpsStatementLine) => formatTime(r.at), width: 160 },
    { head: '类型', cell: (r: OpsStatementLine) => r.label },
    { head: '金额', cell: (r: OpsStatementLine) => signed(r.effect), width: 110 },
    { head: '余额', cell: (r: OpsStatementLine) => price(r.balanceAfter), width: 110 },
    { head: '订单', cell: (r: OpsStatementLine) => r.orderId ?? '—', width: 100 },
  ] as Column<never>[],
  deposits: [
    { head: '编号', cell: (r: OpsUserDeposit) => <span className="ops-mono">{r.id}</span>, width: 80 },
    { head: '商品', cell: (r: OpsUserDeposit) => r.title },
    { head: '金额', cell: (r: OpsUserDeposit) => price(r.amount), width: 100 },
    { head: '状态', cell: (r: OpsUserDeposit) => r.statusLabel, width: 100 },
    { head: '时间', cell: (r: OpsUserDeposit) => formatTime(r.createdAt), width: 160 },
  ] as Column<never>[],
  withdrawals: [
    { head: '编号', cell: (r: OpsUserWithdrawal) => <span className="ops-mono">{r.id}</span>, width: 80 },
    { head: '金额', cell: (r: OpsUserWithdrawal) => price(r.amount), width: 110 },
    { head: '状态', cell: (r: OpsUserWithdrawal) => r.statusLabel },
    { head: '申请时间', cell: (r: OpsUserWithdrawal) => formatTime(r.createdAt), width: 160 },
  ] as Column<never>[],
  sessions: [
    { head: '来源', cell: (r: OpsUserSession) => r.source, width: 100 },
    { head: '登录时间', cell: (r: OpsUserSession) => formatTime(r.createdAt), width: 160 },
    { head: '到期时间', cell: (r: OpsUserSession) => formatTime(r.expiresAt), width: 160 },
    {
      head: '状态',
      cell: (r: OpsUserSession) =>
        r.live ? <span className="ops-pill ops-pill-on">有效</span> : <span className="ops-muted">已失效</span>,
    },
  ] as Column<never>[],
  notes: [
    { head: '时间', cell: (r: OpsUserNote) => formatTime(r.at), width: 160 },
    { head: '员工', cell: (r: OpsUserNote) => r.by, width: 110 },
    { head: '备注', cell: (r: OpsUserNote) => r.note },
  ] as Column<never>[],
  audit: [
    { head: '时间', cell: (r: OpsUserAudit) => formatTime(r.at), width: 160 },
    { head: '员工', cell: (r: OpsUserAudit) => r.by, width: 110 },
    { head: '操作', cell: (r: OpsUserAudit) => staffActionLabel[r.action as StaffAction] ?? r.action, width: 120 },
    {
      head: '原因',
      cell: (r: OpsUserAudit) =>
        String(
          (r.after as { reason?: string; note?: string } | null)?.reason ??
            (r.after as { note?: string } | null)?.note ??
            '',
        ),
    },
    { head: '地址', cell: (r: OpsUserAudit) => <span className="ops-mono">{r.ip}</span>, width: 120 },
  ] as Column<never>[],
};

function NoteForm({ userId }: { userId: string }) {
  const add = useAddUserNote();
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = userNotePayload.safeParse({ note });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请填写备注');
    add.mutate({ userId, note: checked.data.note }, { onSuccess: () => setNote('') });
  };
  return (
    <form className="ops-inline" onSubmit={submit}>
      <input
        aria-label="备注"
        value={note}
        maxLength={200}
        onChange={(e) => {
          setNote(e.target.value);
          setInvalid('');
        }}
        placeholder="添加备注（仅员工可见）"
        style={{ flex: 1 }}
        data-testid="ops-user-note-input"
      />
      <button type="submit" className="ops-primary" disabled={add.isPending}>
        添加
      </button>
      {invalid || add.error ? <span className="ops-error">{invalid || add.error?.message}</span> : null}
    </form>
  );
}

/** One section of a user's page: its table, paged; notes with their form. */
/** The listings' 操作 column, for staff who may act on listings (运营, 管理员). */
const LISTING_ACTIONS: Column<never> = {
  head: '操作',
  cell: (r: OpsUserListing) => <ListingActions listingId={r.id} status={r.status} />,
  width: 120,
} as Column<never>;

export function UserSectionView({
  userId,
  section,
  canActOnListings,
}: {
  userId: string;
  section: UserSection;
  canActOnListings: boolean;
}) {
  const [page, setPage] = useState(1);
  const rows = useUserSection<never>(userId, section, page);
  const columns =
    section === 'listings' && canActOnListings ? [...COLUMNS.listings, LISTING_ACTIONS] : COLUMNS[section];
  return (
    <div className="ops-panel" data-testid={`ops-user-${section}`}>
      {section === 'notes' ? <NoteForm userId={userId} /> : null}
      {rows.error ? <p className="ops-error">{rows.error.message}</p> : null}
      <div className="ops-table-wrap">
        <table className="ops-table ops-table-tight">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.head} style={c.width ? { width: c.width } : undefined}>
                  {c.head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.data?.list.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="ops-empty">
                  暂无记录
                </td>
              </tr>
            ) : null}
            {rows.data?.list.map((row, i) => (
              <tr key={(row as { id?: string }).id ?? i}>
                {columns.map((c) => (
                  <td key={c.head}>{c.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={page}
        pageSize={USER_SECTION_PAGE_SIZE}
        total={rows.data?.total ?? 0}
        onPage={setPage}
        testId={`ops-user-${section}-pager`}
      />
    </div>
  );
}
