import type { RoleSnapshot } from '@app/game-partner/partner-types';
import { CommodityType } from '@app/protocol/commodity';
import { ErrorCode } from '@app/protocol/errors';
import type { SellRules } from '@app/protocol/sell-rules';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { itemsListedSince, roleHoldings, roleTakenBackSince } from '../exchange/listings';

/**
 * Why a role may not be listed as a whole now, in the order the game's client checks: its
 * conditions (30307), coins or props it has on the shelf (30048), the wait after a take-back (30105).
 */
export async function roleRefusal(
  db: DbHandle,
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
  const held = await roleHoldings(db, gameId, snap.roleId, [CommodityType.COIN, CommodityType.PROP]);
  if (held.includes(CommodityType.COIN)) return new AppError(ErrorCode.ROLE_HAS_COIN_LISTINGS);
  if (held.length > 0) return new AppError(ErrorCode.BAD_PARAMS, '该角色有寄售中的道具，请先取回后再寄售角色');
  const lastBack = await roleTakenBackSince(db, gameId, snap.roleId, new Date(now - rules.onShelfLimit * 60_000));
  if (lastBack) {
    const minutes = Math.ceil((lastBack.getTime() + rules.onShelfLimit * 60_000 - now) / 60_000);
    return new AppError(
      ErrorCode.RELIST_TOO_SOON,
      `角色取回后需等待${rules.onShelfLimit}分钟才能再次上架，请${minutes}分钟后再试`,
    );
  }
  return null;
}

/** Why one prop may not be listed: blacklisted, frozen, or listed in the last itemCooldownDays days. */
export async function itemRefusals(
  db: DbHandle,
  gameId: string,
  items: Array<{ id: string; name: string; tradable: boolean; frozen: boolean }>,
  rules: SellRules,
  now: number,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (items.length === 0) return out;
  const recentIds = await itemsListedSince(
    db,
    gameId,
    items.map((i) => i.id),
    new Date(now - rules.itemCooldownDays * 86_400_000),
  );
  for (const item of items) {
    if (!item.tradable) out.set(item.id, '该道具不可交易');
    else if (item.frozen) out.set(item.id, '该道具已在寄售中');
    else if (recentIds.has(item.id)) out.set(item.id, `该道具${rules.itemCooldownDays}天内已寄售过，暂不能再次寄售`);
  }
  return out;
}
