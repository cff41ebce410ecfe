import { z } from 'zod';

/**
 * The console's actions on a listing (/ops/v1, permission `listings`, docs/decisions/0064-freeze-listings.md):
 * 冻结 (status 9 已冻结, with the reason the buyer and the seller see), 解冻 (back to the status it
 * had) and 下架 (taken off sale, 已下架), each with its reason.
 */

export const listingIdParams = z.object({ listingId: z.string().regex(/^\d{1,12}$/, '商品不正确') });

export const LISTING_MOVES = ['freeze', 'unfreeze', 'take-down'] as const;
export type ListingMove = (typeof LISTING_MOVES)[number];

export const listingMovePayload = z.object({
  reason: z.string({ error: '请填写原因' }).trim().min(2, '请填写原因（至少2个字）').max(200, '原因不超过200个字'),
});

/** What a move did: the listing's status before and after, and the proposals it ended (deposits back). */
export interface ListingMoveAnswer {
  listingId: string;
  from: number;
  to: number;
  statusLabel: string;
  offersEnded: number;
  biddersSettled: number;
}
