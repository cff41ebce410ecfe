/**
 * 上一页 · 第 N 页 · 下一页 under a broker list (the merchant's listings and orders, the buyer's broker
 * orders); nothing while everything fits on the first page.
 */
export function BrokerPager({ page, hasMore, go }: { page: number; hasMore: boolean; go: (page: number) => void }) {
  if (page <= 1 && !hasMore) return null;
  return (
    <div className="broker-pager" data-testid="broker-pager">
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={page <= 1}
        onClick={() => go(page - 1)}
        data-testid="broker-pager-prev"
      >
        上一页
      </button>
      <span className="muted">第 {page} 页</span>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={!hasMore}
        onClick={() => go(page + 1)}
        data-testid="broker-pager-next"
      >
        下一页
      </button>
    </div>
  );
}
