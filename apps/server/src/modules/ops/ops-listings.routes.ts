import { LISTING_MOVES, listingIdParams, listingMovePayload } from '@app/protocol/ops-listings';
import type { FastifyInstance } from 'fastify';
import type { OpsDeps } from './ops.module';
import { ok, parse, staffOf } from './ops-http';
import { moveListingByStaff } from './ops-listings';

const act = { config: { access: 'listings' as const } };

/** 冻结 / 解冻 / 下架 of a listing (运营, 管理员): thin routes over ops-listings.ts. */
export function opsListingRoutes(ops: FastifyInstance, deps: OpsDeps): void {
  const listings = deps.listings;
  if (!listings) return;
  for (const move of LISTING_MOVES)
    ops.post(`/listings/:listingId/${move}`, act, async (request) => {
      const { listingId } = parse(listingIdParams, request.params);
      const { reason } = parse(listingMovePayload, request.body);
      return ok(
        await moveListingByStaff(listings, {
          me: staffOf(request),
          listingId: Number(listingId),
          move,
          reason,
          ip: request.ip,
        }),
      );
    });
}
