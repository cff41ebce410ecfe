import type { Intervention } from '@app/protocol/calls/customer-service';
import { URGE_MINUTES } from '@app/protocol/calls/customer-service';
import { ErrorCode } from '@app/protocol/errors';
import { asClause } from '@app/protocol/format';
import { OrderStatus, UNPAID_ORDER_STATUSES } from '@app/protocol/statuses/order-status';
import type { Selectable } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import type { RateStore } from '../../platform/rate/rate-store';
import type { ChatHandle } from '../im/im.module';
import { staffChatAccount } from '../im/staff-account';
import type { NoticesHandle } from '../notices/notices.module';
import { type OrderParties, orderParties } from '../orders/order.queries';
import { type SupportOutcome, type SupportRequestsTable, supportDb } from './support.tables';

/**
 * Customer service in an order's chat. The buyer or the seller asks for it with a reason; staff
 * see the waiting requests in the console, join the chat as 客服 and close the request with a
 * decision (the order's refund or confirmation goes through the orders module first); each side
 * may then rate it once. The urges post a reminder into the chat and notify the other side.
 */
export interface SupportDeps {
  db: DbHandle;
  chat: ChatHandle;
  notices: NoticesHandle;
  rates: RateStore;
}

type Row = Selectable<SupportRequestsTable>;

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
export const toIntervention = (r: Row): Intervention => ({
  id: String(r.id),
  orderId: String(r.order_id),
  status: r.status,
  reason: r.reason,
  askedBy: r.asked_by,
  outcome: r.outcome,
  staffName: r.staff_name,
  createdAt: seconds(r.created_at) ?? 0,
  closedAt: seconds(r.closed_at),
});

/** The order if the user is its buyer or seller, with their side; else the same refusal as a missing order. */
export async function partyOf(db: DbHandle, userId: number, orderId: number) {
  const order = (await orderParties(db, [orderId])).get(orderId);
  const side = order?.buyerUserId === userId ? 'buyer' : order?.sellerUserId === userId ? 'seller' : null;
  if (!order || !side) throw new AppError(ErrorCode.BAD_PARAMS, '订单不存在');
  return { order, side } as const;
}

/** An order nobody paid for needs no customer service: it can simply be cancelled or left to lapse. */

