import { STATEMENT_KINDS, type StatementKind, statementKindLabel } from '@app/protocol/calls/wallet';
import { formatDate, formatPriceFen } from '@app/protocol/format';
import { useState } from 'react';
import { isPcPage, PageFrame } from '../../components/pc-page-frame';
import { sceneOfPath } from '../../lib/platform';
import { usePendingIncome } from './api/get-pending-income';
import { useWalletRefunds } from './api/get-wallet-refunds';
import { useWalletStatement } from './api/get-wallet-statement';
import { LineRef, StatementRow, StatementTable, signedAmount } from './statement-line';
import './wallet.css';

/** The last twelve months in Beijing time, newest first: '2026-12', '2026-11', … */
function recentMonths(now = Date.now()): string[] {
  const beijing = new Date(now + 8 * 3_600_000);
  const months: string[] = [];
  for (let i = 0; i < 12; i++) {
    const d = new Date(Date.UTC(beijing.getUTCFullYear(), beijing.getUTCMonth() - i, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}
const monthLabel = (m: string) => `${m.slice(0, 4)}年${Number(m.slice(5))}月`;

/**
 * /{scene}/pages/userCenter/fundDetail/fundDetail: 资金明细. 待入账 on top with the day each sale
 * settles, 退款中 with where each refund goes (原路退回) and since when; then every movement of the balance with its kind, order, amount and the balance after,
 * filtered by kind and month; a list on the phone, a table on the PC.
 */
export default function WalletStatementPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = isPcPage(scene);
  const [kind, setKind] = useState<StatementKind | undefined>();
  const [month, setMonth] = useState<string | undefined>();
  const pending = usePendingIncome();
  const refunds = useWalletRefunds();
  const inTransit = refunds.data?.list.filter((r) => r.state === 'in_transit') ?? [];
  const statement = useWalletStatement({ kind, month });
  const lines = statement.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <PageFrame title="资金明细">
      {pending.data && pending.data.list.length > 0 ? (
        <section className="card statement-pending" data-testid="statement-pending">
          <div className="statement-pending-head">
            <span>待入账</span>
            <b>{formatPriceFen(pending.data.total)}</b>
          </div>
          <ul>
            {pending.data.list.map((p) => (
              <li key={p.id} data-testid="statement-pending-line">
                <div>
                  <div>{p.label}</div>
                  <LineRef line={p} scene={scene} />
                </div>
                <div className="statement-money">
                  <div className="statement-amount in">{signedAmount(p.amount)}</div>
                  <div className="muted statement-after" data-testid="statement-settle-day">
                    {p.settleTime ? `预计${formatDate(p.settleTime * 1000)}入账` : '确认后入账'}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {refunds.data && inTransit.length > 0 ? (
        <section className="card statement-pending" data-testid="statement-refunds">
          <div className="statement-pending-head">
            <span>退款中</span>
            <b>{formatPriceFen(refunds.data.inTransit)}</b>
          </div>
          <ul>
            {inTransit.map((r) => (
              <li key={`${r.createdAt}-${r.amount}-${r.way}`} data-testid="statement-refund-line">
                <div>
                  <div>{r.label}</div>
                  <div className="muted statement-ref">{r.text}</div>
                </div>
                <div className="statement-money">
                  <div className="statement-amount">{formatPriceFen(r.amount)}</div>
                  <div className="muted statement-after">{formatDate(r.createdAt)}发起</div>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="statement-filters" data-testid="statement-filters">
        <div className="statement-kinds" role="tablist" aria-label="类型">
          {[undefined, ...STATEMENT_KINDS].map((k) => (
            <button
              key={k ?? 'all'}
              type="button"
              role="tab"
              aria-selected={kind === k}
              className={`statement-kind${kind === k ? ' on' : ''}`}
              onClick={() => setKind(k)}
              data-testid={`statement-kind-${k ?? 'all'}`}
            >
              {k ? statementKindLabel[k] : '全部'}
            </button>
          ))}
        </div>
        <select
          className="statement-month"
          aria-label="月份"
          value={month ?? ''}
          onChange={(e) => setMonth(e.target.value || undefined)}
          data-testid="statement-month"
        >
          <option value="">全部月份</option>
          {recentMonths().map((m) => (
            <option key={m} value={m}>
              {monthLabel(m)}
            </option>
          ))}
        </select>
      </div>
      {statement.isSuccess && lines.length === 0 ? (
        <p className="muted statement-empty" data-testid="statement-empty">
          {kind || month ? '该条件下暂无资金明细' : '暂无资金明细'}
        </p>
      ) : pc ? (
        <StatementTable lines={lines} scene={scene} />
      ) : (
        <ul className="card statement-list" data-testid="statement-list">
          {lines.map((line) => (
            <StatementRow key={line.id} line={line} scene={scene} />
          ))}
        </ul>
      )}
      {statement.hasNextPage ? (
        <button
          type="button"
          className="btn statement-more"
          disabled={statement.isFetchingNextPage}
          onClick={() => statement.fetchNextPage()}
          data-testid="statement-more"
        >
          {statement.isFetchingNextPage ? '加载中…' : '加载更多'}
        </button>
      ) : null}
    </PageFrame>
  );
}
