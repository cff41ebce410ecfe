import type { StatsMetric } from '@app/protocol/ops-stats';
import { abGroupOf } from '@app/protocol/platform';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { bucketOf, type FactRow, type Grain, type StatsSource } from '../stats/stats-sources';
import { uidsOf } from '../user/user.queries';

const FINISHED = [OrderStatus.COMPLETED, OrderStatus.SETTLED, OrderStatus.PENDING_SETTLEMENT];

interface Counted {
  bucket: Date;
  game: string;
  goods_type: string;
  party: number;
  n: string | number;
  fen: string | number | null;
}

/**
 * The exchange orders' facts for the statistics (registered into the stats module's sources):
 * placed by created_at; paid with GMV (price) by paid_at; finished (交易成功) with the platform's
 * fees (buyer's and seller's) by confirmed_at; refunded (已退回) by updated_at; disputed (拒绝收货)
 * by receipt_refused_at; a buyer's or seller's first paid order as a new buyer or seller. Per game
 * (application id), goods type and the A/B group of the buyer (of the seller for new sellers) by
 * his uid (uid mod 3 = 1 → B, as the clients mark it, the user module's uids); orders carry no
 * scene or server group.
 */
export const orderStatsSource: StatsSource = {
  name: 'orders',
  metrics: [
    'orders_placed',
    'orders_paid',
    'gmv_fen',
    'orders_finished',
    'fee_fen',
    'orders_refunded',
    'orders_disputed',
    'new_buyers',
    'new_sellers',
  ],
  async facts(db, { from, to, grain }) {
    const count = (at: string, where = sql``, fen = sql`null::bigint`) =>
      orderCounts(db, grain, from, to, at, where, fen);
    const [placed, paid, finished, refunded, disputed, buyers, sellers] = await Promise.all([
      count('created_at'),
      count('paid_at', sql`and paid_at is not null`, sql`sum(price_fen)`),
      count(
        'coalesce(confirmed_at, updated_at)',
        sql`and status in (${sql.join(FINISHED)})`,
        sql`sum(buyer_fee_fen + seller_fee_fen)`,
      ),
      count('updated_at', sql`and status = ${OrderStatus.RETURNED}`),
      count('receipt_refused_at', sql`and receipt_refused_at is not null`),
      firstPaid(db, grain, from, to, 'buyer_user_id'),
      firstPaid(db, grain, from, to, 'seller_user_id'),
    ]);
    const parties = [placed, paid, finished, refunded, disputed, buyers, sellers].flat().map((r) => Number(r.party));
    const uids = await uidsOf(db, [...new Set(parties)]);
    const ab = (party: number) => abGroupOf(uids.get(Number(party)) ?? '');
    const facts = (rows: Counted[], counted: StatsMetric, summed?: StatsMetric) => factsOf(rows, ab, counted, summed);
    return [
      ...facts(placed, 'orders_placed'),
      ...facts(paid, 'orders_paid', 'gmv_fen'),
      ...facts(finished, 'orders_finished', 'fee_fen'),
      ...facts(refunded, 'orders_refunded'),
      ...facts(disputed, 'orders_disputed'),
      ...facts(buyers, 'new_buyers'),
      ...facts(sellers, 'new_sellers'),
    ];
  },
};

const dims = (party = sql`buyer_user_id`) => sql`application_id as game, type::text as goods_type, ${party} as party`;

async function orderCounts(
  db: Db,
  grain: Grain,
  from: Date,
  to: Date,
  at: string,
  where: ReturnType<typeof sql>,
  fen: ReturnType<typeof sql>,
): Promise<Counted[]> {
  const time = sql.raw(at);
  const bucket = bucketOf(time, grain);
  const { rows } = await sql<Counted>`
    select ${bucket} as bucket, ${dims()}, count(*) as n, ${fen} as fen
    from orders
    where ${time} >= ${from} and ${time} < ${to} ${where}
    group by 1, 2, 3, 4`.execute(db);
  return rows;
}

/** Each user's first paid order (as buyer or as seller) that falls in the range. */
async function firstPaid(db: Db, grain: Grain, from: Date, to: Date, who: 'buyer_user_id' | 'seller_user_id') {
  const party = sql.raw(who);
  const bucket = bucketOf(sql`paid_at`, grain);
  const { rows } = await sql<Counted>`
    select ${bucket} as bucket, ${dims(party)}, count(*) as n, null as fen
    from (
      select *, row_number() over (partition by ${party} order by paid_at, id) as nth
      from orders where paid_at is not null and paid_at < ${to}
    ) firsts
    where nth = 1 and paid_at >= ${from}
    group by 1, 2, 3, 4`.execute(db);
  return rows;
}

/** Rows per party summed into facts per A/B group. */
function factsOf(
  rows: Counted[],
  ab: (party: number) => string,
  counted: StatsMetric,
  summed?: StatsMetric,
): FactRow[] {
  const out = new Map<string, FactRow[]>();
  for (const r of rows) {
    const bucket = new Date(r.bucket);
    const abGroup = ab(r.party);
    const key = JSON.stringify([bucket.getTime(), r.game, r.goods_type, abGroup]);
    let found = out.get(key);
    if (!found) {
      const base = { bucket, game: r.game, serverGroup: '', goodsType: r.goods_type, scene: '', abGroup };
      found = [{ ...base, metric: counted, value: 0 }];
      if (summed) found.push({ ...base, metric: summed, value: 0 });
      out.set(key, found);
    }
    const [count, sum] = found as [FactRow, FactRow | undefined];
    count.value += Number(r.n);
    if (sum) sum.value += Number(r.fen ?? 0);
  }
  return [...out.values()].flat();
}
