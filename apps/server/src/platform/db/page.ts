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

/**
 * One page of a list with its count, for the lists that show 共 N 条 (the console's): `counted` is
 * the filtered query with nothing selected, counted first; `rows` is the same query with its
 * columns, joins and order, of which one page is read.
 */
export async function countedPage<DB, TB extends keyof DB, C, RDB, RTB extends keyof RDB, O>(
  counted: SelectQueryBuilder<DB, TB, C>,
  rows: SelectQueryBuilder<RDB, RTB, O>,
  { page, pageSize }: PageAsked,
): Promise<{ total: number; rows: O[] }> {
  const { total } = await counted
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .$castTo<{ total: string }>()
    .executeTakeFirstOrThrow();
  const list = await rows
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { total: Number(total), rows: list };
}
