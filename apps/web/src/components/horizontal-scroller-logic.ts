/**
 * Pure logic of the horizontal banner scroller (business-flows §9): items 102 units wide, one
 * arrow click moves 306 units (a group of 3), arrows only with 4 or more items, and a second
 * click within 500 ms is ignored. Units are px of the 375-wide design.
 */
export const SCROLLER = { itemWidth: 102, step: 306, groupSize: 3, minItemsForArrows: 4, lockMs: 500 } as const;

export function showArrows(count: number): boolean {
  return count >= SCROLLER.minItemsForArrows;
}

/** How many pages of 3 the items make (at least one). */
export function pageCount(count: number, groupSize: number = SCROLLER.groupSize): number {
  return Math.max(1, Math.ceil(Math.max(0, count) / groupSize));
}

export function clampPage(page: number, count: number): number {
  return Math.min(Math.max(0, Math.trunc(page)), pageCount(count) - 1);
}

/** The items of each page, in groups of 3. */
export function groupItems<T>(items: readonly T[], groupSize: number = SCROLLER.groupSize): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += groupSize) groups.push(items.slice(i, i + groupSize));
  return groups;
}

/** Offset (in design units) the track is moved left on a page. */
export function offsetOf(page: number): number {
  return page * SCROLLER.step;
}

export interface ScrollerState {
  page: number;
  /** When the last accepted click happened (ms); clicks before lastClickAt + lockMs are ignored. */
  lastClickAt: number;
}

export const initialScrollerState: ScrollerState = { page: 0, lastClickAt: Number.NEGATIVE_INFINITY };

/** One arrow click: moves a page within bounds, unless the click lock is still on. */
export function clickArrow(state: ScrollerState, direction: -1 | 1, count: number, now: number): ScrollerState {
  if (!showArrows(count)) return state;
  if (now - state.lastClickAt < SCROLLER.lockMs) return state;
  const page = clampPage(state.page + direction, count);
  return { page, lastClickAt: now };
}

export function canGo(state: ScrollerState, direction: -1 | 1, count: number): boolean {
  if (!showArrows(count)) return false;
  return direction < 0 ? state.page > 0 : state.page < pageCount(count) - 1;
}
