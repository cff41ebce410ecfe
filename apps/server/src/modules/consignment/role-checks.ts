import type { RoleSnapshot } from '@app/game-partner/partner-types';
import type { RoleRefusalFix } from '@app/protocol/calls/consignment';
import { CommodityType } from '@app/protocol/commodity';
import { ErrorCode } from '@app/protocol/errors';
import type { SellRules } from '@app/protocol/sell-rules';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
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
  if (held.length > 0) return holdingRefusal(held);
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

/**
 * What the seller has to do first when the role's coins or props still hold something in the
 * game, said for the state they are in: on sale → 下架 (then 取回), delisted but still frozen → 取回,
 * being taken back → wait. `data.fix` names the step the sell page leads to (the shelf's tab).
 */
function holdingRefusal(held: Array<{ type: number; status: number }>): AppError {
  const what = held.some((h) => h.type === CommodityType.COIN) ? '游戏币' : '道具';
  const code = held.some((h) => h.type === CommodityType.COIN)
    ? ErrorCode.ROLE_HAS_COIN_LISTINGS
    : ErrorCode.BAD_PARAMS;
  const has = (...statuses: number[]) => held.some((h) => statuses.includes(h.status));
  if (has(ListingStatus.SELLING))
    return new AppError(code, `该角色有交易中的${what}商品，交易完成后才能寄售角色`, { fix: 'wait' });
  if (has(ListingStatus.ON_SALE, ListingStatus.FROZEN))
    return new AppError(code, `该角色有在售的${what}商品，请先下架并取回后再寄售角色`, { fix: 'downShelf' });
  if (has(ListingStatus.DELISTED, ListingStatus.RETRIEVE_FAILED))
    return new AppError(code, `该角色有已下架的${what}仍冻结在游戏中，请先取回后再寄售角色`, { fix: 'takeBack' });
  return new AppError(code, `该角色的${what}正在上架或取回中，完成后即可寄售角色`, { fix: 'wait' });
}

/** The step a holding refusal leads to (`fix` of the sell page's roleRefusal), if it is one. */
export function holdingFix(refusal: AppError): { fix?: RoleRefusalFix } {
  const fix = (refusal.data as { fix?: RoleRefusalFix } | null)?.fix;
  return fix ? { fix } : {};
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
