import type { CommoditySort } from '@app/protocol/calls/exchange';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { ReactNode } from 'react';

/** Sorts offered for a type: levels for roles, unit price for coins. */
export function SortBar({
  type,
  sort,
  onChange,
  filterCount,
  onOpenFilter,
}: {
  type: number | undefined;
  sort: CommoditySort;
  onChange: (s: CommoditySort) => void;
  /** The phone's 筛选 button (the PC list shows its filters in the sidebar instead). */
  filterCount?: number;
  onOpenFilter?: () => void;
}) {
  // The direction of the active sort: 价格 ↑ (low first) or ↓; the screen reader hears 升序 / 降序.
  const arrow = (asc: string, desc: string) =>
    sort === asc ? (
      <ArrowUp size="1em" aria-label="升序" />
    ) : sort === desc ? (
      <ArrowDown size="1em" aria-label="降序" />
    ) : null;
  const price = <>价格{arrow('priceAsc', 'priceDesc')}</>;
  const level = <>等级{arrow('levelAsc', 'levelDesc')}</>;
  const item = (label: ReactNode, active: boolean, next: CommoditySort, testId: string) => (
    <button
      type="button"
      className={`c-sort${active ? ' active' : ''}`}
      data-testid={testId}
      aria-pressed={active}
      onClick={() => onChange(next)}
    >
      {label}
    </button>
  );
  return (
    <div className="c-sorts" data-testid="sort-bar">
      {item('最新', sort === 'newest', 'newest', 'sort-newest')}
      {item(
        price,
        sort === 'priceAsc' || sort === 'priceDesc',
        sort === 'priceAsc' ? 'priceDesc' : 'priceAsc',
        'sort-price',
      )}
      {type === 1
        ? item(
            level,
            sort === 'levelAsc' || sort === 'levelDesc',
            sort === 'levelDesc' ? 'levelAsc' : 'levelDesc',
            'sort-level',
          )
        : null}
      {type === 2 ? item('单价最低', sort === 'unitPriceAsc', 'unitPriceAsc', 'sort-unit-price') : null}
      {onOpenFilter ? (
        <button type="button" className="c-chip c-filter-btn" data-testid="open-filter" onClick={onOpenFilter}>
          筛选{filterCount ? ` (${filterCount})` : ''}
        </button>
      ) : null}
    </div>
  );
}
