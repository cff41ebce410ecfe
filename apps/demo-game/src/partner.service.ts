import { CONSIGN_COOLDOWN_MS, findRole, findToken, isOnline } from './game.service';
import { GameError } from './game-error';
import type { World } from './model';

/** What a partner (the exchange) may do with the game world. Each runs inside one store change. */
export type FreezeInput =
  | { listingId: string; roleId: string; kind: 'role'; prePublishLockId?: string | undefined }
  | { listingId: string; roleId: string; kind: 'coins'; coinType: string; amount: number }
  | { listingId: string; roleId: string; kind: 'items'; itemIds: string[] };

export function verifyToken(w: World, token: string, now: number) {
  const t = findToken(w, token, now);
  const role = t.roleId ? findRole(w, t.roleId) : null;
  return { accountId: t.accountId, serverId: t.serverId, roleId: t.roleId, online: role ? isOnline(role, now) : false };
}

function freezeRole(w: World, input: Extract<FreezeInput, { kind: 'role' }>, now: number) {
  const role = findRole(w, input.roleId);
  if (role.frozenBy === input.listingId) return { frozen: 'role', already: true };
  const preLock = input.prePublishLockId ? `prepublish:${input.prePublishLockId}` : null;
  if (role.frozenBy && role.frozenBy !== preLock)
    throw new GameError('FROZEN_BY_OTHER_LISTING', '角色已被其他商品冻结');
  if (!preLock && role.lastConsignedAt && now - role.lastConsignedAt < CONSIGN_COOLDOWN_MS) {
    throw new GameError('CONSIGNED_RECENTLY', '该角色30天内已寄售过，暂不能再次寄售');
  }
  if (role.items.some((i) => i.frozenBy) || Object.keys(role.frozenCoins).length > 0) {
    throw new GameError('FROZEN_BY_OTHER_LISTING', '该角色有正在寄售的游戏币或道具');
  }
  role.frozenBy = input.listingId;
  role.lastConsignedAt = now;
  w.keys = w.keys.filter((k) => k.roleId !== role.id);
  return { frozen: 'role', already: false };
}

export function freeze(w: World, input: FreezeInput, now: number) {
  if (input.kind === 'role') return freezeRole(w, input, now);
  const role = findRole(w, input.roleId);
  if (role.frozenBy) throw new GameError('FROZEN_BY_OTHER_LISTING', '角色已被冻结');
  if (input.kind === 'coins') {
    const held = role.frozenCoins[input.listingId];
    if (held) {
      if (held.coinType !== input.coinType || held.amount !== input.amount)
        throw new GameError('ALREADY_FROZEN', '该商品已冻结了不同数量的游戏币');
      return { frozen: 'coins', already: true };
    }
    const reserved = Object.values(role.frozenCoins)
      .filter((f) => f.coinType === input.coinType)
      .reduce((n, f) => n + f.amount, 0);
    if (
      !Number.isInteger(input.amount) ||
      input.amount <= 0 ||
      (role.coins[input.coinType] ?? 0) - reserved < input.amount
    ) {
      throw new GameError('INSUFFICIENT', '游戏币数量不足');
    }
    role.frozenCoins[input.listingId] = { coinType: input.coinType, amount: input.amount };
    return { frozen: 'coins', already: false };
  }
  if (input.itemIds.length === 0) throw new GameError('BAD_REQUEST', '请选择道具');
  const items = input.itemIds.map((id) => {
    const item = role.items.find((i) => i.id === id);
    if (!item) throw new GameError('NOT_FOUND', '物品不存在');
    if (!item.tradable) throw new GameError('BLACKLISTED', `${item.name}不可交易`);
    if (item.frozenBy && item.frozenBy !== input.listingId)
      throw new GameError('FROZEN_BY_OTHER_LISTING', `${item.name}已被其他商品冻结`);
    return item;
  });
  const already = items.every((i) => i.frozenBy === input.listingId);
  for (const item of items) item.frozenBy = input.listingId;
  return { frozen: 'items', already };
}

/** Retrieval: everything the listing froze becomes usable again. Repeatable. */
export function unfreeze(w: World, input: { listingId: string; roleId: string }) {
  const role = findRole(w, input.roleId);
  let released = 0;
  if (role.frozenBy === input.listingId) {
    role.frozenBy = null;
    released++;
  }
  if (role.frozenCoins[input.listingId]) {
    delete role.frozenCoins[input.listingId];
    released++;
  }
  for (const item of role.items) {
    if (item.frozenBy === input.listingId) {
      item.frozenBy = null;
      released++;
    }
  }
  return { released };
}

/** Moves what the listing froze to the buyer. A repeat answers the first result; nothing half-moves. */
export function transfer(
  w: World,
  input: { listingId: string; roleId: string; buyerAccountId: string; buyerRoleId?: string | undefined },
  now: number,
) {
  const done = w.transfers[input.listingId];
  if (done) return { ...done, repeated: true };
  const role = findRole(w, input.roleId);
  if (!w.accounts.some((a) => a.id === input.buyerAccountId)) throw new GameError('NOT_FOUND', '买家账号不存在');
  if (role.frozenBy === input.listingId) {
    const server = w.servers.find((s) => s.id === role.serverId);
    const used = w.roles.filter((r) => r.accountId === input.buyerAccountId && r.serverId === role.serverId).length;
    if (used >= (server?.roleSlots ?? 0)) throw new GameError('NO_ROLE_SLOT', '买家在该区服没有空闲角色位');
    role.accountId = input.buyerAccountId;
    role.frozenBy = null;
    role.lastHeartbeatAt = null;
    w.tokens = w.tokens.filter((t) => t.roleId !== role.id);
    w.transfers[input.listingId] = { kind: 'role', to: input.buyerAccountId, at: now };
    return { ...w.transfers[input.listingId], repeated: false };
  }
  const buyerRole = input.buyerRoleId ? findRole(w, input.buyerRoleId) : null;
  const coins = role.frozenCoins[input.listingId];
  const items = role.items.filter((i) => i.frozenBy === input.listingId);
  if (!coins && items.length === 0) throw new GameError('NOT_FROZEN', '该商品没有冻结的物品，无法交付');
  if (!buyerRole || buyerRole.accountId !== input.buyerAccountId) throw new GameError('NOT_FOUND', '买家角色不存在');
  if (coins) {
    role.coins[coins.coinType] = (role.coins[coins.coinType] ?? 0) - coins.amount;
    buyerRole.coins[coins.coinType] = (buyerRole.coins[coins.coinType] ?? 0) + coins.amount;
    delete role.frozenCoins[input.listingId];
  }
  for (const item of items) {
    role.items = role.items.filter((i) => i.id !== item.id);
    buyerRole.items.push({ ...item, frozenBy: null, place: 'bag' });
  }
  w.transfers[input.listingId] = { kind: coins ? 'coins' : 'items', to: buyerRole.id, at: now };
  return { ...w.transfers[input.listingId], repeated: false };
}
