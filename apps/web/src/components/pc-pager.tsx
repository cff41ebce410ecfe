/** The page numbers shown: the first, the last and two either side of the current; a gap hides two or more. */
export function pagerItems(page: number, last: number): Array<number | 'gap'> {
  const shown = (p: number) => p === 1 || p === last || Math.abs(p - page) <= 2;
  const items: Array<number | 'gap'> = [];
  for (let p = 1; p <= last; p += 1) {
    // A lone hidden page between two shown ones is shown: a gap never stands for one number.
    if (shown(p) || (p > 1 && p < last && shown(p - 1) && shown(p + 1))) items.push(p);
    else if (items[items.length - 1] !== 'gap') items.push('gap');
  }
  return items;
}

/** Desktop pagination: 上一页, the page numbers, 下一页. */
export function PcPager({
  page,
  last,
  onChange,
}: {
  page: number;
  /** The last page there is (at least `page`). */
  last: number;
  onChange: (page: number) => void;
}) {
  if (last <= 1) return null;
  return (
    <nav className="pc-pager" aria-label="分页" data-testid="pc-pager">
      <button type="button" disabled={page <= 1} onClick={() => onChange(page - 1)} data-testid="pager-prev">
        上一页
      </button>
      {pagerItems(page, last).map((item, i) =>
        item === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
          <span key={`gap-${i}`} className="pc-pager-gap">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            aria-current={item === page ? 'page' : undefined}
            data-testid={`pager-${item}`}
            onClick={() => item !== page && onChange(item)}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" disabled={page >= last} onClick={() => onChange(page + 1)} data-testid="pager-next">
        下一页
      </button>
    </nav>
  );
}
