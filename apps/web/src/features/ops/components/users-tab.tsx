import { opsSearchQuery, searchKindLabel } from '@app/protocol/ops-users';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSearch } from '../api/search';
import { ListingActions } from './listing-actions';
import { UserPage } from './user-page';

/**
 * 查找 (客服, 运营, 管理员): one box over every id the marketplace hands out — a phone (masked in
 * the hits), a uid, an order number or bizNo, a listing id, a broker order, a merchant, a withdrawal
 * number — and a user's page from any hit that belongs to a user.
 */
export function UsersTab({ canAct, canActOnListings }: { canAct: boolean; canActOnListings: boolean }) {
  const [params, setParams] = useSearchParams();
  const userId = params.get('user');
  const [draft, setDraft] = useState(params.get('q') ?? '');
  const [invalid, setInvalid] = useState('');
  const q = params.get('q') ?? '';
  const hits = useSearch(q);
  const open = (next: Record<string, string>) => setParams({ tab: 'users', ...next });
  const search = (e: FormEvent) => {
    e.preventDefault();
    const checked = opsSearchQuery.safeParse({ q: draft });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请输入要查找的内容');
    setInvalid('');
    open({ q: checked.data.q });
  };
  return (
    <section>
      <div className="ops-section-head">
        <div>
          <h2>查找</h2>
          <p className="ops-muted">
            输入手机号、UID、订单号（或支付单号）、商品编号、商人订单号、商人名称或提现单号。手机号在结果中脱敏显示。
          </p>
        </div>
        <form className="ops-inline ops-nowrap" onSubmit={search}>
          <input
            aria-label="查找内容"
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setInvalid('');
            }}
            placeholder="手机号 / UID / 订单号 / 商品编号 / 商人"
            style={{ minWidth: 320 }}
            data-testid="ops-search-input"
          />
          <button type="submit" className="ops-primary" data-testid="ops-search-submit">
            查找
          </button>
        </form>
      </div>
      {invalid ? <p className="ops-error">{invalid}</p> : null}
      {hits.error ? <p className="ops-error">{hits.error.message}</p> : null}
      {q ? (
        <div className="ops-table-wrap">
          <table className="ops-table ops-table-tight" data-testid="ops-search-hits">
            <thead>
              <tr>
                <th style={{ width: 90 }}>类型</th>
                <th style={{ width: 260 }}>名称</th>
                <th>详情</th>
                <th style={{ width: 220 }}>操作</th>
              </tr>
            </thead>
            <tbody>
              {hits.isFetching && !hits.data ? (
                <tr>
                  <td colSpan={4} className="ops-empty">
                    查找中…
                  </td>
                </tr>
              ) : null}
              {hits.data?.length === 0 ? (
                <tr>
                  <td colSpan={4} className="ops-empty" data-testid="ops-empty">
                    没有找到与「{q}」相关的内容
                  </td>
                </tr>
              ) : null}
              {hits.data?.map((hit) => (
                <tr key={`${hit.kind}-${hit.id}`} data-testid="ops-search-hit" data-kind={hit.kind}>
                  <td>
                    <span className="ops-tag">{searchKindLabel[hit.kind]}</span>
                  </td>
                  <td>{hit.title}</td>
                  <td className="ops-muted">{hit.detail}</td>
                  <td>
                    {hit.userId ? (
                      <button
                        type="button"
                        className="ops-link"
                        onClick={() => open({ q, user: hit.userId ?? '' })}
                        data-testid="ops-search-open-user"
                      >
                        {hit.kind === 'user' ? '查看用户' : '查看相关用户'}
                      </button>
                    ) : (
                      <span className="ops-muted">—</span>
                    )}
                    {hit.kind === 'listing' && canActOnListings && hit.status !== undefined ? (
                      <ListingActions listingId={hit.id} status={hit.status} />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {userId ? (
        <UserPage
          key={userId}
          userId={userId}
          canAct={canAct}
          canActOnListings={canActOnListings}
          onClose={() => open(q ? { q } : {})}
        />
      ) : null}
    </section>
  );
}