export async function latestRequest(db: DbHandle, orderId: number) {
  return supportDb(db)
    .selectFrom('support_requests')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Opens the order's customer-service request (one at a time; asked twice, the open one answers).
 * announce: false when what opened it already said so in the chat (a refused receipt).
 */
export async function askForService(
  deps: SupportDeps,
  userId: number,
  orderId: number,
  typed: string,
  announce = true,
): Promise<Row> {
  const reason = asClause(typed);
  const { order, side } = await partyOf(deps.db, userId, orderId);
  if (UNPAID_ORDER_STATUSES.includes(order.status))
    throw new AppError(ErrorCode.BAD_PARAMS, '订单未支付，无需客服介入');
  const live = await latestRequest(deps.db, orderId);
  if (live && live.status !== 'closed') return live;
  const inserted = await supportDb(deps.db)
    .insertInto('support_requests')
    .values({
      order_id: orderId,
      asked_by: side,
      asker_user_id: userId,
      reason,
      outcome: null,
      staff_id: null,
      staff_name: null,
      joined_at: null,
      closed_at: null,
    })
    .onConflict((oc) => oc.column('order_id').where('status', '<>', 'closed').doNothing())
    .returningAll()
    .executeTakeFirst();
  // The other side asked at the same moment: theirs is the request.
  if (!inserted) return (await latestRequest(deps.db, orderId)) as Row;
  if (announce)
    await deps.chat.say(
      'order',
      orderId,
      `${side === 'buyer' ? '买家' : '卖家'}申请客服介入：${reason}。客服将尽快进入聊天处理。`,
    );
  return inserted;
}

/** Every request made on an order, oldest first (the workbench's timeline). */
export async function requestsOfOrder(db: DbHandle, orderId: number) {
  return supportDb(db)
    .selectFrom('support_requests')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id', 'asc')
    .execute();
}

/** The requests staff have to look at: waiting first, oldest first, with their orders. */
export async function waitingRequests(db: DbHandle) {
  const rows = await supportDb(db)
    .selectFrom('support_requests')
    .selectAll()
    .where('status', '<>', 'closed')
    .orderBy('id', 'asc')
    .limit(200)
    .execute();
  const orders = await orderParties(
    db,
    rows.map((r) => r.order_id),
  );
  return rows.map((r) => ({ ...toIntervention(r), order: orders.get(r.order_id) ?? null }));
}

export async function requestById(db: DbHandle, id: number) {
  const row = await supportDb(db).selectFrom('support_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '客服工单不存在');
  return row;
}

async function tellBoth(deps: SupportDeps, order: OrderParties, kind: 'serviceJoined' | 'serviceClosed') {
  const fact = { kind, subject: order.title, orderId: order.orderId, commodityId: order.commodityId } as const;
  await deps.notices.notify(order.buyerUserId, fact);
  await deps.notices.notify(order.sellerUserId, fact);
}

/** 客服 joins the order's chat: a member as `cs:<staff id>`; the request moves open → joined once. */
export async function joinRequest(deps: SupportDeps, staff: { id: number; name: string }, requestId: number) {
  const row = await requestById(deps.db, requestId);
  if (row.status === 'closed') throw new AppError(ErrorCode.BAD_PARAMS, '该工单已处理完毕');
  const groupId = (await deps.chat.join('order', row.order_id, staffChatAccount(staff.id), 'cs'))?.groupId;
  if (!groupId) throw new AppError(ErrorCode.BAD_PARAMS, '该订单没有聊天会话');
  const moved = await supportDb(deps.db)
    .updateTable('support_requests')
    .set({ status: 'joined', staff_id: staff.id, staff_name: staff.name, joined_at: new Date() })
    .where('id', '=', requestId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 1) {
    await deps.chat.say('order', row.order_id, `客服 ${staff.name} 已进入聊天，将协助双方处理。`);
    const order = (await orderParties(deps.db, [row.order_id])).get(row.order_id);
    if (order) await tellBoth(deps, order, 'serviceJoined');
  }
  return { groupId };
}

/** 客服's chat login for the workbench, asked with his console session: it ends with that session. */
export const staffChatLogin = (deps: SupportDeps, staffId: number, consoleSession: string) =>
  deps.chat.loginFor(staffChatAccount(staffId), consoleSession);

/** An image of an order chat he is in, as 客服 sees it on the workbench (a member's short-lived URL). */
export const staffChatImage = (deps: SupportDeps, staffId: number, groupKey: string, seq: number) =>
  deps.chat.imageUrl(staffChatAccount(staffId), groupKey, seq);

/**
 * A staff member's sessions ended or his role changed: the chat logins that no longer pass end, and
 * their workbench sockets close on every process.
 */
export const endStaffChat = (deps: SupportDeps, staffId: number): Promise<void> =>
  deps.chat.endLapsedLogins(staffChatAccount(staffId));

const OUTCOME_WORDS: Record<SupportOutcome, string> = {
  refund: '客服处理结果：退款给买家。',
  confirm: '客服处理结果：交付无误，已确认收货。',
  close: '客服处理完成，订单状态不变。',
};

/**
 * Closes a request with its outcome. A refund or a confirmation is the order's decision, made by
 * `decide` (the console's audited resolution) before the request closes; if it is refused, the
 * request stays as it was.
 */
export async function closeRequest(
  deps: SupportDeps,
  staff: { id: number; name: string },
  requestId: number,
  outcome: SupportOutcome,
  decide: (orderId: number) => Promise<void>,
) {
  const row = await requestById(deps.db, requestId);
  if (row.status === 'closed') throw new AppError(ErrorCode.BAD_PARAMS, '该工单已处理完毕');
  if (outcome !== 'close') await decide(row.order_id);
  const closed = await endRequest(deps, staff, requestId, row.order_id, outcome);
  if (!closed) throw new AppError(ErrorCode.BAD_PARAMS, '该工单已处理完毕');
  return toIntervention(closed);
}

/** Marks the request closed with its outcome (once), says so in the order's chat and tells both sides. */
async function endRequest(
  deps: SupportDeps,
  staff: { id: number; name: string },
  requestId: number,
  orderId: number,
  outcome: SupportOutcome,
) {
  const closed = await supportDb(deps.db)
    .updateTable('support_requests')
    .set({ status: 'closed', outcome, closed_at: new Date(), staff_id: staff.id, staff_name: staff.name })
    .where('id', '=', requestId)
    .where('status', '<>', 'closed')
    .returningAll()
    .executeTakeFirst();
  if (!closed) return undefined;
  await deps.chat.say('order', orderId, `${OUTCOME_WORDS[outcome]}欢迎为本次客服服务评分。`);
  const order = (await orderParties(deps.db, [orderId])).get(orderId);
  if (order) await tellBoth(deps, order, 'serviceClosed');
  return closed;
}

/**
 * Staff decided the order outside the workbench (the console's 拒绝收货 card): the request the
 * refusal opened ends with that decision, so the buyer's page no longer says 等待客服接入.
 */
export async function closeDecidedRequest(
  deps: SupportDeps,
  staff: { id: number; name: string },
  orderId: number,
  outcome: 'refund' | 'confirm',
): Promise<void> {
  const open = await latestRequest(deps.db, orderId);
  if (open && open.status !== 'closed') await endRequest(deps, staff, open.id, orderId, outcome);
}

export async function rateService(db: DbHandle, userId: number, orderId: number, score: number, comment: string) {
  await partyOf(db, userId, orderId);
  const row = await latestRequest(db, orderId);
  if (row?.status !== 'closed') throw new AppError(ErrorCode.BAD_PARAMS, '客服处理完成后才能评价');
  const saved = await supportDb(db)
    .insertInto('support_ratings')
    .values({ request_id: row.id, user_id: userId, score, comment })
    .onConflict((oc) => oc.columns(['request_id', 'user_id']).doNothing())
    .returning(['score', 'comment'])
    .executeTakeFirst();
  if (!saved) throw new AppError(ErrorCode.BAD_PARAMS, '您已评价过本次服务');
  return saved;
}

export async function ratingOf(db: DbHandle, userId: number, orderId: number) {
  await partyOf(db, userId, orderId);
  const row = await latestRequest(db, orderId);
  if (row?.status !== 'closed') return { rating: null, canRate: false };
  const rating = await supportDb(db)
    .selectFrom('support_ratings')
    .select(['score', 'comment'])
    .where('request_id', '=', row.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { rating: rating ?? null, canRate: !rating };
}

/**
 * 催发货 (the buyer, a paid order) and 提醒收货 (the seller, a delivered one): a line in the chat and a
 * notification to the other side, at most once per URGE_MINUTES per order and kind.
 */
export async function urge(deps: SupportDeps, userId: number, orderId: number, which: 'delivery' | 'receipt') {
  const { order, side } = await partyOf(deps.db, userId, orderId);
  if (which === 'delivery' && (side !== 'buyer' || order.status !== OrderStatus.PAID))
    throw new AppError(ErrorCode.BAD_PARAMS, '只有已付款待发货的订单可以催发货');
  if (which === 'receipt' && (side !== 'seller' || order.status !== OrderStatus.AWAITING_RECEIPT))
    throw new AppError(ErrorCode.BAD_PARAMS, '只有已交付待确认的订单可以提醒收货');
  const wait = await deps.rates.startCooldown(`urge:${which}:${orderId}`, URGE_MINUTES * 60);
  if (wait > 0) throw new AppError(ErrorCode.TOO_FREQUENT, `提醒过于频繁，请${Math.ceil(wait / 60)}分钟后再试`);
  const fact = { subject: order.title, orderId: order.orderId, commodityId: order.commodityId };
  if (which === 'delivery') {
    await deps.chat.say('order', orderId, '买家催促发货：请卖家尽快处理交付。');
    await deps.notices.notify(order.sellerUserId, { kind: 'urgeDelivery', ...fact });
  } else {
    await deps.chat.say('order', orderId, '卖家提醒：商品已交付，请买家在游戏中查收后确认收货。');
    await deps.notices.notify(order.buyerUserId, { kind: 'urgeReceipt', ...fact });
  }
  return { nextAt: Math.floor(Date.now() / 1000) + URGE_MINUTES * 60 };
}
