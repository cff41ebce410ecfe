import {
  BID_MAX_DAYS,
  BID_PAY_MINUTES,
  bidBizNo,
  type CoinBid,
  DEPTH_LEVELS,
  type postBid,
} from '@app/protocol/calls/bid-book';
import { WAN } from '@app/protocol/calls/broker';
import type { CallInput } from '@app/protocol/contract';
import { ErrorCode } from '@app/protocol/errors';
import { formatPriceFen } from '@app/protocol/format';
import { CoinBidStatus, coinBidStatusLabel } from '@app/protocol/statuses/coin-bid-status';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { hasAny } from '../../platform/db/has-any';
import { pageOf } from '../../platform/db/page';
import { AppError } from '../../platform/errors';
import { brokerConfig } from '../broker/broker-config';
import { brokerAskLevels } from '../broker/broker-listing.service';
import type { GameGateway } from '../games/game-gateway';
import { LedgerError, userBalances } from '../ledger/ledger';
import { serverOf } from '../market/catalogue';
import { isLinkedGameAccount } from '../user/game-accounts';
import { phoneAndRealName } from '../user/user.queries';
import { holdOpenAccount } from '../user/user.service';
import { bidBookDb, type CoinBidsTable } from './bid-book.tables';
import { holdBidMoney, holdBidPart, releaseBidMoney, releaseBidPart } from './bid-money';
import { moveCoinBid } from './bid-moves';

export type CoinBidRow = Selectable<CoinBidsTable>;

export interface BidBookDeps {
  db: Db;
  gateway: GameGateway;
  now?: () => number;
  /**
   * Frees the balance parts the cashier reserved for a bid that closed waiting for its money (the
   * payments module's releasePayableHolds of 'bid', handed in at composition: this module does not call payments).
   */
  releaseHolds?: (trx: Db, bidId: number) => Promise<void>;
}

const B = CoinBidStatus;
export const bidClock = (deps: Pick<BidBookDeps, 'now'>) => (deps.now ?? Date.now)();
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const bids = (db: DbHandle) => bidBookDb(db).selectFrom('coin_bids').selectAll();
/** What `quantity` coins cost at `unitPrice` fen per 万: exact, bids and fills count whole 万. */
export const bidAmount = (quantity: number, unitPrice: number) => (quantity / WAN) * unitPrice;

/** The bids as their buyer sees them, each with its fills. */
export async function toCoinBids(db: DbHandle, rows: CoinBidRow[]): Promise<CoinBid[]> {
  const ids = rows.map((r) => r.id);
  const fills = ids.length
    ? await bidBookDb(db)
        .selectFrom('coin_bid_fills')
        .select(['bid_id', 'broker_order_id', 'quantity', 'amount_fen'])
        .where('bid_id', 'in', ids)
        .orderBy('seq')
        .execute()
    : [];
  return rows.map((row) => {
    const own = fills.filter((f) => f.bid_id === row.id);
    const filledAmount = own.reduce((sum, f) => sum + Number(f.amount_fen), 0);
    const reserved = Number(row.reserved_fen);
    const ended = row.status === B.CANCELLED || row.status === B.EXPIRED || row.status === B.CLOSED_UNPAID;
    // Ended before its money was paid (pay_by still set): only the part on the balance was held.
    const unfunded = row.pay_by !== null;
    return {
      bidId: String(row.id),
      applicationId: row.application_id,
      serverId: row.server_id,
      serverName: row.server_name,
      masterServerId: row.master_server_id,
      goldType: row.gold_type,
      goldName: row.gold_name,
      unitPrice: Number(row.unit_price_fen),
      quantity: Number(row.quantity),
      filledQuantity: Number(row.filled_quantity),
      reservedAmount: reserved,
      filledAmount,
      releasedAmount: ended ? (unfunded ? reserved - Number(row.fund_fen) : reserved - filledAmount) : 0,
      status: row.status,
      statusLabel: coinBidStatusLabel[row.status as CoinBidStatus] ?? '',
      deliverTo: {
        gameAccountId: row.deliver_account_id,
        gameRoleId: row.deliver_role_id,
        roleName: row.deliver_role_name,
      },
      expireTime: seconds(row.expires_at),
      createTime: seconds(row.created_at),
      funding:
        row.status === B.AWAITING_FUNDS && row.pay_by
          ? { payBizNo: bidBizNo(row.id), amount: Number(row.fund_fen), payBy: seconds(row.pay_by) }
          : null,
      fills: own.map((f) => ({
        orderId: String(f.broker_order_id),
        quantity: Number(f.quantity),
        amount: Number(f.amount_fen),
      })),
    };
  });
}

