import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import {
  canGo,
  clickArrow,
  groupItems,
  initialScrollerState,
  offsetOf,
  SCROLLER,
  showArrows,
} from './horizontal-scroller-logic';

const ARROWS_WIDTH = 2 * 22 + 2 * 4;

/**
 * The horizontal banner scroller of business-flows §9: pages of 3 items 102 units wide, arrows
 * from 4 items on, a 500 ms click lock. `unit` is the px of one design unit (375-wide design).
 */
export function HorizontalScroller<T>({
  items,
  keyOf,
  renderItem,
  unit = 1,
  testId = 'h-scroller',
}: {
  items: readonly T[];
  keyOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  unit?: number;
  testId?: string;
}) {
  const [state, setState] = useState(initialScrollerState);
  const arrows = showArrows(items.length);
  const root = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState(unit);
  // The design unit shrinks so that a page of 3 and the arrows always fit the container.
  useLayoutEffect(() => {
    const width = root.current?.clientWidth ?? 0;
    if (width > 0) setFit(Math.min(unit, (width - (arrows ? ARROWS_WIDTH : 0)) / SCROLLER.step));
  }, [unit, arrows]);
  const click = (dir: -1 | 1) => setState((s) => clickArrow(s, dir, items.length, Date.now()));
  const arrow = (dir: -1 | 1) => (
    <button
      type="button"
      className="hs-arrow"
      aria-label={dir < 0 ? '上一组' : '下一组'}
      disabled={!canGo(state, dir, items.length)}
      onClick={() => click(dir)}
      data-testid={`${testId}-${dir < 0 ? 'prev' : 'next'}`}
    >
      {dir < 0 ? <ChevronLeft size="1em" aria-hidden="true" /> : <ChevronRight size="1em" aria-hidden="true" />}
    </button>
  );
  return (
    <div className="hs" ref={root} data-testid={testId} data-page={state.page}>
      {arrows ? arrow(-1) : null}
      <div className="hs-viewport" style={{ width: SCROLLER.step * fit }}>
        <div
          className="hs-track"
          style={{ transform: `translateX(${-offsetOf(state.page) * fit}px)`, transition: 'transform 0.3s ease' }}
        >
          {groupItems(items).map((group) => (
            <div key={group.map(keyOf).join('|')} className="hs-group" style={{ width: SCROLLER.step * fit }}>
              {group.map((item) => (
                <div key={keyOf(item)} className="hs-item" style={{ width: SCROLLER.itemWidth * fit }}>
                  {renderItem(item)}
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
      {arrows ? arrow(1) : null}
    </div>
  );
}
