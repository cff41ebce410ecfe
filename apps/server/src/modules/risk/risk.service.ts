import { ErrorCode } from '@app/protocol/errors';
import {
  type OpsRiskSignal,
  type RiskAction,
  type RiskKind,
  type RiskStatus,
  riskKindLabel,
} from '@app/protocol/ops-risk';
import { crowdedDevices, sharedSeen } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { countedPage } from '../../platform/db/page';
import { AppError } from '../../platform/errors';
import { type ListingPriceFacts, listingPriceFacts } from '../exchange/listing-stats';
import { crowdedIdentities, sameIdentity } from '../identity/shared-identities';
import { orderNumbers, ordersPaidAfter, refusingBuyers } from '../orders/order.queries';
import { priceIndexOf } from '../stats/price-index';
import { registeredAt, uidsOf } from '../user/user.queries';
import { riskDb } from './risk.tables';

/**
 * Risk signals (docs/decisions/0071-risk-signals.md): the sweep leader reads what the owning modules
 * answer (paid orders and refused receipts, sessions' addresses and devices, verified ID numbers) and
 * raises each signal once per kind and subject; staff dismiss it or act on it with a note.
 */
export const RISK_RULES = {
  /** A role at least this price (fen) sold by an account younger than NEW_ACCOUNT_DAYS. */
  highValueRoleFen: 500_000,
  newAccountDays: 7,
  /** Accounts on one device or one ID number that make a signal. */
  accountsPerDevice: 3,
  accountsPerIdentity: 3,
  /** Refused receipts by one buyer in 24 hours that make a signal. */
  refusalsPerDay: 3,
  /** A paid order priced below a third or above three times its kind's median (the index's trim, decision 0065)… */
  priceBandFactor: 3,
  /** …over the last this many days of finished trades, when there were at least `priceBandMinTrades`. */
  priceBandDays: 30,
  priceBandMinTrades: 5,
  /** Paid orders read per sweep run. */
  batch: 500,
} as const;

const beijingDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/**
 * The reference of an order's kind: the median of the game's finished trades of its type, kind
 * and level band over the last days (the 行情 index; coins per 万), or null with too few trades.
 * Asked once per kind in a run.
 */
function referenceBands(db: Db, now: number) {
  const seen = new Map<string, Promise<number | null>>();
  return (f: ListingPriceFacts): Promise<number | null> => {
    const key = JSON.stringify([f.game, f.type, f.kind, f.levelBand]);
    let found = seen.get(key);
    if (!found) {
      found = priceIndexOf(db, f.game, {
        type: f.type as 1 | 2 | 3,
        kind: f.kind,
        masterServerId: '',
        levelBand: f.levelBand,
        from: beijingDay(now - (RISK_RULES.priceBandDays - 1) * 86_400_000),
        to: beijingDay(now),
      }).then((index) =>
        index.range && index.range.trades + index.range.trimmed >= RISK_RULES.priceBandMinTrades
          ? index.range.median
          : null,
      );
      seen.set(key, found);
    }
    return found;
  };
}

interface Raised {
  kind: RiskKind;
  subject: string;
  userIds: number[];
  orderIds?: number[];
  evidence: string;
}

