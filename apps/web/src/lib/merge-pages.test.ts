import { describe, expect, it } from 'vitest';
import { mergePages } from './merge-pages';

describe('mergePages', () => {
  it('shows an item a shifted page repeats once, where it was first seen, in page order', () => {
    const pages = [{ list: [{ id: 5 }, { id: 4 }, { id: 3 }] }, { list: [{ id: 3 }, { id: 2 }, { id: 1 }] }];
    expect(mergePages(pages, (x) => x.id).map((x) => x.id)).toEqual([5, 4, 3, 2, 1]);
  });

  it('keeps the first copy of a repeated id, by the id the caller names', () => {
    const pages = [
      { list: [{ offerId: 'a', n: 1 }] },
      {
        list: [
          { offerId: 'a', n: 2 },
          { offerId: 'b', n: 3 },
        ],
      },
    ];
    expect(mergePages(pages, (x) => x.offerId)).toEqual([
      { offerId: 'a', n: 1 },
      { offerId: 'b', n: 3 },
    ]);
  });

  it('answers an empty list before the first page', () => {
    expect(mergePages<{ id: number }>(undefined, (x) => x.id)).toEqual([]);
  });
});
