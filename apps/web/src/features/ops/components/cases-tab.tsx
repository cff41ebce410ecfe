import type { CaseDomain } from '@app/protocol/refused-cases';
import { type FormEvent, useState } from 'react';
import { CASES_PAGE_SIZE, useCases } from '../api/get-cases';
import { CaseCard } from './case-card';
import { Pager } from './pager';

const DOMAINS: Array<{ id: CaseDomain | ''; label: string }> = [
  { id: '', label: '全部订单' },
  { id: 'order', label: '交易订单' },
  { id: 'broker', label: '商人订单' },
];

/**
 * 拒绝收货 across both order machineries: the exchange's refused receipts and the broker's refused,
 * late or never-reported orders, oldest first, by domain, by order number or 唯一码, a page at a time.
 */
export function CasesTab() {
  const [domain, setDomain] = useState<CaseDomain | ''>('');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const cases = useCases({ domain, q, page });
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };
  return (
    <section>
      <div className="ops-section-head">
        <div>
          <h2>拒绝收货与客服介入</h2>
          <p className="ops-muted">
            买家拒绝收货后款项留在担保中：核实游戏凭证后退款，或确认交付无误。商人超过承诺时间未发货的订单只能退款，库存回到商品；游戏内交易超时未报告、买家申请介入的订单：核实聊天后退款或记为发货完成。
          </p>
        </div>
      </div>
      <form className="ops-filters" onSubmit={search}>
        <select
          value={domain}
          onChange={(e) => {
            setDomain(e.target.value as CaseDomain | '');
            setPage(1);
          }}
          aria-label="订单类型"
          data-testid="ops-cases-domain"
        >
          {DOMAINS.map((d) => (
            <option key={d.id} value={d.id}>
              {d.label}
            </option>
          ))}
        </select>
        <input
          aria-label="订单号或唯一码"
          value={draft}
          maxLength={40}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="订单号、唯一码或商品"
          data-testid="ops-cases-q"
        />
        <button type="submit" className="ops-primary" data-testid="ops-cases-search">
          查询
        </button>
        <button type="button" className="ops-secondary" onClick={() => void cases.refetch()}>
          刷新
        </button>
      </form>
      {cases.error ? (
        <p className="ops-error" data-testid="ops-load-error">
          {cases.error.message}
        </p>
      ) : null}
      {cases.isPending ? <p className="ops-empty">加载中…</p> : null}
      {cases.data?.list.length === 0 ? (
        <p className="ops-empty" data-testid="ops-empty">
          {q || domain ? '没有符合条件的待处理订单' : '暂无待处理的拒绝收货订单'}
        </p>
      ) : null}
      <div className="ops-list">
        {cases.data?.list.map((c) => (
          <CaseCard key={c.caseRef} item={c} />
        ))}
      </div>
      {(cases.data?.total ?? 0) > CASES_PAGE_SIZE ? (
        <Pager total={cases.data?.total ?? 0} page={page} pageSize={CASES_PAGE_SIZE} onPage={setPage} />
      ) : null}
    </section>
  );
}