const oneBid = async (db: DbHandle, row: CoinBidRow) => (await toCoinBids(db, [row]))[0] as CoinBid;

/** The channel of a game open, and its coin type: what a bid and a sale both stand on. */
export async function openChannel(db: DbHandle, applicationId: string, goldType: number) {
  const config = await brokerConfig(db, applicationId);
  if (!config.enabled) throw new AppError(ErrorCode.BAD_PARAMS, '该游戏暂未开放求购');
  const coin = config.goldTypes.find((g) => g.goldType === goldType);
  if (!coin) throw new AppError(ErrorCode.BAD_PARAMS, '币种不存在');
  return { config, goldName: coin.goldName };
}

/** A server of the game, or 区服不存在. */
export async function bookServer(db: DbHandle, applicationId: string, serverId: string) {
  const server = await serverOf(db, applicationId, serverId);
  if (!server) throw new AppError(ErrorCode.BAD_PARAMS, '区服不存在');
  return server;
}

type PostInput = CallInput<typeof postBid>;

/**
 * postBid: every check first (phone and real name; the channel open and the coin type its; the
 * quantity within the channel's bounds; the expiry ahead, within 30 days; the receiving role the
 * buyer's, in the server's master group, the game asked; the balance enough), then in one
 * transaction the bid is written and its money held on the balance. With `payShortfall` a balance
 * that falls short does not refuse it: the bid waits (4 待付款) for the missing money, paid at the
 * cashier within BID_PAY_MINUTES, and what the balance has is held meanwhile. The same request key
 * answers the same bid, also when sent twice at once.
 */