async function raise(db: DbHandle, s: Raised): Promise<boolean> {
  const row = await riskDb(db)
    .insertInto('risk_signals')
    .values({
      kind: s.kind,
      subject: s.subject,
      user_ids: JSON.stringify(s.userIds),
      order_ids: JSON.stringify(s.orderIds ?? []),
      evidence: s.evidence,
    })
    .onConflict((oc) => oc.columns(['kind', 'subject']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

const CURSOR = 'paid-orders';
const mask = (v: string) => (v.length > 8 ? `${v.slice(0, 4)}…${v.slice(-4)}` : v);

/** One run of the risk sweep: answers how many signals of each kind it raised (a rerun raises none again). */
export async function detectRisks(db: Db, now = Date.now()): Promise<Record<string, number>> {
  const raised: Record<RiskKind, number> = {
    washTrade: 0,
    newSellerHighValue: 0,
    sharedDevice: 0,
    sharedIdentity: 0,
    refusalBurst: 0,
    priceOutOfBand: 0,
  };
  const count = async (s: Raised) => {
    if (await raise(db, s)) raised[s.kind]++;
  };
  const cursor = await riskDb(db)
    .selectFrom('risk_cursors')
    .select('position')
    .where('name', '=', CURSOR)
    .executeTakeFirst();
  const paid = await ordersPaidAfter(db, new Date(Number(cursor?.position ?? 0)), RISK_RULES.batch);
  const [born, facts] = await Promise.all([
    registeredAt(
      db,
      paid.map((o) => o.sellerUserId),
    ),
    listingPriceFacts(
      db,
      paid.map((o) => o.commodityId),
    ),
  ]);
  const reference = referenceBands(db, now);
  for (const o of paid) {
    if (o.buyerUserId !== o.sellerUserId) {
      const [seen, sameId] = await Promise.all([
        sharedSeen(db, o.buyerUserId, o.sellerUserId),
        sameIdentity(db, o.buyerUserId, o.sellerUserId),
      ]);
      // A shared address alone is no trace (many players share one behind a carrier NAT): it backs a device or an ID.
      const traces = [
        ...(sameId ? ['同一身份证号实名'] : []),
        ...(seen.devices.length ? [`共用设备 ${seen.devices.map(mask).join('、')}`] : []),
      ];
      if (traces.length && seen.ips.length) traces.push(`共用登录地址 ${seen.ips.join('、')}`);
      if (traces.length)
        await count({
          kind: 'washTrade',
          subject: `order:${o.id}`,
          userIds: [o.buyerUserId, o.sellerUserId],
          orderIds: [o.id],
          evidence: `订单 ${o.orderNo} 买卖双方${traces.join('；')}`,
        });
    }
    const since = born.get(o.sellerUserId);
    if (
      o.type === 1 &&
      o.priceFen >= RISK_RULES.highValueRoleFen &&
      since &&
      o.paidAt.getTime() - since.getTime() < RISK_RULES.newAccountDays * 86_400_000
    )
      await count({
        kind: 'newSellerHighValue',
        subject: `order:${o.id}`,
        userIds: [o.sellerUserId],
        orderIds: [o.id],
        evidence: `注册${Math.max(0, Math.floor((o.paidAt.getTime() - since.getTime()) / 86_400_000))}天的账号售出¥${(o.priceFen / 100).toFixed(2)}的角色（订单 ${o.orderNo}）`,
      });
  }
  for (const o of paid) {
    const f = facts.get(o.commodityId);
    if (!f?.kind || (f.type === 2 && !f.coinNum)) continue;
    const median = await reference(f);
    if (median === null || median <= 0) continue;
    // Coins compare per 万 as the index keeps them; roles and props by their price.
    const unit = f.type === 2 && f.coinNum ? (o.priceFen * 10_000) / f.coinNum : o.priceFen;
    const ratio = unit / median;
    if (ratio * RISK_RULES.priceBandFactor >= 1 && ratio <= RISK_RULES.priceBandFactor) continue;
    const per = f.type === 2 ? '每万' : '';
    await count({
      kind: 'priceOutOfBand',
      subject: `order:${o.id}`,
      userIds: [o.sellerUserId, o.buyerUserId],
      orderIds: [o.id],
      evidence: `订单 ${o.orderNo} 成交价${per}${yuan(Math.round(unit))}，为近${RISK_RULES.priceBandDays}天同类成交中位价${per}${yuan(median)}的${ratio < 1 ? ratio.toFixed(2) : ratio.toFixed(1)}倍`,
    });
  }
  const last = paid.at(-1);
  if (last)
    await riskDb(db)
      .insertInto('risk_cursors')
      .values({ name: CURSOR, position: last.paidAt.getTime() })
      .onConflict((oc) => oc.column('name').doUpdateSet({ position: last.paidAt.getTime() }))
      .execute();
  for (const d of await crowdedDevices(db, RISK_RULES.accountsPerDevice))
    await count({
      kind: 'sharedDevice',
      subject: `device:${d.deviceId}:${d.userIds.length}`,
      userIds: d.userIds,
      evidence: `${d.userIds.length}个账号在同一设备（${mask(d.deviceId)}）登录`,
    });
  for (const i of await crowdedIdentities(db, RISK_RULES.accountsPerIdentity))
    await count({
      kind: 'sharedIdentity',
      subject: `identity:${i.fingerprint.slice(0, 24)}:${i.userIds.length}`,
      userIds: i.userIds,
      evidence: `同一身份证号已在${i.userIds.length}个账号完成实名`,
    });
  const day = new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
  for (const b of await refusingBuyers(db, new Date(now - 86_400_000), RISK_RULES.refusalsPerDay))
    await count({
      kind: 'refusalBurst',
      subject: `refusals:${b.buyerUserId}:${day}`,
      userIds: [b.buyerUserId],
      orderIds: b.orderIds,
      evidence: `24小时内拒绝收货${b.orderIds.length}次`,
    });
  return raised;
}

/** A page of signals, newest first, by status (and kind), with the users' UIDs and the order numbers. */
export async function listSignals(
  db: Db,
  query: { page: number; pageSize: number; status: RiskStatus; kind?: RiskKind | undefined },
): Promise<{ list: OpsRiskSignal[]; total: number }> {
  const base = riskDb(db)
    .selectFrom('risk_signals')
    .where('status', '=', query.status)
    .$if(query.kind !== undefined, (qb) => qb.where('kind', '=', query.kind as RiskKind));
  const { rows, total } = await countedPage(base, base.selectAll().orderBy('id', 'desc'), query);
  const [uids, numbers] = await Promise.all([
    uidsOf(
      db,
      rows.flatMap((r) => r.user_ids),
    ),
    orderNumbers(
      db,
      rows.flatMap((r) => r.order_ids),
    ),
  ]);
  return {
    total,
    list: rows.map((r) => ({
      signalId: String(r.id),
      kind: r.kind as RiskKind,
      kindLabel: riskKindLabel[r.kind as RiskKind] ?? r.kind,
      evidence: r.evidence,
      users: r.user_ids.map((id) => ({ userId: String(id), uid: uids.get(id) ?? '' })),
      orders: r.order_ids.map((id) => ({ orderId: String(id), orderNo: numbers.get(id) ?? '' })),
      status: r.status,
      action: (r.action as RiskAction | null) ?? null,
      note: r.note,
      decidedBy: r.decided_by === null ? null : String(r.decided_by),
      decidedAt: r.decided_at?.getTime() ?? null,
      createdAt: r.created_at.getTime(),
    })),
  };
}

export async function signalById(db: DbHandle, id: number) {
  const row = await riskDb(db).selectFrom('risk_signals').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '风险信号不存在');
  return row;
}

/** Decides an open signal (once: of two staff at once, the second is told it was decided). */
export async function decideSignal(
  trx: DbHandle,
  id: number,
  decision: { status: 'dismissed' | 'acted'; action: RiskAction | null; note: string; staffId: number },
): Promise<void> {
  const done = await riskDb(trx)
    .updateTable('risk_signals')
    .set({
      status: decision.status,
      action: decision.action,
      note: decision.note,
      decided_by: decision.staffId,
      decided_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  if (!done) throw new AppError(ErrorCode.BAD_PARAMS, '该风险信号已被处理');
}
