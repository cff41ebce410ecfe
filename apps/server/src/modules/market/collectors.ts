import type { DbHandle } from '../../platform/db/handle';
import { marketDb } from './market.tables';

/** The users who have the listing in their collection (收藏), for 降价提醒; the collections are the market's. */
export async function collectorsOf(db: DbHandle, commodityId: number): Promise<number[]> {
  const rows = await marketDb(db)
    .selectFrom('collections')
    .select('user_id')
    .where('commodity_id', '=', commodityId)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}
