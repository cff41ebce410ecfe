import {
  AUCTION_LEADING_LABEL,
  AUCTION_OUTBID_LABEL,
  type AuctionDetail,
  type BidTab,
  type MyBid,
} from '@app/protocol/calls/auction';
import { depositStateLabel } from '@app/protocol/calls/deposit';
import { ErrorCode } from '@app/protocol/errors';
import { type AuctionStatus, auctionStatusLabel } from '@app/protocol/statuses/auction-status';
import { type BargainStatus, BargainStatus as BS, bargainStatusLabel } from '@app/protocol/statuses/bargain-status';
import type { ExpressionBuilder } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { pageOf } from '../../platform/db/page';
import { AppError } from '../../platform/errors';
import { type DepositRow, depositBizNo, depositsOf } from '../deposits/deposit.service';
import { listingSummaries } from '../exchange/listings';
import { nextMinPrice } from './auction.service';
import { type AuctionBiddersTable, type AuctionsTable, type AuctionTables, auctionDb } from './auction.tables';
import { type AuctionRow, type BidderRow, requireAuction } from './auction-moves';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** 玩家 and the uid's first and last characters: bidders see each other's bids, never who. */
/**
 * Each bidder's alias in one auction: 竞拍者1, 竞拍者2… in the order they took part, so two people
 * never read alike (masked 唯一码 could: 玩家1***9 twice) and one person reads the same throughout.
 */
function bidderAliases(userIdsInJoinOrder: readonly number[]): Map<number, string> {
  return new Map(userIdsInJoinOrder.map((id, i) => [id, `竞拍者${i + 1}`]));
}

/** The words of a bidder's place: 11 reads leading or outbid once he bid. */
function placeLabel(status: number, leading: boolean, hasBid: boolean): string {
  if (status === BS.AWAITING_SELLER && hasBid) return leading ? AUCTION_LEADING_LABEL : AUCTION_OUTBID_LABEL;
  return bargainStatusLabel.auction[1][status as BargainStatus] ?? '';
}

function tabOf(status: number, leading: boolean, hasBid: boolean): BidTab {
  if (status === BS.AWAITING_DEPOSIT) return 'bidding';
  if (status === BS.AWAITING_SELLER) return hasBid && !leading ? 'outbid' : 'bidding';
  if (status === BS.AGREED) return 'won';
  return 'ended';
}

/** Each user's highest bid in the auctions. */
async function bestBids(db: DbHandle, auctionIds: number[], userId: number): Promise<Map<number, number>> {
  if (auctionIds.length === 0) return new Map();
  const rows = await auctionDb(db)
    .selectFrom('auction_bids')
    .select(['auction_id', (eb) => eb.fn.max('price_fen').as('best')])
    .where('auction_id', 'in', auctionIds)
    .where('user_id', '=', userId)
    .groupBy('auction_id')
    .execute();
  return new Map(rows.map((r) => [r.auction_id, Number(r.best)]));
}

export async function viewAuction(
  db: DbHandle,
  commodityId: string | number,
  viewerUserId: number | null,
  now = Date.now(),
): Promise<AuctionDetail> {
  const a = await requireAuction(db, commodityId);
  const [listing] = [(await listingSummaries(db, [a.commodity_id])).get(a.commodity_id)];
  if (!listing) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  const bids = await auctionDb(db)
    .selectFrom('auction_bids')
    .selectAll()
    .where('auction_id', '=', a.id)
    .orderBy('price_fen', 'desc')
    .limit(50)
    .execute();
  const joined = await auctionDb(db)
    .selectFrom('auction_bidders')
    .select('user_id')
    .where('auction_id', '=', a.id)
    .orderBy('id')
    .execute();
  const aliases = bidderAliases(joined.map((j) => j.user_id));
  let me: AuctionDetail['me'] = null;
  if (viewerUserId !== null && viewerUserId !== a.seller_user_id) {
    const bidder = await auctionDb(db)
      .selectFrom('auction_bidders')
      .selectAll()
      .where('auction_id', '=', a.id)
      .where('user_id', '=', viewerUserId)
      .executeTakeFirst();
    if (bidder) {
      const [deposit] = await depositsOf(db, 'auction', [a.id], viewerUserId);
      const best = (await bestBids(db, [a.id], viewerUserId)).get(a.id) ?? null;
      me = placeView(a, bidder, deposit, best);
    }
  }
  return {
    auctionId: String(a.id),
    commodityId: String(a.commodity_id),
    applicationId: a.application_id,
    type: a.type,
    title: a.title,
    firstImg: listing.firstImg,
    gameName: listing.gameName,
    serverName: listing.serverName,
    status: a.status,
    statusLabel: auctionStatusLabel[a.status as AuctionStatus],
    startPrice: Number(a.start_price_fen),
    increment: Number(a.increment_fen),
    currentPrice: Number(a.current_price_fen),
    nextMinPrice: nextMinPrice(a),
    buyNowPrice: a.buy_now_fen === null ? null : Number(a.buy_now_fen),
    depositAmount: Number(a.deposit_fen),
    startTime: seconds(a.starts_at),
    endTime: seconds(a.ends_at),
    serverTime: Math.floor(now / 1000),
    bidCount: Number(a.bid_count),
    bids: bids.map((b) => ({
      price: Number(b.price_fen),
      bidder: b.user_id === viewerUserId ? '我' : (aliases.get(b.user_id) ?? '竞拍者'),
      mine: b.user_id === viewerUserId,
      time: seconds(b.created_at),
    })),
    isSeller: viewerUserId === a.seller_user_id,
    me,
  };
}

