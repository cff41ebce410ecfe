import { describe, expect, it } from 'vitest';
import {
  canGo,
  clampPage,
  clickArrow,
  groupItems,
  initialScrollerState,
  offsetOf,
  pageCount,
  SCROLLER,
  showArrows,
} from './horizontal-scroller-logic';

describe('horizontal banner scroller', () => {
  it('shows arrows only with 4 or more items', () => {
    expect(showArrows(0)).toBe(false);
    expect(showArrows(3)).toBe(false);
    expect(showArrows(4)).toBe(true);
  });

  it('pages items in groups of 3 and moves 306 units (3 × 102) a page', () => {
    expect(SCROLLER.step).toBe(SCROLLER.itemWidth * SCROLLER.groupSize);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(3)).toBe(1);
    expect(pageCount(4)).toBe(2);
    expect(pageCount(7)).toBe(3);
    expect(groupItems([1, 2, 3, 4, 5, 6, 7])).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(offsetOf(2)).toBe(612);
  });

  it('clamps pages to the first and last', () => {
    expect(clampPage(-1, 7)).toBe(0);
    expect(clampPage(5, 7)).toBe(2);
    expect(clampPage(1, 7)).toBe(1);
    expect(clampPage(1, 2)).toBe(0);
  });

  it('ignores a second click within 500 ms and accepts one after', () => {
    let s = clickArrow(initialScrollerState, 1, 7, 1000);
    expect(s.page).toBe(1);
    s = clickArrow(s, 1, 7, 1499);
    expect(s.page).toBe(1);
    expect(s.lastClickAt).toBe(1000);
    s = clickArrow(s, 1, 7, 1500);
    expect(s.page).toBe(2);
    s = clickArrow(s, 1, 7, 3000);
    expect(s.page).toBe(2);
    expect(canGo(s, 1, 7)).toBe(false);
    expect(canGo(s, -1, 7)).toBe(true);
    s = clickArrow(s, -1, 7, 3100);
    expect(s.page).toBe(2);
    s = clickArrow(s, -1, 7, 3500);
    expect(s.page).toBe(1);
  });

  it('does nothing without arrows (fewer than 4 items)', () => {
    expect(clickArrow(initialScrollerState, 1, 3, 1000)).toBe(initialScrollerState);
    expect(canGo(initialScrollerState, 1, 3)).toBe(false);
  });
});
