import {
  type ReconcileRun,
  type ReconcileSection,
  reconcilePayload,
  reconcileSourceLabel,
} from '@app/protocol/ops-money';
import { useState } from 'react';
import { RECONCILE_PAGE_SIZE, useReconcileHistory, useRunReconciliation } from '../api/reconciliation';
import { formatTime } from './format';
import { Pager } from './pager';

/** Yesterday in Beijing (the default day: today's payouts are still moving). */
const yesterday = () => new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);

function Section({ section }: { section: ReconcileSection }) {
  const bad = section.mismatches.length > 0;
  return (
    <div className="ops-wb-card" data-testid="ops-reconcile-section" data-source={section.source}>
      <div className="ops-stats">
        <div className="ops-stat">
          <span className="ops-muted">来源 / 渠道</span>
          <b className="ops-stat-value">
            {reconcileSourceLabel[section.source]} · {section.provider}
          </b>
        </div>
        <div className="ops-stat">
          <span className="ops-muted">核对笔数</span>
          <b className="ops-stat-value" data-testid="ops-reconcile-checked">
            {section.checked}
          </b>
        </div>
        <div className="ops-stat ops-stat-ok">
          <span className="ops-muted">一致</span>
          <b className="ops-stat-value" data-testid="ops-reconcile-matched">
            {section.matched}
          </b>
        </div>
        <div className={bad ? 'ops-stat ops-stat-bad' : 'ops-stat'}>
          <span className="ops-muted">不一致</span>
          <b className="ops-stat-value" data-testid="ops-reconcile-mismatches">
            {section.mismatches.length}
          </b>
        </div>
      </div>
      {bad ? (
        <table className="ops-table" data-testid="ops-reconcile-lines">
          <thead>
            <tr>
              <th style={{ width: 90 }}>提现ID</th>
              <th style={{ width: 260 }}>单号</th>
              <th style={{ width: 110 }}>我方状态</th>
              <th style={{ width: 110 }}>渠道状态</th>
              <th>问题</th>
            </tr>
          </thead>
          <tbody>
            {section.mismatches.map((m) => (
              <tr key={`${m.ref}-${m.number}`} data-testid="ops-reconcile-line">
                <td className="ops-mono">#{m.ref}</td>
                <td className="ops-mono">{m.number}</td>
                <td className="ops-mono">{m.ours}</td>
                <td className="ops-mono">{m.theirs}</td>
                <td className="ops-error">{m.problem}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="ops-ok">当日记录与渠道完全一致</p>
      )}
    </div>
  );
}

function RunView({ run, latest }: { run: ReconcileRun; latest?: boolean }) {
  return (
    <div data-testid={latest ? 'ops-reconcile-result' : 'ops-reconcile-run'}>
      <h3 className="ops-subhead">
        {run.day} 对账结果
        <span className="ops-muted" style={{ fontWeight: 'normal', marginLeft: 8, fontSize: 13 }}>
          {run.ranBy ?? '—'} 于 {formatTime(run.ranAt)} 运行
        </span>
      </h3>
      {run.sections.length === 0 ? <p className="ops-muted">没有登记的对账来源</p> : null}
      {run.sections.map((s) => (
        <Section key={`${s.source}-${s.provider}`} section={s} />
      ))}
    </div>
  );
}

/**
 * 对账 (财务, 管理员): one day's payouts checked against the provider's records by number; every
 * mismatch is listed for staff, never fixed here. Each run is audited and kept in the history.
 */
export function ReconcileTab() {
  const [day, setDay] = useState(yesterday);
  const [invalid, setInvalid] = useState('');
  const [page, setPage] = useState(1);
  const history = useReconcileHistory(page);
  const runner = useRunReconciliation();
  const start = () => {
    const checked = reconcilePayload.safeParse({ day });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请选择日期');
    setInvalid('');
    runner.mutate(checked.data.day);
  };
  return (
    <section>
      <div className="ops-section-head">
        <div>
          <h2>对账</h2>
          <p className="ops-muted">
            按北京时间日期，把当天发出的每笔打款和原路退款向各自渠道逐笔查询核对。不一致只列出、不自动处理；每次运行记入操作日志。
          </p>
        </div>
        <div className="ops-inline">
          <input
            type="date"
            aria-label="对账日期"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            style={{ minWidth: 0 }}
            data-testid="ops-reconcile-day"
          />
          <button
            type="button"
            className="ops-primary"
            onClick={start}
            disabled={runner.isPending}
            data-testid="ops-reconcile-run-button"
          >
            {runner.isPending ? '对账中…' : '运行对账'}
          </button>
        </div>
      </div>
      {invalid || runner.error ? <p className="ops-error">{invalid || runner.error?.message}</p> : null}
      {runner.data ? <RunView run={runner.data} latest /> : null}
      <h3 className="ops-subhead">历史对账</h3>
      {history.error ? <p className="ops-error">{history.error.message}</p> : null}
      {history.data?.list.length === 0 ? <p className="ops-empty">还没有运行过对账</p> : null}
      {history.data?.list.length ? (
        <>
          <div className="ops-table-wrap">
            <table className="ops-table" data-testid="ops-reconcile-history">
              <thead>
                <tr>
                  <th style={{ width: 130 }}>日期</th>
                  <th>来源 / 渠道</th>
                  <th style={{ width: 90 }} className="ops-num">
                    核对
                  </th>
                  <th style={{ width: 90 }} className="ops-num">
                    一致
                  </th>
                  <th style={{ width: 90 }} className="ops-num">
                    不一致
                  </th>
                  <th style={{ width: 200 }}>运行</th>
                </tr>
              </thead>
              <tbody>
                {history.data?.list.flatMap((run) =>
                  run.sections.map((s) => (
                    <tr
                      key={`${run.ranAt}-${run.day}-${s.source}-${s.provider}`}
                      data-testid="ops-reconcile-history-row"
                    >
                      <td className="ops-mono">{run.day}</td>
                      <td>
                        {reconcileSourceLabel[s.source]} · {s.provider}
                      </td>
                      <td className="ops-num">{s.checked}</td>
                      <td className="ops-num">{s.matched}</td>
                      <td className={s.mismatches.length > 0 ? 'ops-num ops-error' : 'ops-num'}>
                        {s.mismatches.length}
                      </td>
                      <td>
                        {run.ranBy ?? '—'}
                        <div className="ops-muted">{formatTime(run.ranAt)}</div>
                      </td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pageSize={RECONCILE_PAGE_SIZE}
            total={history.data?.total ?? 0}
            onPage={setPage}
            testId="ops-reconcile-pager"
          />
        </>
      ) : null}
    </section>
  );
}
