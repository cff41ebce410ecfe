import { z } from 'zod';
import { sessionCalls } from '../contract';
import { ROW_ID } from '../validation';

/**
 * Coupons: granted by events (joinEvent), scoped by game and commodity type, with a spending
 * threshold and an expiry, used once. The platform pays the discount (the seller gets the full price).
 */
export const couponSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Fen off the price. */
  amount: z.number().int(),
  /** Fen the price must reach (0: none). */
  threshold: z.number().int(),
  /** Empty: every game. */
  applicationIds: z.array(z.string()),
  /** Empty: every type (1 role, 2 coins, 3 props). */
  types: z.array(z.number().int()),
  scopeText: z.string(),
  /** Unix seconds. */
  startTime: z.number().int(),
  expireTime: z.number().int(),
  status: z.enum(['unused', 'locked', 'used', 'expired']),
  /** Why it cannot be used for the listing asked about (cannotUseCouponList), else null. */
  reason: z.string().nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;

const list = z.object({ list: z.array(couponSchema) });
const commodityId = z.string().regex(ROW_ID, { error: '商品不存在' });

const call = sessionCalls('coupon');

export const couponList = call(
  'couponList',
  "The user's coupons by tab: 未使用 (unused, soonest to expire first), 已使用, 已过期",
  z.object({ tab: z.enum(['unused', 'used', 'expired']).default('unused') }),
  list,
);

export const couponScopeList = call(
  'couponScopeList',
  'Where a coupon can be used: its games and commodity types',
  z.object({ couponId: z.string().regex(ROW_ID) }),
  z.object({
    games: z.array(z.object({ applicationId: z.string(), gameName: z.string() })),
    types: z.array(z.object({ type: z.number().int(), name: z.string() })),
  }),
);

export const useCouponList = call(
  'useCouponList',
  'The coupons that can pay part of this listing, best first',
  z.object({ commodityId }),
  list,
);

export const cannotUseCouponList = call(
  'cannotUseCouponList',
  'The coupons that cannot be used for this listing, each with its reason',
  z.object({ commodityId }),
  list,
);

const eventSchema = z.object({
  eventId: z.string(),
  title: z.string(),
  description: z.string(),
  /** Unix seconds. */
  startTime: z.number().int(),
  endTime: z.number().int(),
  joined: z.boolean(),
  coupons: z.array(
    z.object({ name: z.string(), amount: z.number().int(), threshold: z.number().int(), validDays: z.number().int() }),
  ),
});

export const joinEventDetail = call(
  'joinEventDetail',
  'An event and the coupons it gives; whether the user joined already',
  z.object({ eventId: z.string().min(1).max(64) }),
  eventSchema,
);

export const joinEvent = call(
  'joinEvent',
  "Joins an event: its coupons go to the user's wallet, once per user",
  z.object({ eventId: z.string().min(1).max(64) }),
  z.object({ granted: z.array(couponSchema) }),
);
