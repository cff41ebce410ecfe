import {
  clearInvalidCollect,
  collectCommodity,
  commodityClick,
  commodityExposure,
  myCollect,
} from '@app/protocol/calls/market-collect';
import { ErrorCode } from '@app/protocol/errors';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { CARD_COLUMNS, type CardRow, toCard } from '../exchange/commodity.queries';

/** A listing that can still be bought; anything else in a collection is shown as 已失效. */
const BUYABLE: number[] = [ListingStatus.ON_SALE, ListingStatus.SELLING];

/** Collections and the click / exposure counters of listings. */
export function collectRoutes(app: FastifyInstance, platform: CallPlatform): void {
  const { db } = platform;

  registerCall(app, platform, myCollect, async (input, ctx) => {
    const rows = await db
      .selectFrom('collections as f')
      .innerJoin('commodities as c', 'c.id', 'f.commodity_id')
      .select(CARD_COLUMNS.map((col) => `c.${col}` as const))
      .select(['c.status', 'f.created_at as collected_at'])
      .where('f.user_id', '=', ctx.user.userId)
      .orderBy('f.created_at', 'desc')
      .orderBy('f.commodity_id', 'desc')
      .limit(input.pageSize + 1)
      .offset((input.page - 1) * input.pageSize)
      .execute();
    const invalid = await db
      .selectFrom('collections as f')
      .innerJoin('commodities as c', 'c.id', 'f.commodity_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('f.user_id', '=', ctx.user.userId)
      .where('c.status', 'not in', BUYABLE)
      .executeTakeFirstOrThrow();
    return {
      list: rows.slice(0, input.pageSize).map((r) => ({
        ...toCard(r as unknown as CardRow),
        invalid: !BUYABLE.includes(r.status),
        collectedAt: Math.floor(r.collected_at.getTime() / 1000),
      })),
      hasMore: rows.length > input.pageSize,
      invalidCount: Number(invalid.n),
    };
  });

  registerCall(app, platform, collectCommodity, async (input, ctx) =>
    db.transaction().execute(async (trx) => {
      const id = Number(input.commodityId);
      const commodity = await trx
        .selectFrom('commodities')
        .select(['id', 'status'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!commodity) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
      if (input.collect === 1) {
        if (!BUYABLE.includes(commodity.status)) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
        const added = await trx
          .insertInto('collections')
          .values({ user_id: ctx.user.userId, commodity_id: id })
          .onConflict((oc) => oc.columns(['user_id', 'commodity_id']).doNothing())
          .returning('commodity_id')
          .executeTakeFirst();
        if (added)
          await trx
            .updateTable('commodities')
            .set({ collect_count: sql`collect_count + 1` })
            .where('id', '=', id)
            .execute();
      } else {
        const removed = await trx
          .deleteFrom('collections')
          .where('user_id', '=', ctx.user.userId)
          .where('commodity_id', '=', id)
          .returning('commodity_id')
          .executeTakeFirst();
        if (removed)
          await trx
            .updateTable('commodities')
            .set({ collect_count: sql`greatest(collect_count - 1, 0)` })
            .where('id', '=', id)
            .execute();
      }
      const after = await trx
        .selectFrom('commodities')
        .select('collect_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { collected: input.collect === 1, collectCount: after.collect_count };
    }),
  );

  registerCall(app, platform, clearInvalidCollect, async (_input, ctx) =>
    db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('collections')
        .where('user_id', '=', ctx.user.userId)
        .where('commodity_id', 'in', (eb) =>
          eb.selectFrom('commodities').select('id').where('status', 'not in', BUYABLE),
        )
        .returning('commodity_id')
        .execute();
      if (removed.length)
        await trx
          .updateTable('commodities')
          .set({ collect_count: sql`greatest(collect_count - 1, 0)` })
          .where(
            'id',
            'in',
            removed.map((r) => r.commodity_id),
          )
          .execute();
      return { removed: removed.length };
    }),
  );

  const bump = (column: 'view_count' | 'exposure_count') => async (input: { commodityIds: string[] }) => {
    const ids = [...new Set(input.commodityIds.map(Number))];
    const updated = await db
      .updateTable('commodities')
      .set({ [column]: sql`${sql.ref(column)} + 1` })
      .where('id', 'in', ids)
      .returning('id')
      .execute();
    return { accepted: updated.length };
  };
  registerCall(app, platform, commodityClick, bump('view_count'));
  registerCall(app, platform, commodityExposure, bump('exposure_count'));
}
