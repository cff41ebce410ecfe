import type { AccountInfo, CoinBalance, ItemInfo, RoleSnapshot, RoleSummary } from '@app/game-partner/partner-types';
import { GameError } from './game-error';
import type { Item, Role, World } from './model';
import { activePreLock, findRole, frozenAmount, isOnline, jobId, serverOf, skillsOf } from './world';

/** What a partner may read of the game world (no changes here). */

/** The stats each kind of item rolls (衣服, 武器, 特戒, 首饰, 时装, 专属首饰, 其他). */
const STATS: Record<Item['subType'], ReadonlyArray<[string, number, 'range' | 'plus' | 'percent']>> = {
  1: [
    ['防御', 40, 'range'],
    ['魔御', 30, 'range'],
    ['生命', 300, 'plus'],
  ],
  2: [
    ['攻击', 60, 'range'],
    ['准确', 8, 'plus'],
    ['幸运', 3, 'plus'],
  ],
  3: [
    ['暴击', 6, 'percent'],
    ['攻击', 30, 'range'],
  ],
  4: [
    ['魔法', 40, 'range'],
    ['道术', 30, 'range'],
  ],
  5: [
    ['经验加成', 10, 'percent'],
    ['生命', 200, 'plus'],
  ],
  6: [
    ['全属性', 12, 'plus'],
    ['暴击', 4, 'percent'],
  ],
  7: [['耐久', 50, 'plus']],
};

/** An item's attributes: the same for the same item on every read (drawn from its id). */
export function itemAttributes(i: Pick<Item, 'id' | 'subType'>): Array<{ name: string; value: string }> {
  let seed = 7;
  for (const ch of i.id) seed = (seed * 31 + ch.charCodeAt(0)) % 1_000_003;
  return STATS[i.subType].map(([name, base, kind], k) => {
    const roll = base + ((seed >> k) % Math.max(2, Math.round(base / 2)));
    const value = kind === 'range' ? `${roll}-${Math.round(roll * 1.5)}` : kind === 'plus' ? `+${roll}` : `+${roll}%`;
    return { name, value };
  });
}

const itemInfo = (i: Item): ItemInfo => ({
  id: i.id,
  name: i.name,
  subType: i.subType,
  attributes: itemAttributes(i),
  place: i.place,
  tradable: i.tradable,
  frozen: i.frozenBy !== null,
  listingId: i.frozenBy,
});

export const coinBalances = (role: Role): CoinBalance[] =>
  Object.entries(role.coins).map(([coinType, total]) => {
    const frozen = frozenAmount(role, coinType);
    return { coinType, total, frozen, available: total - frozen };
  });

export const roleSummary = (role: Role, now: number): RoleSummary => ({
  id: role.id,
  accountId: role.accountId,
  serverId: role.serverId,
  name: role.name,
  roleClass: role.roleClass,
  jobId: jobId(role),
  level: role.level,
  power: role.power,
  createdAt: role.createdAt,
  recharge: role.recharge,
  online: isOnline(role, now),
  locked: role.frozenBy !== null || activePreLock(role, now) !== null,
});

export function accountInfo(w: World, accountId: string): AccountInfo {
  const account = w.accounts.find((a) => a.id === accountId);
  if (!account) throw new GameError('NOT_FOUND', '账号不存在');
  return {
    accountId,
    name: account.name,
    loginSuccessTimes: account.loginCount,
    slots: w.servers.map((s) => ({
      serverId: s.id,
      used: w.roles.filter((r) => r.accountId === accountId && r.serverId === s.id).length,
      limit: s.roleSlots,
    })),
  };
}

export function roleSnapshot(w: World, roleId: string, now: number): RoleSnapshot {
  const role = findRole(w, roleId);
  const at = (place: Item['place']) => role.items.filter((i) => i.place === place).map(itemInfo);
  return {
    roleId: role.id,
    accountId: role.accountId,
    serverId: role.serverId,
    serverName: serverOf(w, role.serverId).name,
    name: role.name,
    jobId: jobId(role),
    jobName: role.roleClass,
    level: role.level,
    roleAtt: role.power,
    createTime: Math.floor(role.createdAt / 1000),
    recharge: role.recharge,
    online: isOnline(role, now),
    safeZone: role.safeZone,
    signature: role.signature ?? '',
    coins: coinBalances(role),
    equipment: at('equipment'),
    bag: at('bag'),
    warehouse: at('warehouse'),
    skills: skillsOf(role),
  };
}

export function itemList(w: World, roleId: string) {
  const role = findRole(w, roleId);
  return { roleId, items: role.items.map(itemInfo), blacklist: w.blacklist };
}
