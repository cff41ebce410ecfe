import type { RoleSnapshot } from '@app/game-partner/partner-types';
import { ErrorCode } from '@app/protocol/errors';
import type { SellRules } from '@app/protocol/sell-rules';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';

/** Statuses in which a listing still holds something frozen in the game. */
export const HOLDING = [
  ListingStatus.ON_SALE,
  ListingStatus.DELISTED,
  ListingStatus.SELLING,
  ListingStatus.LISTING,
  ListingStatus.RETRIEVING,
  ListingStatus.RETRIEVE_FAILED,
  ListingStatus.FROZEN,
];

/**
 * Why a role may not be listed as a whole now, in the order the game's client checks: its
 * conditions (30307), coins or props it has on the shelf (30048), the wait after a take-back (30105).
 */
export async function roleRefusal(
  db: Db,
  gameId: string,
  snap: Pick<RoleSnapshot, 'roleId' | 'level' | 'recharge'>,
  rules: SellRules,
  now: number,
): Promise<AppError | null> {
  if (snap.level < rules.roleMinLevel || snap.recharge < rules.roleMinRecharge)
    return new AppError(
      ErrorCode.SALE_CONDITION_UNMET,
      `角色未满足寄售条件（需${rules.roleMinLevel}级以上${rules.roleMinRecharge > 0 ? `，累计充值${rules.roleMinRecharge / 100}元以上` : ''}）`,
    );
  const held = await db
    .selectFrom('commodities')
    .select(['type'])
    .where('application_id', '=', gameId)
    .where('game_role_id', '=', snap.roleId)
    .where('status', 'in', HOLDING)
    .where('type', 'in', [2, 3])
    .execute();
  if (held.some((h) => h.type === 2)) return new AppError(ErrorCode.ROLE_HAS_COIN_LISTINGS);
  if (held.length > 0) return new AppError(ErrorCode.BAD_PARAMS, '该角色有寄售中的道具，请先取回后再寄售角色');
  const lastBack = await db
    .selectFrom('commodities')
    .select('taken_back_at')
    .where('application_id', '=', gameId)
    .where('game_role_id', '=', snap.roleId)
    .where('type', '=', 1)
    .where('taken_back_at', '>', new Date(now - rules.onShelfLimit * 60_000))
    .orderBy('taken_back_at', 'desc')
    .executeTakeFirst();
  if (lastBack?.taken_back_at) {
    const minutes = Math.ceil((lastBack.taken_back_at.getTime() + rules.onShelfLimit * 60_000 - now) / 60_000);
    return new AppError(
      ErrorCode.RELIST_TOO_SOON,
      `角色取回后需等待${rules.onShelfLimit}分钟才能再次上架，请${minutes}分钟后再试`,
    );
  }
  return null;
}

/** Why one prop may not be listed: blacklisted, frozen, or listed in the last itemCooldownDays days. */
export async function itemRefusals(
  db: Db,
  gameId: string,
  items: Array<{ id: string; name: string; tradable: boolean; frozen: boolean }>,
  rules: SellRules,
  now: number,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (items.length === 0) return out;
  const since = new Date(now - rules.itemCooldownDays * 86_400_000);
  const recent = await db
    .selectFrom('commodities')
    .select('item_ids')
    .where('application_id', '=', gameId)
    .where('type', '=', 3)
    .where('status', '!=', ListingStatus.LISTING_FAILED)
    .where('published_at', '>', since)
    .where((eb) => eb.or(items.map((i) => sql<boolean>`item_ids @> ${JSON.stringify([i.id])}::jsonb`)))
    .execute();
  const recentIds = new Set(recent.flatMap((r) => r.item_ids));
  for (const item of items) {
    if (!item.tradable) out.set(item.id, '该道具不可交易');
    else if (item.frozen) out.set(item.id, '该道具已在寄售中');
    else if (recentIds.has(item.id)) out.set(item.id, `该道具${rules.itemCooldownDays}天内已寄售过，暂不能再次寄售`);
  }
  return out;
}
