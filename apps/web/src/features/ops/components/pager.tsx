/** 共 N 条 · 上一页 · 第 x / y 页 · 下一页 under a console list. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  testId,
  nextTestId,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  testId?: string;
  nextTestId?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="ops-pager" data-testid={testId}>
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
