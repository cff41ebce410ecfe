import { coinPriceHistory, commodityDetail, commodityInfo, comparableSales } from '@app/protocol/calls/exchange';
import { CommodityType, deriveSaleType, type PropSubType, propSubTypeLabel, SaleType } from '@app/protocol/commodity';
import { ErrorCode, UNKNOWN_COMMODITY_DATA } from '@app/protocol/errors';
import { DEFAULT_SELL_RULES } from '@app/protocol/sell-rules';
import { ListingStatus, listingStatusLabel } from '@app/protocol/statuses/listing-status';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import type { CallContext } from '../../platform/http/call-context';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { type CardRow, toCard } from './commodity.queries';
import { type ExchangeDb, exchangeDb } from './exchange.tables';
import { goodsArt } from './goods-art';
import type { ListingCatalogue } from './listing-catalogue';
import { bandOf, coinSeries, comparableTrades, type Subject, sellerCounts } from './price-history.queries';

/** On sale, being sold, or frozen by staff (shown 已冻结 with the reason, as 藏宝阁 shows a held item). */
const VISIBLE: number[] = [ListingStatus.ON_SALE, ListingStatus.SELLING, ListingStatus.FROZEN];
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** Recharge in fen as a band, never the exact figure (sellers' spending is their own business). */
export function rechargeLevel(fen: number): string {
  const yuan = fen / 100;
  if (yuan <= 0) return '未充值';
  if (yuan < 1_000) return '千元以下';
  if (yuan < 10_000) return '千元档';
  if (yuan < 100_000) return '万元档';
  return '十万元以上';
}

const maskName = (name: string) => (name.length <= 1 ? `${name}*` : `${name.slice(0, 1)}**${name.slice(-1)}`);

/** The last sale of a listing that is over (sold out): when, at what price; null if it was never sold. */
async function lastSale(db: ExchangeDb, id: number) {
  const trade = await db
    .selectFrom('market_trades')
    .select(['price_fen', 'sold_at'])
    .where('commodity_id', '=', id)
    .orderBy('sold_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return trade ? { soldAt: Math.floor(trade.sold_at.getTime() / 1000), price: trade.price_fen } : null;
}

/**
 * A listing a buyer may look at: on sale or being sold, any of the viewer's own, or — with
 * `sold` — one that ended in a sale (kept readable as 已售出, as 藏宝阁 keeps sold items; a shared
 * link does not turn into a redirect); else 30001. Delisted, expired and taken-back ones stay 30001;
 * an id that never was a listing says so in the answer's data (UNKNOWN_COMMODITY_DATA).
 */
async function visibleCommodity(db: ExchangeDb, id: number, ctx: CallContext, options: { sold?: boolean } = {}) {
  const row = await db.selectFrom('commodities').selectAll().where('id', '=', id).executeTakeFirst();
  const mine = Boolean(row && ctx.user && row.seller_user_id === ctx.user.userId);
  if (!row) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST, undefined, UNKNOWN_COMMODITY_DATA);
  const over = row.status === ListingStatus.INVALID;
  const sale = over && (options.sold || mine) ? await lastSale(db, row.id) : null;
  if (!VISIBLE.includes(row.status) && !mine && !sale) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  return { row, mine, sale };
}

/** Comparable trades with the names of their servers (one lookup for the whole list). */
async function comparableWithServers(db: ExchangeDb, catalogue: ListingCatalogue, row: Subject) {
  if (row.type === CommodityType.COIN) return [];
  const trades = await comparableTrades(db, row);
  const names = await catalogue.serverNames(
    row.application_id,
    trades.map((t) => t.server_id),
  );
  return trades.map((t) => ({ ...t, server_name: names.get(t.server_id) ?? null }));
}

/** How a buyer may propose a price: 出价 on a pre-sale, 还价 where the seller and the game allow it, nothing on an auction. */
function negotiationFlow(
  row: { sale_type: number; auction_enable: number; bargain_allowed: boolean },
  bargainOpen: boolean,
): 'bargain' | 'offer' | null {
  const saleType = deriveSaleType(row.sale_type, row.auction_enable);
  if (saleType === SaleType.PRESALE) return 'offer';
  if (saleType === SaleType.NORMAL && row.bargain_allowed && bargainOpen) return 'bargain';
  return null;
}

export function commodityDetailRoutes(app: FastifyInstance, platform: CallPlatform, catalogue: ListingCatalogue): void {
  const db = exchangeDb(platform.db);

  registerCall(app, platform, commodityDetail, async (input, ctx) => {
    const { row, mine, sale } = await visibleCommodity(db, Number(input.commodityId), ctx, { sold: true });
    const [game, masterServerName, seller, sellerStats, record, collected, comparable] = await Promise.all([
      catalogue.game(row.application_id),
      catalogue.masterServerName(row.application_id, row.server_id),
      // The seller's name and age are the user module's.
      row.seller_user_id === null ? null : catalogue.seller(row.seller_user_id),
      row.seller_user_id === null ? null : sellerCounts(db, row.seller_user_id),
      // Finished orders and the completion rate are the orders module's.
      row.seller_user_id === null ? null : catalogue.sellerRecord(row.seller_user_id),
      ctx.user ? catalogue.isCollected(ctx.user.userId, row.id) : false,
      comparableWithServers(db, catalogue, row),
    ]);
    const buyerFee = Math.round((row.price_fen * (game?.buyerFeePercent ?? 0)) / 100);
    const lockUntil = row.lock_until && row.lock_until.getTime() > Date.now() ? seconds(row.lock_until) : null;
    const snap = row.snapshot;
    return {
      ...toCard(row as unknown as CardRow),
      serverId: row.server_id,
      masterServerId: row.master_server_id,
      masterServerName,
      status: row.status,
      statusName: listingStatusLabel[row.status as ListingStatus] ?? '',
      saleTypeShow: deriveSaleType(row.sale_type, row.auction_enable),
      subTypeName: row.sub_type ? propSubTypeLabel[row.sub_type as PropSubType] : null,
      itemName: row.item_name,
      stock: row.stock,
      unitPricePerWan: row.unit_price_wan,
      description: row.description,
      // A role's screenshots; coins and props are shown by a drawn picture (goods-art.ts).
      images: row.type === CommodityType.ROLE ? row.images : [{ kind: 'goods', title: '商品图', url: goodsArt(row) }],
      snapshot: snap
        ? {
            power: snap.power,
            createdAt: snap.createdAt,
            rechargeLevel: rechargeLevel(snap.recharge),
            equipment: snap.equipment.map((e) => ({
              name: e.name,
              subTypeName: propSubTypeLabel[e.subType as PropSubType] ?? '其他',
              // What the game said of it when it was listed (none from a game that has no attributes).
              attributes: e.attributes ?? [],
            })),
            coins: snap.coins,
          }
        : null,
      buyerFee,
      buyerPays: row.price_fen + buyerFee,
      expireTime: seconds(row.expires_at),
      deliverDays: row.sale_type === SaleType.PRESALE ? (row.deliver_days ?? 7) : null,
      lockUntil,
      designatedBuyer: row.designated_trade_id !== null,
      seller: {
        nickname: seller ? maskName(seller.nickname) : '官方寄售',
        soldCount: sellerStats?.sold ?? 0,
        onSaleCount: sellerStats?.onSale ?? 0,
        memberSince: seller ? Math.floor(seller.created_at.getTime() / 1000) : 0,
        listedSince: seconds(sellerStats?.listedSince ?? null),
        finishedOrders: record?.finishedOrders ?? 0,
        completionRate: record?.completionRate ?? null,
      },
      collected: Boolean(collected),
      collectCount: row.collect_count,
      viewCount: row.view_count,
      isMine: mine,
      fairPrice: bandOf(comparable.map((t) => t.price_fen)),
      sold: sale,
      frozenReason: row.status === ListingStatus.FROZEN ? row.freeze_reason : null,
      negotiation: {
        flow: negotiationFlow(row, game?.negotiation.bargainOpen ?? false),
        depositPercent: game?.negotiation.depositPercent ?? DEFAULT_SELL_RULES.depositPercent,
        depositMinFen: game?.negotiation.depositMinFen ?? DEFAULT_SELL_RULES.depositMinFen,
        depositMaxFen: game?.negotiation.depositMaxFen ?? DEFAULT_SELL_RULES.depositMaxFen,
      },
    };
  });

  registerCall(app, platform, commodityInfo, async (input, ctx) => {
    const { row } = await visibleCommodity(db, Number(input.commodityId), ctx);
    return {
      id: String(row.id),
      type: row.type,
      serverName: row.server_name,
      role: row.role_name,
      coinConfigTypeName: row.coin_type_name,
      title: row.title,
      gameName: row.game_name,
      applicationId: row.application_id,
      status: row.status,
      price: row.price_fen,
    };
  });

  registerCall(app, platform, comparableSales, async (input, ctx) => {
    const { row } = await visibleCommodity(db, Number(input.commodityId), ctx, { sold: true });
    const trades = await comparableWithServers(db, catalogue, row);
    return {
      band: bandOf(trades.map((t) => t.price_fen)),
      list: trades.slice(0, 20).map((t) => ({
        title: t.title,
        serverName: t.server_name ?? '',
        roleLevel: t.role_level,
        price: t.price_fen,
        soldAt: Math.floor(t.sold_at.getTime() / 1000),
      })),
    };
  });

  registerCall(app, platform, coinPriceHistory, async (input, ctx) => {
    const applicationId = ctx.appId;
    const game = await catalogue.game(applicationId);
    if (!game) throw new AppError(ErrorCode.APP_ID_INVALID);
    const coin = game.coinTypes.find((c) => c.type === input.coinType);
    if (!coin) throw new AppError(ErrorCode.BAD_PARAMS, '游戏币类型不存在');
    return {
      coinTypeName: coin.name,
      points: await coinSeries(db, { applicationId, ...input }),
    };
  });
}
