import {
  clearInvalidCollect,
  collectCommodity,
  commodityClick,
  commodityExposure,
  myCollect,
} from '@app/protocol/calls/market-collect';
import { ErrorCode } from '@app/protocol/errors';
import type { ListingStatus } from '@app/protocol/statuses/listing-status';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { collectCount, countCollects, countSeen, listingCards, lockListingStatus } from '../exchange/listing-stats';
import { BUYABLE, listingsNoLongerBuyable } from '../exchange/listings';
import { marketDb } from './market.tables';

/** Collections and the click / exposure counters of listings (the listings are the exchange's). */
export function collectRoutes(app: FastifyInstance, platform: CallPlatform): void {
  const db = marketDb(platform.db);

  registerCall(app, platform, myCollect, async (input, ctx) => {
    const page = await db
      .selectFrom('collections')
      .select(['commodity_id', 'created_at'])
      .where('user_id', '=', ctx.user.userId)
      .orderBy('created_at', 'desc')
      .orderBy('commodity_id', 'desc')
      .limit(input.pageSize + 1)
      .offset((input.page - 1) * input.pageSize)
      .execute();
    const all = await db
      .selectFrom('collections')
      .select('commodity_id')
      .where('user_id', '=', ctx.user.userId)
      .execute();
    const [cards, gone] = await Promise.all([
      listingCards(
        platform.db,
        page.map((r) => r.commodity_id),
      ),
      listingsNoLongerBuyable(
        platform.db,
        all.map((r) => r.commodity_id),
      ),
    ]);
    const rows = page.flatMap((r) => {
      const card = cards.get(r.commodity_id);
      return card ? [{ card, collectedAt: r.created_at }] : [];
    });
    return {
      list: rows.slice(0, input.pageSize).map(({ card: { status, ...card }, collectedAt }) => ({
        ...card,
        invalid: !BUYABLE.includes(status as ListingStatus),
        collectedAt: Math.floor(collectedAt.getTime() / 1000),
      })),
      hasMore: page.length > input.pageSize,
      invalidCount: gone.size,
    };
  });

  registerCall(app, platform, collectCommodity, async (input, ctx) =>
    platform.db.transaction().execute(async (trx) => {
      const id = Number(input.commodityId);
      const status = await lockListingStatus(trx, id);
      if (status === undefined) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
      const market = marketDb(trx);
      if (input.collect === 1) {
        if (!BUYABLE.includes(status as ListingStatus)) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
        const added = await market
          .insertInto('collections')
          .values({ user_id: ctx.user.userId, commodity_id: id })
          .onConflict((oc) => oc.columns(['user_id', 'commodity_id']).doNothing())
          .returning('commodity_id')
          .executeTakeFirst();
        if (added) await countCollects(trx, [id], 1);
      } else {
        const removed = await market
          .deleteFrom('collections')
          .where('user_id', '=', ctx.user.userId)
          .where('commodity_id', '=', id)
          .returning('commodity_id')
          .executeTakeFirst();
        if (removed) await countCollects(trx, [id], -1);
      }
      return { collected: input.collect === 1, collectCount: await collectCount(trx, id) };
    }),
  );

  registerCall(app, platform, clearInvalidCollect, async (_input, ctx) =>
    platform.db.transaction().execute(async (trx) => {
      const market = marketDb(trx);
      const mine = await market
        .selectFrom('collections')
        .select('commodity_id')
        .where('user_id', '=', ctx.user.userId)
        .execute();
      const gone = [
        ...(await listingsNoLongerBuyable(
          trx,
          mine.map((r) => r.commodity_id),
        )),
      ];
      const removed = gone.length
        ? await market
            .deleteFrom('collections')
            .where('user_id', '=', ctx.user.userId)
            .where('commodity_id', 'in', gone)
            .returning('commodity_id')
            .execute()
        : [];
      await countCollects(
        trx,
        removed.map((r) => r.commodity_id),
        -1,
      );
      return { removed: removed.length };
    }),
  );

  const seen = (what: 'view' | 'exposure') => async (input: { commodityIds: string[] }) => ({
    accepted: await countSeen(platform.db, input.commodityIds.map(Number), what),
  });
  registerCall(app, platform, commodityClick, seen('view'));
  registerCall(app, platform, commodityExposure, seen('exposure'));
}
