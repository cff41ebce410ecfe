/** A console list's pages: how many in all, the previous and the next page. */
export function OpsPager({
  total,
  page,
  pages,
  onPage,
  nextTestId,
}: {
  total: number;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  nextTestId?: string;
}) {
  return (
    <div className="ops-pager">
      <span className="ops-muted">共 {total} 条</span>
      <button type="button" className="ops-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </button>
      <span>
        第 {page} / {pages} 页
      </span>
      <button
        type="button"
        className="ops-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        data-testid={nextTestId}
      >
        下一页
      </button>
    </div>
  );
}
