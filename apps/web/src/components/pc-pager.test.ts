import { describe, expect, it } from 'vitest';
import { pagerItems } from './pc-pager';

describe('pagerItems', () => {
  it('lists every page when there are few', () => {
    expect(pagerItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('keeps the first, the last and two either side of the current, with gaps', () => {
    expect(pagerItems(10, 30)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 30]);
    expect(pagerItems(1, 30)).toEqual([1, 2, 3, 'gap', 30]);
    expect(pagerItems(30, 30)).toEqual([1, 'gap', 28, 29, 30]);
  });
});
