import { formatPriceFen } from '@app/protocol/format';
import type { FeeIncomeRow } from '@app/protocol/ops-money';
import { type FormEvent, useState } from 'react';
import {
  TRANSFERS_PAGE_SIZE,
  useFeeIncome,
  useLedgerAccounts,
  useLedgerCheck,
  useLedgerTransfers,
} from '../api/ledger';
import { useGameNames } from '../api/merchants';
import { formatTime } from './format';
import { Pager } from './pager';

const beijing = (offsetDays: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

const KIND_LABEL: Record<string, string> = {
  escrow: '担保',
  revenue: '收入',
  expense: '支出',
  liability: '应付',
  gateway: '支付渠道',
  payout: '打款渠道',
  user_available: '用户余额',
};

/** A transfer's state: posted at once, or reserved (待结算) and later settled or undone by a resolution row. */
const STATE_LABEL: Record<string, string> = {
  posted: '已记账',
  pending: '待结算',
  posted_pending: '待结算 → 已结算',
  voided: '待结算 → 已撤销',
  expired: '待结算 → 已过期',
  post: '结算（待结算记账）',
  void: '撤销（待结算退回）',
};
/** Resolution rows move no new money: they settle or undo a reservation already listed. */
const RESOLUTION = new Set(['post', 'void']);

/** The books checked now: balanced or each problem, codes without a label. */
function CheckPanel() {
  const check = useLedgerCheck();
  const c = check.data;
  return (
    <div className="ops-wb-card" data-testid="ops-ledger-check">
      <div className="ops-section-head" style={{ marginBottom: 8 }}>
        <h3 className="ops-subhead" style={{ margin: 0 }}>
          账务核对（ledger:check）
        </h3>
        <button type="button" className="ops-secondary" onClick={() => void check.refetch()}>
          重新核对
        </button>
      </div>
      {check.error ? <p className="ops-error">{check.error.message}</p> : null}
      {c ? (
        <>
          <div className="ops-stats">
            <div className={c.balanced ? 'ops-stat ops-stat-ok' : 'ops-stat ops-stat-bad'}>
              <span className="ops-muted">结果</span>
              <b className="ops-stat-value" data-testid="ops-ledger-balanced">
                {c.balanced ? '账目平衡' : '发现问题'}
              </b>
            </div>
            <div className="ops-stat">
              <span className="ops-muted">账户数</span>
              <b className="ops-stat-value">{c.accounts}</b>
            </div>
            <div className="ops-stat">
              <span className="ops-muted">累计记账</span>
              <b className="ops-stat-value">{formatPriceFen(c.postedFen)}</b>
            </div>
            <div className="ops-stat">
              <span className="ops-muted">核对时间</span>
              <b className="ops-stat-value" style={{ fontSize: 14 }}>
                {formatTime(c.checkedAt)}
              </b>
            </div>
          </div>
          {c.problems.map((p) => (
            <p key={p} className="ops-error ops-mono">
              {p}
            </p>
          ))}
          {c.unlabelledCodes.map((code) => (
            <p key={code} className="ops-error">
              流水类型 <span className="ops-mono">{code}</span> 没有中文名称（LEDGER_MOVEMENT_CODES）
            </p>
          ))}
        </>
      ) : null}
    </div>
  );
}

function FeesPanel() {
  const [from, setFrom] = useState(() => beijing(-6));
  const [to, setTo] = useState(() => beijing(0));
  const fees = useFeeIncome(from, to);
  const games = useGameNames();
  const rows: FeeIncomeRow[] = fees.data?.list ?? [];
  const total = rows.reduce((sum, r) => sum + r.amount, 0);
  return (
    <div data-testid="ops-ledger-fees" style={{ marginTop: 24 }}>
      <div className="ops-section-head" style={{ marginBottom: 8 }}>
        <h3 className="ops-subhead" style={{ margin: 0 }}>
          手续费收入（按日、游戏）
        </h3>
        <div className="ops-inline">
          <input
            type="date"
            aria-label="开始日期"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            style={{ minWidth: 0 }}
          />
          <span className="ops-muted">至</span>
          <input
            type="date"
            aria-label="结束日期"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            style={{ minWidth: 0 }}
          />
        </div>
      </div>
      {fees.error ? <p className="ops-error">{fees.error.message}</p> : null}
      <div className="ops-table-wrap">
        <table className="ops-table">
          <thead>
            <tr>
              <th style={{ width: 120 }}>日期</th>
              <th>游戏</th>
              <th style={{ width: 130 }}>类型</th>
              <th style={{ width: 80 }} className="ops-num">
                笔数
              </th>
              <th style={{ width: 130 }} className="ops-num">
                金额
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.day}-${r.applicationId}-${r.code}`} data-testid="ops-fee-row">
                <td className="ops-mono">{r.day}</td>
                <td>
                  {r.applicationId ? (
                    (games.data?.get(r.applicationId) ?? r.applicationId)
                  ) : (
                    <span className="ops-muted">不属于订单（提现、商人订单等）</span>
                  )}
                </td>
                <td>{r.codeLabel}</td>
                <td className="ops-num">{r.count}</td>
                <td className="ops-num">{formatPriceFen(r.amount)}</td>
              </tr>
            ))}
            {rows.length > 0 ? (
              <tr>
                <td colSpan={4}>
                  <b>合计</b>
                </td>
                <td className="ops-num">
                  <b data-testid="ops-fee-total">{formatPriceFen(total)}</b>
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
        {fees.data && rows.length === 0 ? <p className="ops-empty">该时段没有手续费收入</p> : null}
      </div>
    </div>
  );
}

/** 账务 (财务, 管理员): the ledger by account with its transfers, the check of the books, fee income. */
export function LedgerTab() {
  const [draft, setDraft] = useState('');
  const [uid, setUid] = useState('');
  const [account, setAccount] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const accounts = useLedgerAccounts(uid);
  const transfers = useLedgerTransfers(account, page);
  const search = (e: FormEvent) => {
    e.preventDefault();
    setUid(draft.trim());
    setAccount(null);
    setPage(1);
  };
  return (
    <section>
      <div className="ops-section-head">
        <div>
          <h2>账务</h2>
          <p className="ops-muted">
            复式记账：每一笔资金往来都是两个账户之间的一笔流水。平台账户，或输入用户UID查看用户余额账户。
          </p>
        </div>
        <form className="ops-inline" onSubmit={search}>
          <input
            aria-label="用户UID"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="用户UID（留空为平台账户）"
            data-testid="ops-ledger-uid"
          />
          <button type="submit" className="ops-primary" data-testid="ops-ledger-search">
            查询
          </button>
        </form>
      </div>
      <CheckPanel />
      <div className="ops-money-grid" style={{ marginTop: 16 }}>
        <div>
          <h3 className="ops-subhead" style={{ marginTop: 0 }}>
            {uid ? `用户 ${uid} 的账户` : '平台账户'}
          </h3>
          {accounts.error ? <p className="ops-error">{accounts.error.message}</p> : null}
          <div className="ops-table-wrap">
            <table className="ops-table" data-testid="ops-ledger-accounts">
              <thead>
                <tr>
                  <th>账户</th>
                  <th style={{ width: 110 }} className="ops-num">
                    余额
                  </th>
                  <th style={{ width: 100 }} className="ops-num">
                    冻结
                  </th>
                  <th style={{ width: 110 }} className="ops-num">
                    可用
                  </th>
                </tr>
              </thead>
              <tbody>
                {accounts.data?.list.map((a) => (
                  <tr
                    key={a.code}
                    className={a.code === account ? 'ops-account-row active' : 'ops-account-row'}
                    onClick={() => {
                      setAccount(a.code);
                      setPage(1);
                    }}
                    data-testid="ops-ledger-account"
                    data-code={a.code}
                  >
                    <td>
                      <button type="button" className="ops-link" style={{ padding: 0 }}>
                        <span className="ops-mono">{a.code}</span>
                      </button>
                      <div className="ops-muted">{KIND_LABEL[a.kind] ?? a.kind}</div>
                    </td>
                    <td className="ops-num">{formatPriceFen(a.posted)}</td>
                    <td className="ops-num">{a.reserved ? formatPriceFen(a.reserved) : '—'}</td>
                    <td className="ops-num">{formatPriceFen(a.available)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {accounts.data?.list.length === 0 ? <p className="ops-empty">暂无账户</p> : null}
          </div>
        </div>
        <div>
          <h3 className="ops-subhead" style={{ marginTop: 0 }}>
            {account ? (
              <>
                流水 <span className="ops-mono">{account}</span>
              </>
            ) : (
              '流水'
            )}
          </h3>
          {!account ? <p className="ops-empty">选择左侧账户查看流水</p> : null}
          {transfers.error ? <p className="ops-error">{transfers.error.message}</p> : null}
          {account && transfers.data ? (
            <>
              <div className="ops-table-wrap ops-table-scroll">
                <table className="ops-table" data-testid="ops-ledger-transfers" style={{ minWidth: 640 }}>
                  <thead>
                    <tr>
                      <th style={{ width: 170 }}>时间</th>
                      <th style={{ width: 150 }}>类型</th>
                      <th>转出 → 转入</th>
                      <th style={{ width: 110 }} className="ops-num">
                        金额
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {transfers.data.list.map((t) => (
                      <tr key={t.id} data-testid="ops-ledger-transfer">
                        <td className="ops-mono">
                          {formatTime(t.at)}
                          <div className="ops-muted">#{t.id}</div>
                        </td>
                        <td>
                          {t.codeLabel}
                          <div className="ops-muted">{STATE_LABEL[t.state] ?? t.state}</div>
                        </td>
                        <td className="ops-mono" style={{ wordBreak: 'break-all' }}>
                          {t.debit} → {t.credit}
                          {t.orderId ? <div className="ops-muted">订单 {t.orderId}</div> : null}
                        </td>
                        {RESOLUTION.has(t.state) ? (
                          <td className="ops-num ops-muted">{formatPriceFen(t.amount)}</td>
                        ) : (
                          <td className={t.credit === account ? 'ops-num ops-ok' : 'ops-num'}>
                            {t.credit === account ? '+' : '−'}
                            {formatPriceFen(t.amount)}
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                page={page}
                pageSize={TRANSFERS_PAGE_SIZE}
                total={transfers.data.total}
                onPage={setPage}
                testId="ops-ledger-pager"
              />
            </>
          ) : null}
        </div>
      </div>
      <FeesPanel />
    </section>
  );
}
