import { describe, expect, it } from 'vitest';
import { lastPage, pageOfQuery } from './pc-commodity-list';

describe('the PC list pages', () => {
  it('reads the page from the query, 1 when it is missing or no page number, at most 100', () => {
    expect(pageOfQuery(new URLSearchParams('page=3'))).toBe(3);
    expect(pageOfQuery(new URLSearchParams(''))).toBe(1);
    for (const bad of ['0', '-2', '1.5', 'abc']) expect(pageOfQuery(new URLSearchParams(`page=${bad}`))).toBe(1);
    expect(pageOfQuery(new URLSearchParams('page=999'))).toBe(100);
  });
  it('ends where the count ends, one further while the server has more (a count stopped at 1000)', () => {
    expect(lastPage(1, 150, true)).toBe(8);
    expect(lastPage(1, 20, false)).toBe(1);
    expect(lastPage(1, 0, false)).toBe(1);
    expect(lastPage(50, 1000, true)).toBe(51);
    expect(lastPage(100, 1000, true)).toBe(100);
  });
});
