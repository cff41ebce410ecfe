import type { CommodityCard, CommodityListQuery, CommoditySort } from '@app/protocol/calls/exchange';
import { CommodityType, SaleType } from '@app/protocol/commodity';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { type CommoditiesTable, type ExchangeDb, type ExchangeTables, exchangeDb } from './exchange.tables';
import { shownImage } from './goods-art';

export type ListQuery = CommodityListQuery & {
  applicationId: string;
  /** The master-server group of serverId when the game lets players trade across it. */
  groupOf?: string | undefined;
};

type CommodityQuery = SelectQueryBuilder<ExchangeTables, 'commodities', object>;

/** The card columns, the only ones the list reads. */
export const CARD_COLUMNS = [
  'id',
  'type',
  'title',
  'game_name',
  'application_id',
  'server_name',
  'role_name',
  'role_class_name',
  'role_level',
  'coin_type_name',
  'coin_num',
  'sub_type',
  'item_name',
  'first_img',
  'price_fen',
  'sale_type',
  'auction_enable',
  'published_at',
] as const;

export type CardRow = Pick<Selectable<CommoditiesTable>, (typeof CARD_COLUMNS)[number]>;

export function toCard(r: CardRow): CommodityCard {
  return {
    id: String(r.id),
    type: r.type as CommodityType,
    title: r.title,
    gameName: r.game_name,
    applicationId: r.application_id,
    serverName: r.server_name,
    role: r.role_name,
    roleConfigTypeName: r.role_class_name,
    roleLevel: r.role_level,
    coinConfigTypeName: r.coin_type_name,
    coinNum: r.coin_num,
    subType: r.sub_type,
    firstImg: shownImage(r),
    price: r.price_fen,
    saleType: r.sale_type,
    auctionEnable: r.auction_enable,
    publishTime: Math.floor(r.published_at.getTime() / 1000),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

function filtered(db: ExchangeDb, q: ListQuery): CommodityQuery {
  let base = db
    .selectFrom('commodities')
    .where('application_id', '=', q.applicationId)
    .where('status', '=', ListingStatus.ON_SALE);
  if (q.type) base = base.where('type', '=', q.type);
  if (q.groupOf) base = base.where('master_server_id', '=', q.groupOf);
  else if (q.serverId) base = base.where('server_id', '=', q.serverId);
  if (q.masterServerId && !q.groupOf) base = base.where('master_server_id', '=', q.masterServerId);
  if (q.roleType !== undefined) base = base.where('role_type', '=', q.roleType);
  if (q.levelMin !== undefined) base = base.where('role_level', '>=', q.levelMin);
  if (q.levelMax !== undefined) base = base.where('role_level', '<=', q.levelMax);
  if (q.coinType !== undefined) base = base.where('coin_type', '=', q.coinType);
  if (q.coinNumMin !== undefined) base = base.where('coin_num', '>=', q.coinNumMin);
  if (q.subType !== undefined) base = base.where('sub_type', '=', q.subType);
  if (q.priceMin !== undefined) base = base.where('price_fen', '>=', q.priceMin);
  if (q.priceMax !== undefined) base = base.where('price_fen', '<=', q.priceMax);
  if (q.saleType === SaleType.AUCTION) base = base.where('auction_enable', '=', 1);
  else if (q.saleType !== undefined)
    base = base
      .where('auction_enable', '=', 0)
      .where('sale_type', q.saleType === SaleType.PRESALE ? '=' : '<>', SaleType.PRESALE);
  const keyword = q.keyword?.trim().toLowerCase();
  if (keyword) base = base.where('search_text', 'like', `%${escapeLike(keyword)}%`);
  return base;
}

/** ORDER BY of each sort, matching its index in migration 0012 (id breaks ties, so pages are stable). */
function sorted(query: CommodityQuery, sort: CommoditySort, type?: number): CommodityQuery {
  const q = query;
  // Roles always have a level: their NULLS placement is moot, and the level index (role_level desc,
  // partial on type 1) gives `desc nulls first` forward and `asc nulls last` backward only.
  const roles = type === CommodityType.ROLE;
  switch (sort) {
    case 'priceAsc':
      return q.orderBy('price_fen', 'asc').orderBy('id', 'asc');
    case 'priceDesc':
      return q.orderBy('price_fen', 'desc').orderBy('id', 'desc');
    case 'levelDesc':
      return q.orderBy(roles ? sql`role_level desc` : sql`role_level desc nulls last`).orderBy('id', 'desc');
    case 'levelAsc':
      return q.orderBy(sql`role_level asc nulls last`).orderBy('id', 'asc');
    case 'unitPriceAsc':
      return q.orderBy(sql`unit_price_wan asc nulls last`).orderBy('id', 'asc');
    default:
      return q.orderBy('published_at', 'desc').orderBy('id', 'desc');
  }
}

/**
 * The queries of one page. Own server first across a master-server group reads two index-ordered
 * branches (the own server, then the rest of the group), each no deeper than the page, joined in
 * order; anything else is one query. pageSize + 1 rows tell whether there is more.
 */
function pageQueries(db: ExchangeDb, q: ListQuery) {
  const offset = (q.page - 1) * q.pageSize;
  const depth = offset + q.pageSize + 1;
  if (q.groupOf && q.serverId) {
    const base = { ...q, groupOf: undefined };
    const rest = filtered(db, { ...base, serverId: undefined, masterServerId: q.groupOf }).where(
      'server_id',
      '<>',
      q.serverId,
    );
    return {
      skip: offset,
      queries: [
        sorted(filtered(db, { ...base, masterServerId: undefined }), q.sort, q.type)
          .select(CARD_COLUMNS)
          .limit(depth),
        sorted(rest, q.sort, q.type).select(CARD_COLUMNS).limit(depth),
      ],
    };
  }
  return {
    skip: 0,
    queries: [
      sorted(filtered(db, q), q.sort, q.type)
        .select(CARD_COLUMNS)
        .limit(q.pageSize + 1)
        .offset(offset),
    ],
  };
}

/** The PC list's result count stops here: a count never reads more than this many index entries. */
export const LIST_TOTAL_CAP = 1000;

/** How many listings match, counted up to LIST_TOTAL_CAP (a group's count covers the own server too). */
async function countCommodities(db: ExchangeDb, q: ListQuery): Promise<number> {
  const scope = q.groupOf ? { ...q, serverId: undefined, masterServerId: q.groupOf, groupOf: undefined } : q;
  const capped = filtered(db, scope).select('id').limit(LIST_TOTAL_CAP).as('capped');
  const row = await db
    .selectFrom(capped)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One page of listings on sale, with the count of matches up to LIST_TOTAL_CAP (no full count of a big table). */
/** `knownTotal`: the filter's count when the caller has it (every page of a filter has the same). */
export async function listCommodities(db: DbHandle, q: ListQuery, knownTotal?: number) {
  const exchange = exchangeDb(db);
  const { skip, queries } = pageQueries(exchange, q);
  const [pages, total] = await Promise.all([
    Promise.all(queries.map((query) => query.execute())),
    knownTotal ?? countCommodities(exchange, q),
  ]);
  const rows = pages.flat().slice(skip, skip + q.pageSize + 1) as CardRow[];
  return {
    total,
    list: rows.slice(0, q.pageSize).map((r) => toCard(r)),
    page: q.page,
    pageSize: q.pageSize,
    hasMore: rows.length > q.pageSize,
  };
}

/** The SQL a list query sends (one or two statements), for EXPLAIN in the benchmark. */
export function listCommoditiesSql(db: DbHandle, q: ListQuery) {
  return pageQueries(exchangeDb(db), q).queries.map((query) => query.compile());
}
