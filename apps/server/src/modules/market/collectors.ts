import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../platform/db/handle';
import type { NoticesHandle } from '../notices/notices.module';
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

/** 降价提醒: a listing back on sale cheaper tells each of its collectors once, never its seller. */
export function tellPriceDrops(db: DbHandle, notices: NoticesHandle, log: FastifyBaseLogger) {
  return async (drop: { commodityId: number; sellerUserId: number | null; title: string; priceFen: number }) => {
    try {
      for (const userId of await collectorsOf(db, drop.commodityId))
        if (userId !== drop.sellerUserId)
          await notices.notify(userId, {
            kind: 'priceDrop',
            subject: drop.title,
            amount: drop.priceFen,
            commodityId: drop.commodityId,
          });
    } catch (error) {
      log.error({ err: error, commodityId: drop.commodityId }, 'price drop not told');
    }
  };
}
