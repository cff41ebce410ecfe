import { formatPriceFen } from '@app/protocol/format';
import { type AuditEntry, StaffRole, staffActionLabel, staffRoleLabel } from '@app/protocol/ops';
import { type FormEvent, useState } from 'react';
import { AUDIT_PAGE_SIZE, useAudit } from '../api/get-audit';
import { formatTime } from './format';
import { Pager } from './pager';

type Values = Record<string, unknown> | null;

const FIELD_LABEL: Record<string, string> = {
  statusLabel: '状态',
  role: '角色',
  disabled: '账号',
  totpEnabled: '两步验证',
  passwordChanged: '密码',
  refundedFen: '退款',
  reason: '处理说明',
  note: '备注',
  username: '用户名',
  displayName: '姓名',
  totp: '两步验证',
};

const FIELD_ORDER = Object.keys(FIELD_LABEL);

function show(key: string, value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (key === 'role' && typeof value === 'string' && Object.values(StaffRole).includes(value as StaffRole))
    return staffRoleLabel[value as StaffRole];
  if (key === 'disabled') return value ? '停用' : '启用';
  if (key === 'totpEnabled') return value ? '已开启' : '未开启';
  if (key === 'totp') return value ? '已验证' : '未使用';
  if (key === 'passwordChanged') return value ? '已更换' : '未变';
  if (key === 'refundedFen') return formatPriceFen(Number(value));
  return String(value);
}

/** The change of one entry as lines `字段：前 → 后` (an order's status by its label). */
function changeLines(entry: AuditEntry): Array<{ label: string; text: string }> {
  const before = (entry.before ?? null) as Values;
  const after = (entry.after ?? null) as Values;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (k) => k in FIELD_LABEL && !(entry.action === 'order.note' && k === 'statusLabel'),
  );
  keys.sort((a, b) => FIELD_ORDER.indexOf(a) - FIELD_ORDER.indexOf(b));
  return keys.map((k) => {
    const from = before && k in before ? show(k, before[k]) : null;
    const to = after && k in after ? show(k, after[k]) : null;
    return {
      // On a decision `note` is the order's own note (seen by buyer and seller); on order.note, the staff note.
      label: k === 'note' && entry.action !== 'order.note' ? '订单说明' : (FIELD_LABEL[k] ?? k),
      text: from !== null && to !== null && from !== to ? `${from} → ${to}` : (to ?? from ?? '—'),
    };
  });
}

/** 操作日志: every staff action, newest first, filterable by order, 20 a page (operators and admins). */
export function AuditTab() {
  const [draft, setDraft] = useState('');
  const [order, setOrder] = useState('');
  const [page, setPage] = useState(1);
  const audit = useAudit(order, page);
  const search = (e: FormEvent) => {
    e.preventDefault();
    setOrder(draft.trim());
    setPage(1);
  };
  return (
    <section>
      <div className="ops-section-head">
        <div>
          <h2>操作日志</h2>
          <p className="ops-muted">员工的每一次操作：谁、何时、对哪个订单或员工、改动前后、来源地址。</p>
        </div>
        <form className="ops-inline" onSubmit={search}>
          <input
            aria-label="订单号或订单ID"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="按订单号或订单ID筛选"
            data-testid="ops-audit-order"
          />
          <button type="submit" className="ops-primary" data-testid="ops-audit-search">
            查询
          </button>
          {order ? (
            <button
              type="button"
              className="ops-secondary"
              onClick={() => {
                setDraft('');
                setOrder('');
                setPage(1);
              }}
            >
              清除
            </button>
          ) : null}
        </form>
      </div>
      {audit.error ? <p className="ops-error">{audit.error.message}</p> : null}
      <div className="ops-table-wrap">
        <table className="ops-table" data-testid="ops-audit">
          <thead>
            <tr>
              <th style={{ width: 190 }}>时间</th>
              <th style={{ width: 140 }}>员工</th>
              <th style={{ width: 130 }}>操作</th>
              <th style={{ width: 200 }}>对象</th>
              <th>改动</th>
              <th style={{ width: 120 }}>地址</th>
            </tr>
          </thead>
          <tbody>
            {audit.data?.list.map((e) => (
              <tr key={e.id} data-testid="ops-audit-row" data-action={e.action}>
                <td className="ops-mono">{formatTime(e.at)}</td>
                <td>
                  {e.staff ? (
                    <>
                      {e.staff.displayName}
                      <div className="ops-muted">{e.staff.username}</div>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  <span className={`ops-action ops-action-${e.action.split('.')[0]}`}>
                    {staffActionLabel[e.action] ?? e.action}
                  </span>
                </td>
                <td>
                  {e.orderNo ? (
                    <>
                      订单 <span className="ops-mono">{e.orderNo}</span>
                    </>
                  ) : e.targetStaff ? (
                    <>员工 {e.targetStaff}</>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  {changeLines(e).map((l) => (
                    <div key={l.label} className="ops-change">
                      <span className="ops-muted">{l.label}：</span>
                      {l.text}
                    </div>
                  ))}
                </td>
                <td className="ops-mono">{e.ip || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {audit.data?.list.length === 0 ? <p className="ops-empty">没有符合条件的操作记录</p> : null}
      </div>
      <Pager
        total={audit.data?.total ?? 0}
        page={page}
        pageSize={AUDIT_PAGE_SIZE}
        onPage={setPage}
        nextTestId="ops-audit-next"
      />
    </section>
  );
}
