import { ListingStatus } from '@app/protocol/statuses/listing-status';
import type { Db } from '../../platform/db/database';

export interface ListQuery {
  applicationId: string;
  page: number;
  pageSize: number;
  type?: number | undefined;
  serverId?: string | undefined;
  keyword?: string | undefined;
}

/** Listings on sale for one game, newest first (the market issue adds filters and sorts). */
export async function listCommodities(db: Db, q: ListQuery) {
  let base = db
    .selectFrom('commodities')
    .where('application_id', '=', q.applicationId)
    .where('status', '=', ListingStatus.ON_SALE);
  if (q.type) base = base.where('type', '=', q.type);
  if (q.serverId) base = base.where('server_id', '=', q.serverId);
  if (q.keyword) base = base.where('title', 'ilike', `%${q.keyword.replace(/[\\%_]/g, '\\$&')}%`);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      id: String(r.id),
      type: r.type as 1 | 2 | 3,
      title: r.title,
      gameName: r.game_name,
      applicationId: r.application_id,
      serverName: r.server_name,
      role: r.role_name,
      roleConfigTypeName: r.role_class_name,
      roleLevel: r.role_level,
      coinConfigTypeName: r.coin_type_name,
      coinNum: r.coin_num,
      firstImg: r.first_img,
      price: r.price_fen,
      saleType: r.sale_type,
      auctionEnable: r.auction_enable,
      publishTime: Math.floor(r.published_at.getTime() / 1000),
    })),
    total: Number(count.n),
    page: q.page,
    pageSize: q.pageSize,
  };
}
