import { CommodityType } from '@app/protocol/commodity';
import type { DbHandle } from '../../platform/db/handle';
import { exchangeDb } from './exchange.tables';
import { type Band, bandOf, comparableTrades } from './price-history.queries';

/** What a seller is about to list, for the reference band of the sell form (other modules call this). */
export interface ReferenceSubject {
  applicationId: string;
  type: number;
  masterServerId: string;
  coinType?: number | undefined;
  roleType?: number | null;
  roleLevel?: number | null;
  itemName?: string | null;
  subType?: number | null;
}

export const COIN_REFERENCE_DAYS = 30;
export const GOODS_REFERENCE_DAYS = 90;

/** Unit prices (fen per 10,000) of one coin type's trades since `since`, in one group or the whole game. */
async function coinUnitPrices(db: DbHandle, s: ReferenceSubject, since: Date, group: string | null) {
  let q = exchangeDb(db)
    .selectFrom('market_trades')
    .select(['price_fen', 'coin_num'])
    .where('application_id', '=', s.applicationId)
    .where('type', '=', CommodityType.COIN)
    .where('coin_type', '=', s.coinType ?? -1)
    .where('coin_num', '>', 0)
    .where('sold_at', '>=', since)
    .orderBy('sold_at', 'desc')
    .limit(500);
  if (group) q = q.where('master_server_id', '=', group);
  const rows = await q.execute();
  return rows.map((r) => Math.round((r.price_fen * 10_000) / Number(r.coin_num)));
}

/**
 * The band (p25, median, p75) of finished trades like the subject: coins per 10,000 over 30 days
 * in its master-server group, else the whole game; roles and props as comparableSales compares them.
 */
export async function referenceBand(db: DbHandle, s: ReferenceSubject): Promise<Band | null> {
  if (s.type === CommodityType.COIN) {
    const since = new Date(Date.now() - COIN_REFERENCE_DAYS * 86_400_000);
    const grouped = s.masterServerId ? bandOf(await coinUnitPrices(db, s, since, s.masterServerId)) : null;
    return grouped ?? bandOf(await coinUnitPrices(db, s, since, null));
  }
  const trades = await comparableTrades(exchangeDb(db), {
    application_id: s.applicationId,
    type: s.type,
    role_type: s.roleType ?? null,
    role_level: s.roleLevel ?? null,
    sub_type: s.subType ?? null,
    item_name: s.itemName ?? null,
  });
  return bandOf(trades.map((t) => t.price_fen));
}
