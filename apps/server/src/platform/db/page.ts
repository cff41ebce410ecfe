import type { SelectQueryBuilder } from 'kysely';

/** Which page of a list, counted from 1. */
export interface PageAsked {
  page: number;
  pageSize: number;
}

/**
 * One page of an ordered query by offset: a row more than asked is read, and only tells whether
 * more follow (hasMore), so no count(*) is needed for a list paged by 加载更多.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { page, pageSize }: PageAsked,
): Promise<{ rows: O[]; hasMore: boolean }> {
  const rows = await query
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}
