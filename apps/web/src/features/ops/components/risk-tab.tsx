import {
  type OpsRiskSignal,
  RISK_ACTIONS,
  RISK_KINDS,
  RISK_STATUSES,
  type RiskAction,
  type RiskKind,
  type RiskStatus,
  riskActionLabel,
  riskDecisionPayload,
  riskKindLabel,
  riskStatusLabel,
} from '@app/protocol/ops-risk';
import { useState } from 'react';
import { Link } from 'react-router';
import { RISK_PAGE_SIZE, useDecideRisk, useRiskSignals } from '../api/risk';
import { ConfirmDialog } from './confirm-dialog';
import { formatTime } from './format';
import { Pager } from './pager';

/** 风控: the signals the risk sweep raised, with their evidence, users and orders; dismissed or acted on with a note. */
export function RiskTab() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<RiskStatus>('open');
  const [kind, setKind] = useState<RiskKind | ''>('');
  const signals = useRiskSignals(page, status, kind);
  const [deciding, setDeciding] = useState<{ s: OpsRiskSignal; act: boolean } | null>(null);
  const data = signals.data;
  return (
    <section data-testid="ops-risk">
      <div className="ops-section-head">
        <div>
          <h2>风控</h2>
          <p className="ops-muted">
            系统根据设备、实名、成交和拒收记录自动发现的风险，每条只提示一次。处理前请先打开用户页核实。
          </p>
        </div>
        <div className="ops-inline ops-nowrap">
          <select
            aria-label="状态"
            value={status}
            onChange={(e) => {
              setPage(1);
              setStatus(e.target.value as RiskStatus);
            }}
          >
            {RISK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {riskStatusLabel[s]}
              </option>
            ))}
          </select>
          <select
            aria-label="类型"
            value={kind}
            onChange={(e) => {
              setPage(1);
              setKind(e.target.value as RiskKind | '');
            }}
          >
            <option value="">全部类型</option>
            {RISK_KINDS.map((k) => (
              <option key={k} value={k}>
                {riskKindLabel[k]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="ops-card">
        {signals.error ? <p className="ops-error">{signals.error.message}</p> : null}
        <div className="ops-table-wrap">
          <table className="ops-table" data-testid="ops-risk-list">
            <thead>
              <tr>
                <th>类型</th>
                <th>依据</th>
                <th>涉及用户</th>
                <th>订单</th>
                <th>发现时间</th>
                <th>{status === 'open' ? '操作' : '处理结果'}</th>
              </tr>
            </thead>
            <tbody>
              {data?.list.map((s) => (
                <tr key={s.signalId} data-testid="ops-risk-row">
                  <td className="ops-nowrap">{s.kindLabel}</td>
                  <td>{s.evidence}</td>
                  <td>
                    {s.users.map((u) => (
                      <div key={u.userId}>
                        <Link to={`?tab=users&user=${u.userId}`} data-testid="ops-risk-user">
                          UID {u.uid}
                        </Link>
                      </div>
                    ))}
                  </td>
                  <td>
                    {s.orders.map((o) => (
                      <div key={o.orderId}>
                        <Link to={`?tab=users&q=${encodeURIComponent(o.orderNo)}`}>{o.orderNo}</Link>
                      </div>
                    ))}
                  </td>
                  <td className="ops-muted ops-nowrap">{formatTime(s.createdAt)}</td>
                  <td>
                    {s.status === 'open' ? (
                      <div className="ops-inline ops-nowrap">
                        <button
                          type="button"
                          className="ops-danger"
                          onClick={() => setDeciding({ s, act: true })}
                          data-testid="ops-risk-act"
                        >
                          处置
                        </button>
                        <button
                          type="button"
                          className="ops-secondary"
                          onClick={() => setDeciding({ s, act: false })}
                          data-testid="ops-risk-dismiss"
                        >
                          忽略
                        </button>
                      </div>
                    ) : (
                      <div>
                        {s.action ? riskActionLabel[s.action] : riskStatusLabel[s.status]}
                        <div className="ops-muted">
                          {s.note} · {formatTime(s.decidedAt)}
                        </div>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data && data.list.length === 0 ? (
            <p className="ops-muted">{status === 'open' ? '暂无待处理的风险信号' : '暂无记录'}</p>
          ) : null}
        </div>
        {data ? <Pager page={page} pageSize={RISK_PAGE_SIZE} total={data.total} onPage={setPage} /> : null}
      </div>
      {deciding ? <DecideDialog {...deciding} onClose={() => setDeciding(null)} /> : null}
    </section>
  );
}

function DecideDialog({ s, act, onClose }: { s: OpsRiskSignal; act: boolean; onClose: () => void }) {
  const decide = useDecideRisk();
  const [action, setAction] = useState<RiskAction>('holdWithdrawals');
  const [userId, setUserId] = useState(s.users[0]?.userId ?? '');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState('');
  const confirm = () => {
    decide.reset();
    const checked = riskDecisionPayload.safeParse(
      act ? { decision: 'act', action, userId, note } : { decision: 'dismiss', note },
    );
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请检查填写内容');
    setInvalid('');
    decide.mutate({ signalId: s.signalId, ...checked.data }, { onSuccess: onClose });
  };
  return (
    <ConfirmDialog
      title={act ? `处置：${s.kindLabel}` : `忽略：${s.kindLabel}`}
      confirmLabel={act ? '确认处置' : '确认忽略'}
      danger={act}
      busy={decide.isPending}
      error={invalid || decide.error?.message}
      onConfirm={confirm}
      onCancel={onClose}
      testId="ops-risk-dialog"
    >
      <p>{s.evidence}</p>
      {act ? (
        <div className="ops-inline">
          <label className="ops-channel-field">
            <span>处置用户</span>
            <select value={userId} onChange={(e) => setUserId(e.target.value)} data-testid="ops-risk-user-pick">
              {s.users.map((u) => (
                <option key={u.userId} value={u.userId}>
                  UID {u.uid}
                </option>
              ))}
            </select>
          </label>
          <label className="ops-channel-field">
            <span>处置方式</span>
            <select
              value={action}
              onChange={(e) => setAction(e.target.value as RiskAction)}
              data-testid="ops-risk-action"
            >
              {RISK_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {riskActionLabel[a]}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
      <label className="ops-channel-field">
        <span>处理说明（记入操作日志，封禁原因用户可见）</span>
        <input
          value={note}
          maxLength={200}
          onChange={(e) => {
            setNote(e.target.value);
            setInvalid('');
          }}
          data-testid="ops-risk-note"
        />
      </label>
    </ConfirmDialog>
  );
}