function placeView(a: AuctionRow, bidder: BidderRow, deposit: DepositRow | undefined, best: number | null) {
  const leading = a.leader_user_id === bidder.user_id;
  return {
    status: bidder.status,
    statusLabel: placeLabel(bidder.status, leading, best !== null),
    depositBizNo: deposit ? depositBizNo(deposit.id) : '',
    depositStatus: deposit?.status ?? 'unpaid',
    depositStatusLabel: deposit ? depositStateLabel[deposit.status] : '',
    leading,
    myPrice: best,
    orderId: bidder.order_id === null ? null : String(bidder.order_id),
  };
}

const TAB_STATUSES: Record<Exclude<BidTab, 'all'>, number[]> = {
  bidding: [BS.AWAITING_DEPOSIT, BS.AWAITING_SELLER],
  outbid: [BS.AWAITING_SELLER],
  won: [BS.AGREED],
  ended: [
    BS.SYSTEM_CANCELLED,
    BS.SYSTEM_CANCELLED_REFUNDED,
    BS.SELLER_CANCELLED,
    BS.BUYER_REFUSED_TO_PAY,
    BS.COMPLETED,
  ],
};

/**
 * 竞拍管理: the user's places, newest first, by tab. 竞拍中 and 被超越 split status 11 by whether
 * someone else leads after he bid (read with the auction row, in the query).
 */
export async function myBids(
  db: DbHandle,
  userId: number,
  q: { tab: BidTab; page: number; pageSize: number },
): Promise<{ list: MyBid[]; hasMore: boolean }> {
  let query = auctionDb(db)
    .selectFrom('auction_bidders as b')
    .innerJoin('auctions as a', 'a.id', 'b.auction_id')
    .selectAll('b')
    .select(['a.leader_user_id', 'a.commodity_id', 'a.current_price_fen', 'a.ends_at', 'a.deposit_fen'])
    .where('b.user_id', '=', userId);
  if (q.tab !== 'all') query = query.where('b.status', 'in', TAB_STATUSES[q.tab]);
  const hasBid = (eb: ExpressionBuilder<AuctionTables & { b: AuctionBiddersTable; a: AuctionsTable }, 'b' | 'a'>) =>
    eb.exists(
      eb
        .selectFrom('auction_bids as x')
        .select('x.id')
        .whereRef('x.auction_id', '=', 'b.auction_id')
        .whereRef('x.user_id', '=', 'b.user_id'),
    );
  if (q.tab === 'outbid') query = query.where((eb) => eb.and([eb('a.leader_user_id', '!=', userId), hasBid(eb)]));
  if (q.tab === 'bidding')
    query = query.where((eb) =>
      eb.or([eb('b.status', '=', BS.AWAITING_DEPOSIT), eb('a.leader_user_id', '=', userId), eb.not(hasBid(eb))]),
    );
  const { rows: page, hasMore } = await pageOf(query.orderBy('b.id', 'desc'), q);
  const ids = page.map((r) => r.auction_id);
  const [listings, best, deposits] = await Promise.all([
    listingSummaries(
      db,
      page.map((r) => r.commodity_id),
    ),
    bestBids(db, ids, userId),
    depositsOf(db, 'auction', ids, userId),
  ]);
  const depositOf = new Map(deposits.map((d) => [d.ref_id, d]));
  const list = page.map((r): MyBid => {
    const listing = listings.get(r.commodity_id);
    const deposit = depositOf.get(r.auction_id);
    const mine = best.get(r.auction_id) ?? null;
    const leading = r.leader_user_id === userId;
    return {
      auctionId: String(r.auction_id),
      commodityId: String(r.commodity_id),
      title: listing?.title ?? '',
      firstImg: listing?.firstImg ?? '',
      gameName: listing?.gameName ?? '',
      serverName: listing?.serverName ?? '',
      currentPrice: Number(r.current_price_fen),
      myPrice: mine,
      endTime: seconds(r.ends_at),
      status: r.status,
      statusLabel: placeLabel(r.status, leading, mine !== null),
      tab: tabOf(r.status, leading, mine !== null),
      depositAmount: Number(r.deposit_fen),
      depositBizNo: deposit ? depositBizNo(deposit.id) : '',
      depositStatusLabel: deposit ? depositStateLabel[deposit.status] : '',
      orderId: r.order_id === null ? null : String(r.order_id),
    };
  });
  return { list, hasMore };
}
