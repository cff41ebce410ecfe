import { ErrorCode } from '@app/protocol/errors';
import type { CallerAhead } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { type PlacementChat, writePlacement } from '../../platform/db/placement-write';
import { prepared } from '../../platform/db/prepared-pool';
import { AppError } from '../../platform/errors';
import { gameAccountLinkStep } from '../user/game-accounts';
import { openAccountStep } from '../user/user.service';
import { brokerDb } from './broker.tables';
import { takeBrokerStock } from './broker-listing.service';
import type { BrokerOrderRow } from './broker-order.queries';
import { approvedMerchantStep, merchantPaused } from './merchant.service';

/*
 * The statements of a broker order's placement (decision 0078): one read of what its checks need,
 * one write of everything it changes.
 */

/** The live listing as a placement reads it: its merchant's standing and shop, its game's channel (null columns: none set). */
const listingToPlace = (db: DbHandle, listingId: number) =>
  brokerDb(db)
    .selectFrom('broker_listings as l')
    .innerJoin('merchants as m', 'm.id', 'l.merchant_id')
    .leftJoin('broker_configs as c', 'c.application_id', 'l.application_id')
    .selectAll('l')
    .select([
      'm.status as merchant_status',
      'm.shop_name',
      'c.enabled as channel_enabled',
      'c.min_quantity as channel_min_quantity',
      'c.max_quantity as channel_max_quantity',
      'c.fee_percent as channel_fee_percent',
      'c.deliver_minutes as channel_deliver_minutes',
      'c.confirm_hours as channel_confirm_hours',
      'c.delivery as channel_delivery',
    ])
    .where('l.id', '=', listingId)
    .where('l.deleted_at', 'is', null);

export type ListingToPlace = NonNullable<Awaited<ReturnType<ReturnType<typeof listingToPlace>['executeTakeFirst']>>> & {
  linked: boolean;
};

/**
 * What placing an order on the listing checks, in one read with the caller's session (decision
 * 0081): the session's row (`caller.step`; no row, no session), the live listing (undefined: no
 * such listing) and whether the receiving game account is linked to the session's user (the user
 * module's step, of the listing's game).
 */
export async function placementOf(db: DbHandle, caller: CallerAhead, listingId: number, accountId: string) {
  const row = await brokerDb(db)
    .selectFrom(caller.step(db).as('s'))
    .leftJoin(listingToPlace(db, listingId).as('p'), (join) => join.onTrue())
    .select([
      's.user_id as session_user_id',
      's.expires_at as session_expires_at',
      's.revoked_at as session_revoked_at',
    ])
    .selectAll('p')
    .select((eb) =>
      eb.exists(gameAccountLinkStep(db, eb.ref('s.user_id'), eb.ref('p.application_id'), accountId)).as('linked'),
    )
    .$call(prepared)
    .executeTakeFirst();
  if (!row) return { session: undefined, listing: undefined };
  const { session_user_id, session_expires_at, session_revoked_at, ...listing } = row;
  return {
    session: { user_id: session_user_id, expires_at: session_expires_at, revoked_at: session_revoked_at },
    listing: listing.id === null ? undefined : (listing as ListingToPlace),
  };
}

/** The channel's row as placementOf read it (undefined: the game has none, the channel closed). */
export function channelRowOf(p: ListingToPlace) {
  if (p.channel_enabled === null) return undefined;
  return {
    enabled: p.channel_enabled,
    min_quantity: Number(p.channel_min_quantity),
    max_quantity: Number(p.channel_max_quantity),
    fee_percent: Number(p.channel_fee_percent),
    deliver_minutes: Number(p.channel_deliver_minutes),
    confirm_hours: Number(p.channel_confirm_hours),
    delivery: p.channel_delivery ?? 'api',
  };
}

/** The columns of a new broker order the table fills itself (defaults, or nothing yet). */
const DEFAULTED = [
  'from_account_id',
  'from_role_id',
  'from_role_name',
  'from_server_name',
  'delivery',
  'trade_note',
  'trade_images',
  'trade_due_at',
  'trade_cs_at',
  'receipt',
  'receipt_signature',
  'pay_channel',
  'paid_at',
  'deliver_before',
  'delivering_at',
  'delivered_at',
  'auto_confirm_at',
  'confirmed_at',
  'settle_at',
  'buyer_urged_at',
  'merchant_urged_at',
  'note',
  'cs_decided_at',
  'cs_staff',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof BrokerOrderRow)[];
/** A placed order's own values: the table fills the rest, the write draws its id and number. */
export type NewBrokerOrder = Omit<BrokerOrderRow, (typeof DEFAULTED)[number] | 'id' | 'order_no'> & {
  merchant_id: number;
  listing_id: number;
};

const closed = () => new AppError(ErrorCode.BAD_PARAMS, '该账号已注销');

/**
 * The order's writes in one statement (writePlacement, as the exchange's orders), each step by the
 * module that owns its table: both accounts held open (user; a closing account waits for this
 * order and sees it, or closed first), the merchant held approved (his leaving waits, or it
 * refuses this with 该商人暂停营业), the stock taken by its guarded update only when all three held
 * (of orders at once, only those the stock covers), the order written 101 with its id and number
 * (B, the day in Beijing, the id in at least 8 digits), and (`chat`) its chat. A request key used
 * before refuses the whole statement (its unique index): nothing taken.
 */
export function writeBrokerOrder(db: Db, order: NewBrokerOrder, now: number, chat?: PlacementChat) {
  return writePlacement<BrokerOrderRow>(db, {
    guards: [
      { name: 'held', step: openAccountStep(db, order.buyer_user_id), refused: closed },
      { name: 'seller_held', step: openAccountStep(db, order.seller_user_id), refused: closed },
      { name: 'approved', step: approvedMerchantStep(db, order.merchant_id), refused: merchantPaused },
    ],
    take: {
      name: 'taken',
      step: (when) => takeBrokerStock(db, order.listing_id, Number(order.quantity)).where(when).returning('id'),
      refused: () => new AppError(ErrorCode.BAD_PARAMS, '库存不足，请减少购买数量'),
    },
    table: 'broker_orders',
    prefix: 'B',
    now,
    values: order,
    defaulted: DEFAULTED,
    chat,
  });
}