export async function postCoinBid(deps: BidBookDeps, buyerUserId: number, input: PostInput): Promise<CoinBid> {
  const { db, gateway } = deps;
  const now = bidClock(deps);
  const repeated = await existing(db, buyerUserId, input.requestKey);
  if (repeated) return oneBid(db, repeated);
  const user = await phoneAndRealName(db, buyerUserId);
  if (!user.mobile) throw new AppError(ErrorCode.BAD_PARAMS, '请先绑定手机号');
  if (!user.hasAuthentication) throw new AppError(ErrorCode.BAD_PARAMS, '请先完成实名认证');
  const { config, goldName } = await openChannel(db, input.applicationId, input.goldType);
  if (input.quantity < config.minQuantity)
    throw new AppError(ErrorCode.BAD_PARAMS, `求购数量最少${config.minQuantity}`);
  if (input.quantity > config.maxQuantity)
    throw new AppError(ErrorCode.BAD_PARAMS, `求购数量最多${config.maxQuantity}`);
  const expiresAt = input.expireTime * 1000;
  if (expiresAt <= now) throw new AppError(ErrorCode.BAD_PARAMS, '到期时间须晚于当前时间');
  if (expiresAt > now + BID_MAX_DAYS * 86_400_000)
    throw new AppError(ErrorCode.BAD_PARAMS, `求购有效期最长${BID_MAX_DAYS}天`);
  const server = await bookServer(db, input.applicationId, input.serverId);
  if (!(await isLinkedGameAccount(db, buyerUserId, input.applicationId, input.gameAccountId)))
    throw new AppError(ErrorCode.BAD_PARAMS, '请选择您已登录过的游戏账号收货');
  const { roles } = await gateway.roles(input.applicationId, input.gameAccountId);
  const role = roles.find((r) => r.id === input.gameRoleId);
  if (!role) throw new AppError(ErrorCode.BAD_PARAMS, '收货角色不存在');
  const roleServer = await serverOf(db, input.applicationId, role.serverId);
  if (roleServer?.masterServerId !== server.masterServerId)
    throw new AppError(ErrorCode.BAD_PARAMS, '收货角色须与求购区服在同一主服');
  const amount = bidAmount(input.quantity, input.unitPrice);
  if (!Number.isSafeInteger(amount)) throw new AppError(ErrorCode.BAD_PARAMS, '求购金额过大');
  const short = () =>
    new AppError(ErrorCode.BAD_PARAMS, `余额不足：求购需冻结${formatPriceFen(amount)}，请先充值或减少数量`);
  const shortfall = amount - (await userBalances(db, buyerUserId)).available;
  if (shortfall > 0 && !input.payShortfall) throw short();
  const funding =
    shortfall > 0
      ? { status: B.AWAITING_FUNDS, fund_fen: shortfall, pay_by: new Date(now + BID_PAY_MINUTES * 60_000) }
      : {};
  try {
    const row = await db.transaction().execute(async (trx) => {
      // The buyer's account held open while the bid is written (a closing account waits, then sees it).
      await holdOpenAccount(trx, buyerUserId);
      const bid = await bidBookDb(trx)
        .insertInto('coin_bids')
        .values({
          request_key: input.requestKey,
          buyer_user_id: buyerUserId,
          application_id: input.applicationId,
          server_id: input.serverId,
          server_name: server.name,
          master_server_id: server.masterServerId,
          gold_type: input.goldType,
          gold_name: goldName,
          unit_price_fen: input.unitPrice,
          quantity: input.quantity,
          reserved_fen: amount,
          deliver_account_id: role.accountId,
          deliver_role_id: role.id,
          deliver_role_name: role.name,
          expires_at: new Date(expiresAt),
          closed_at: null,
          ...funding,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (shortfall <= 0) await holdBidMoney(trx, { id: bid.id, buyerUserId, amount });
      else if (amount > shortfall) await holdBidPart(trx, { id: bid.id, buyerUserId, amount: amount - shortfall });
      return bid;
    });
    return oneBid(db, row);
  } catch (error) {
    const winner = await existing(db, buyerUserId, input.requestKey);
    if (winner) return oneBid(db, winner);
    if (error instanceof LedgerError && error.reason === 'INSUFFICIENT_FUNDS') throw short();
    throw error;
  }
}

const existing = (db: DbHandle, buyerUserId: number, requestKey: string) =>
  bids(db).where('buyer_user_id', '=', buyerUserId).where('request_key', '=', requestKey).executeTakeFirst();

/** Why a bid no longer takes coins, in words. */
export function closedBidMessage(row: Pick<CoinBidRow, 'status' | 'expires_at'>, now: number): string | null {
  if (row.status === B.FILLED) return '该求购已全部成交';
  if (row.status === B.CANCELLED) return '该求购已撤销';
  if (row.status === B.AWAITING_FUNDS) return '该求购尚未付款';
  if (row.status === B.CLOSED_UNPAID) return '该求购未付款，已关闭';
  if (row.status === B.EXPIRED || row.expires_at.getTime() <= now) return '该求购已过期';
  return null;
}

/**
 * A bid ends with what it has not filled released (cancelled by its buyer, run out, or closed
 * unpaid): one guarded move and the void of its hold, in one transaction. A bid still waiting for
 * its money releases the part the balance held, and the cashier's holds. Answers whether this call
 * ended it.
 */
async function endBid(
  deps: BidBookDeps,
  id: number,
  to: typeof B.CANCELLED | typeof B.EXPIRED | typeof B.CLOSED_UNPAID,
  now: number,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await bids(trx).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) return false;
    const closed_at = new Date(now);
    if (row.status === B.AWAITING_FUNDS && to !== B.EXPIRED) {
      const guard = to === B.CLOSED_UNPAID ? { payBy: closed_at } : {};
      if (!(await moveCoinBid(trx, id, B.AWAITING_FUNDS, to, { closed_at }, guard))) return false;
      await releaseBidPart(trx, id, Number(row.reserved_fen) - Number(row.fund_fen));
      await deps.releaseHolds?.(trx, id);
      return true;
    }
    if (row.status !== B.OPEN || to === B.CLOSED_UNPAID) return false;
    const moved = await moveCoinBid(
      trx,
      id,
      B.OPEN,
      to,
      { closed_at },
      { holdSeq: row.hold_seq, ...(to === B.EXPIRED ? { runOutBy: closed_at } : {}) },
    );
    if (!moved) return false;
    await releaseBidMoney(trx, { id, holdSeq: row.hold_seq });
    return true;
  });
}

/**
 * cancelBid: the buyer withdraws his open bid (or one still waiting for its money); what is not
 * filled goes back to his balance.
 */
