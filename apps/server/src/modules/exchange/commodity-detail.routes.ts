import { coinPriceHistory, commodityDetail, commodityInfo, comparableSales } from '@app/protocol/calls/exchange';
import { deriveSaleType, type PropSubType, propSubTypeLabel } from '@app/protocol/commodity';
import { ErrorCode } from '@app/protocol/errors';
import { ListingStatus, listingStatusLabel } from '@app/protocol/statuses/listing-status';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { CallContext } from '../../platform/http/call-context';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { type CardRow, toCard } from './commodity.queries';
import { bandOf, coinSeries, comparableTrades } from './price-history.queries';

const VISIBLE: number[] = [ListingStatus.ON_SALE, ListingStatus.SELLING];
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

/** A listing a buyer may look at: on sale or being sold, or any of the viewer's own; else 30001. */
async function visibleCommodity(db: Db, id: number, ctx: CallContext) {
  const row = await db.selectFrom('commodities').selectAll().where('id', '=', id).executeTakeFirst();
  const mine = Boolean(row && ctx.user && row.seller_user_id === ctx.user.userId);
  if (!row || (!VISIBLE.includes(row.status) && !mine)) throw new AppError(ErrorCode.COMMODITY_NOT_EXIST);
  return { row, mine };
}

export function commodityDetailRoutes(app: FastifyInstance, platform: CallPlatform): void {
  const { db } = platform;

  registerCall(app, platform, commodityDetail, async (input, ctx) => {
    const { row, mine } = await visibleCommodity(db, Number(input.commodityId), ctx);
    const [game, server, seller, collected, comparable] = await Promise.all([
      db
        .selectFrom('games')
        .select(['buyer_fee_percent'])
        .where('application_id', '=', row.application_id)
        .executeTakeFirst(),
      db
        .selectFrom('game_servers')
        .select(['master_server_name'])
        .where('application_id', '=', row.application_id)
        .where('server_id', '=', row.server_id)
        .executeTakeFirst(),
      row.seller_user_id === null
        ? null
        : db
            .selectFrom('users')
            .select(['nickname', 'created_at'])
            .select((eb) => [
              eb
                .selectFrom('commodities')
                .select(eb.fn.countAll<number>().as('n'))
                .where('seller_user_id', '=', row.seller_user_id)
                .where('status', '=', ListingStatus.ON_SALE)
                .as('on_sale'),
              eb
                .selectFrom('market_trades as t')
                .innerJoin('commodities as c', 'c.id', 't.commodity_id')
                .select(eb.fn.countAll<number>().as('n'))
                .where('c.seller_user_id', '=', row.seller_user_id)
                .as('sold'),
            ])
            .where('id', '=', row.seller_user_id)
            .executeTakeFirst(),
      ctx.user
        ? db
            .selectFrom('collections')
            .select('commodity_id')
            .where('user_id', '=', ctx.user.userId)
            .where('commodity_id', '=', row.id)
            .executeTakeFirst()
        : undefined,
      row.type === 2 ? [] : comparableTrades(db, row),
    ]);
    const buyerFee = Math.round((row.price_fen * Number(game?.buyer_fee_percent ?? 0)) / 100);
    const lockUntil = row.lock_until && row.lock_until.getTime() > Date.now() ? seconds(row.lock_until) : null;
    const snap = row.snapshot;
    return {
      ...toCard(row as unknown as CardRow),
      serverId: row.server_id,
      masterServerId: row.master_server_id,
      masterServerName: server?.master_server_name ?? '',
      status: row.status,
      statusName: listingStatusLabel[row.status as ListingStatus] ?? '',
      saleTypeShow: deriveSaleType(row.sale_type, row.auction_enable),
      subTypeName: row.sub_type ? propSubTypeLabel[row.sub_type as PropSubType] : null,
      itemName: row.item_name,
      stock: row.stock,
      unitPricePerWan: row.unit_price_wan,
      description: row.description,
      images: row.images,
      snapshot: snap
        ? {
            power: snap.power,
            createdAt: snap.createdAt,
            rechargeLevel: rechargeLevel(snap.recharge),
            equipment: snap.equipment.map((e) => ({
              name: e.name,
              subTypeName: propSubTypeLabel[e.subType as PropSubType] ?? '其他',
            })),
            coins: snap.coins,
          }
        : null,
      buyerFee,
      buyerPays: row.price_fen + buyerFee,
      expireTime: seconds(row.expires_at),
      deliverDays: row.sale_type === 1 ? (row.deliver_days ?? 7) : null,
      lockUntil,
      designatedBuyer: row.designated_trade_id !== null,
      seller: {
        nickname: seller ? maskName(seller.nickname) : '官方寄售',
        soldCount: Number(seller?.sold ?? 0),
        onSaleCount: Number(seller?.on_sale ?? 0),
        memberSince: seller ? Math.floor(seller.created_at.getTime() / 1000) : 0,
      },
      collected: Boolean(collected),
      collectCount: row.collect_count,
      viewCount: row.view_count,
      isMine: mine,
      fairPrice: bandOf(comparable.map((t) => t.price_fen)),
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
    const { row } = await visibleCommodity(db, Number(input.commodityId), ctx);
    const trades = row.type === 2 ? [] : await comparableTrades(db, row);
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
    const game = await db
      .selectFrom('games')
      .select('coin_types')
      .where('application_id', '=', applicationId)
      .executeTakeFirst();
    if (!game) throw new AppError(ErrorCode.APP_ID_INVALID);
    const coin = game.coin_types.find((c) => c.type === input.coinType);
    if (!coin) throw new AppError(ErrorCode.BAD_PARAMS, '游戏币类型不存在');
    return {
      coinTypeName: coin.name,
      points: await coinSeries(db, { applicationId, ...input }),
    };
  });
}