export async function cancelCoinBid(deps: BidBookDeps, userId: number, bidId: string): Promise<CoinBid> {
  const row = await bids(deps.db).where('id', '=', Number(bidId)).executeTakeFirst();
  if (row?.buyer_user_id !== userId) throw new AppError(ErrorCode.BAD_PARAMS, '求购单不存在');
  const now = bidClock(deps);
  if (!(await endBid(deps, row.id, B.CANCELLED, now))) {
    const after = await bids(deps.db).where('id', '=', row.id).executeTakeFirstOrThrow();
    throw new AppError(ErrorCode.BAD_PARAMS, `${closedBidMessage(after, now) ?? '求购状态已变化'}，无法撤销`);
  }
  return oneBid(deps.db, await bids(deps.db).where('id', '=', row.id).executeTakeFirstOrThrow());
}

/** The sweeper: open bids past their expiry end (已过期), what is left released. */
export async function expireCoinBids(deps: BidBookDeps, now = bidClock(deps)): Promise<number> {
  const due = await bidBookDb(deps.db)
    .selectFrom('coin_bids')
    .select('id')
    .where('status', '=', B.OPEN)
    .where('expires_at', '<=', new Date(now))
    .orderBy('expires_at')
    .limit(200)
    .execute();
  let n = 0;
  for (const { id } of due) if (await endBid(deps, id, B.EXPIRED, now)) n++;
  return n;
}

/** The sweeper: bids whose money was not paid in time close (已关闭), the part held released. */
export async function closeUnpaidCoinBids(deps: BidBookDeps, now = bidClock(deps)): Promise<number> {
  const due = await bidBookDb(deps.db)
    .selectFrom('coin_bids')
    .select('id')
    .where('status', '=', B.AWAITING_FUNDS)
    .where('pay_by', '<=', new Date(now))
    .orderBy('pay_by')
    .limit(200)
    .execute();
  let n = 0;
  for (const { id } of due) if (await endBid(deps, id, B.CLOSED_UNPAID, now)) n++;
  return n;
}

/** Whether the user has a bid that holds his money or waits for it (open, or 待付款). */
export async function hasLiveCoinBids(db: DbHandle, userId: number): Promise<boolean> {
  return hasAny(
    bidBookDb(db)
      .selectFrom('coin_bids')
      .select('id')
      .where('buyer_user_id', '=', userId)
      .where('status', 'in', [B.OPEN, B.AWAITING_FUNDS]),
  );
}

/** bidInfo: one bid of its buyer. */
export async function viewerCoinBid(db: DbHandle, userId: number, bidId: string): Promise<CoinBid> {
  const row = await bids(db).where('id', '=', Number(bidId)).executeTakeFirst();
  if (row?.buyer_user_id !== userId) throw new AppError(ErrorCode.BAD_PARAMS, '求购单不存在');
  return oneBid(db, row);
}

/** myBids: the viewer's bids, newest first. */
export async function myCoinBids(
  db: DbHandle,
  userId: number,
  q: { applicationId?: string | undefined; status?: number | undefined; page: number; pageSize: number },
) {
  let query = bids(db).where('buyer_user_id', '=', userId);
  if (q.applicationId) query = query.where('application_id', '=', q.applicationId);
  if (q.status !== undefined) query = query.where('status', '=', q.status);
  const { rows, hasMore } = await pageOf(query.orderBy('id', 'desc'), q);
  return { list: await toCoinBids(db, rows), hasMore };
}

/**
 * bidDepth: the book of a coin type on a server's master group: the open bids not run out summed
 * per price (the highest first) and the broker listings' stock on sale per price (the cheapest first).
 */
export async function coinBidDepth(
  deps: BidBookDeps,
  q: { applicationId: string; serverId: string; goldType: number },
  levels = DEPTH_LEVELS,
) {
  const server = await bookServer(deps.db, q.applicationId, q.serverId);
  const rows = await bidBookDb(deps.db)
    .selectFrom('coin_bids')
    .select((eb) => [
      'unit_price_fen as price',
      eb.fn.sum<number>(eb('quantity', '-', eb.ref('filled_quantity'))).as('quantity'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('application_id', '=', q.applicationId)
    .where('master_server_id', '=', server.masterServerId)
    .where('gold_type', '=', q.goldType)
    .where('status', '=', B.OPEN)
    .where('expires_at', '>', new Date(bidClock(deps)))
    .groupBy('unit_price_fen')
    .orderBy('unit_price_fen', 'desc')
    .limit(levels)
    .execute();
  return {
    masterServerId: server.masterServerId,
    bids: rows.map((r) => ({ unitPrice: Number(r.price), quantity: Number(r.quantity), count: Number(r.n) })),
    asks: await brokerAskLevels(deps.db, { ...q, masterServerId: server.masterServerId, levels }),
  };
}
