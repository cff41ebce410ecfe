import { randomBytes } from 'node:crypto';
import type {
  FreezeInput,
  FreezeResult,
  ReclaimRecord,
  TransferInput,
  TransferRecord,
  TransferResult,
} from '@app/game-partner/partner-types';
import { GameError } from './game-error';
import type { Role, World } from './model';
import { activePreLock, consignedRecently, findRole, findToken, frozenAmount, isOnline, serverOf } from './world';

/** What a partner (the exchange) may change in the game world. Each runs inside one store change. */

export function verifyToken(w: World, token: string, now: number) {
  const t = findToken(w, token, now);
  const role = t.roleId ? w.roles.find((r) => r.id === t.roleId) : undefined;
  return {
    accountId: t.accountId,
    serverId: t.serverId,
    roleId: t.roleId,
    online: role ? isOnline(role, now) : false,
    expiresAt: t.expiresAt,
  };
}

/** Where a listing id already holds something (a listing id freezes one thing on one role). */
function holder(w: World, listingId: string): Role | undefined {
  return w.roles.find(
    (r) => r.frozenBy === listingId || r.frozenCoins[listingId] || r.items.some((i) => i.frozenBy === listingId),
  );
}

function freezeRole(w: World, role: Role, input: Extract<FreezeInput, { kind: 'role' }>, now: number) {
  if (role.frozenBy) throw new GameError('FROZEN_BY_OTHER_LISTING', '角色已被其他商品冻结');
  const lock = activePreLock(role, now);
  if (input.prePublishLockId) {
    if (lock?.id !== input.prePublishLockId)
      throw new GameError('NOT_FOUND', '寄售码锁定不存在或已过期，请重新获取寄售码');
  } else if (lock) throw new GameError('FROZEN_BY_OTHER_LISTING', '角色已被寄售码锁定');
  if (role.items.some((i) => i.frozenBy) || Object.keys(role.frozenCoins).length > 0)
    throw new GameError('FROZEN_BY_OTHER_LISTING', '该角色有正在寄售的游戏币或道具');
  role.frozenBy = input.listingId;
  role.prePublishLock = null;
  role.lastConsignedAt = now;
  w.keys = w.keys.filter((k) => k.roleId !== role.id);
}

function freezeCoins(role: Role, input: Extract<FreezeInput, { kind: 'coins' }>) {
  const total = role.coins[input.coinType];
  if (total === undefined) throw new GameError('NOT_FOUND', '没有这种游戏币');
  if (total - frozenAmount(role, input.coinType) < input.amount) throw new GameError('INSUFFICIENT', '游戏币数量不足');
  role.frozenCoins[input.listingId] = { coinType: input.coinType, amount: input.amount };
}

function freezeItems(role: Role, listingId: string, itemIds: string[], now: number) {
  const items = itemIds.map((id) => {
    const item = role.items.find((i) => i.id === id);
    if (!item) throw new GameError('NOT_FOUND', '物品不存在');
    if (!item.tradable) throw new GameError('BLACKLISTED', `${item.name}不可交易`);
    if (item.frozenBy) throw new GameError('FROZEN_BY_OTHER_LISTING', `${item.name}已被其他商品冻结`);
    if (consignedRecently(item, now))
      throw new GameError('CONSIGNED_RECENTLY', `${item.name}30天内已寄售过，暂不能再次寄售`);
    return item;
  });
  for (const item of items) {
    item.frozenBy = listingId;
    item.consignedAt = now;
  }
}

/** Is this exactly what the listing froze already? */
function sameFreeze(role: Role, input: FreezeInput): boolean {
  if (input.kind === 'role') return role.frozenBy === input.listingId;
  if (input.kind === 'coins') {
    const held = role.frozenCoins[input.listingId];
    return held?.coinType === input.coinType && held.amount === input.amount;
  }
  const held = role.items.filter((i) => i.frozenBy === input.listingId).map((i) => i.id);
  return held.length === new Set(input.itemIds).size && input.itemIds.every((id) => held.includes(id));
}

/** Freezes a role, coins or items under a listing; the same freeze again is a no-op answer. */
export function freeze(w: World, input: FreezeInput, now: number): FreezeResult {
  const role = findRole(w, input.roleId);
  const answer = (already: boolean): FreezeResult => ({ listingId: input.listingId, kind: input.kind, already });
  if (sameFreeze(role, input)) return answer(true);
  if (w.transfers[input.listingId] || holder(w, input.listingId))
    throw new GameError('ALREADY_FROZEN', '该商品已冻结或交付了其他内容');
  if (input.requireOnline && !isOnline(role, now))
    throw new GameError('ROLE_OFFLINE', '角色已掉线，请重新登录游戏再次尝试');
  if (input.kind === 'role') {
    freezeRole(w, role, input, now);
    return answer(false);
  }
  if (role.frozenBy) throw new GameError('FROZEN_BY_OTHER_LISTING', '角色已被冻结');
  if (activePreLock(role, now)) throw new GameError('FROZEN_BY_OTHER_LISTING', '角色已被寄售码锁定');
  if (input.kind === 'coins') freezeCoins(role, input);
  else freezeItems(role, input.listingId, [...new Set(input.itemIds)], now);
  return answer(false);
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
  return { listingId: input.listingId, released };
}

function transferRole(w: World, role: Role, input: TransferInput, now: number): TransferRecord {
  if (role.accountId === input.buyerAccountId) throw new GameError('BAD_REQUEST', '买家与卖家是同一账号');
  const server = serverOf(w, role.serverId);
  const used = w.roles.filter((r) => r.accountId === input.buyerAccountId && r.serverId === role.serverId).length;
  if (used >= server.roleSlots) throw new GameError('NO_ROLE_SLOT', '买家在该区服没有空闲角色位');
  const from = role.accountId;
  role.accountId = input.buyerAccountId;
  role.frozenBy = null;
  role.lastHeartbeatAt = null;
  role.safeZone = true;
  w.tokens = w.tokens.filter((t) => t.roleId !== role.id);
  return { kind: 'role', from, to: input.buyerAccountId, at: now };
}

function transferGoods(w: World, role: Role, input: TransferInput, now: number): TransferRecord {
  const coins = role.frozenCoins[input.listingId];
  const items = role.items.filter((i) => i.frozenBy === input.listingId);
  if (!coins && items.length === 0) throw new GameError('NOT_FROZEN', '该商品没有冻结的物品，无法交付');
  const buyerRole = input.buyerRoleId ? w.roles.find((r) => r.id === input.buyerRoleId) : undefined;
  if (!buyerRole || buyerRole.accountId !== input.buyerAccountId) throw new GameError('NOT_FOUND', '买家角色不存在');
  if (buyerRole.id === role.id) throw new GameError('BAD_REQUEST', '买家与卖家是同一角色');
  if (serverOf(w, buyerRole.serverId).masterServerId !== serverOf(w, role.serverId).masterServerId)
    throw new GameError('SERVER_MISMATCH', '买家角色不在同一主服，无法交付');
  if (coins) {
    role.coins[coins.coinType] = (role.coins[coins.coinType] ?? 0) - coins.amount;
    buyerRole.coins[coins.coinType] = (buyerRole.coins[coins.coinType] ?? 0) + coins.amount;
    delete role.frozenCoins[input.listingId];
    return { kind: 'coins', from: role.id, to: buyerRole.id, at: now, coinType: coins.coinType, amount: coins.amount };
  }
  role.items = role.items.filter((i) => i.frozenBy !== input.listingId);
  for (const item of items) buyerRole.items.push({ ...item, frozenBy: null, place: 'bag' });
  return { kind: 'items', from: role.id, to: buyerRole.id, at: now, itemIds: items.map((i) => i.id) };
}

/** Moves what the listing froze to the buyer. A repeat answers the first result; nothing half-moves. */
export function transfer(w: World, input: TransferInput, now: number): Omit<TransferResult, 'signature'> {
  const done = w.transfers[input.listingId];
  if (done) return { listingId: input.listingId, ...done, repeated: true };
  if (!w.accounts.some((a) => a.id === input.buyerAccountId)) throw new GameError('NOT_FOUND', '买家账号不存在');
  const role = findRole(w, input.roleId);
  const record =
    role.frozenBy === input.listingId ? transferRole(w, role, input, now) : transferGoods(w, role, input, now);
  w.transfers[input.listingId] = record;
  return { listingId: input.listingId, ...record, repeated: false };
}

/**
 * Customer service upheld a buyer's complaint: what the listing's transfer moved goes back to the
 * seller, if the buyer still has all of it (a spent coin or a used item cannot come back: refused,
 * nothing moves). A repeat answers the first reclaim.
 */
export function reclaim(w: World, input: { listingId: string; roleId: string }, now: number) {
  const done = w.reclaims?.[input.listingId];
  if (done) return { listingId: input.listingId, ...done, repeated: true };
  const moved = w.transfers[input.listingId];
  if (!moved?.from) throw new GameError('NOT_FOUND', '该商品没有可退回的交付');
  let record: ReclaimRecord;
  if (moved.kind === 'role') {
    const role = findRole(w, input.roleId);
    if (role.accountId !== moved.to) throw new GameError('RECLAIM_IMPOSSIBLE', '角色已不在买家账号中，无法退回');
    const server = serverOf(w, role.serverId);
    const used = w.roles.filter((r) => r.accountId === moved.from && r.serverId === role.serverId).length;
    if (used >= server.roleSlots) throw new GameError('NO_ROLE_SLOT', '卖家在该区服没有空闲角色位，无法退回');
    role.accountId = moved.from;
    role.lastHeartbeatAt = null;
    w.tokens = w.tokens.filter((t) => t.roleId !== role.id);
    record = { kind: 'role', to: moved.from, at: now };
  } else {
    const buyerRole = w.roles.find((r) => r.id === moved.to);
    const sellerRole = w.roles.find((r) => r.id === moved.from);
    if (!buyerRole || !sellerRole) throw new GameError('NOT_FOUND', '角色不存在');
    if (moved.kind === 'coins') {
      const type = moved.coinType ?? '';
      const amount = moved.amount ?? 0;
      const free = (buyerRole.coins[type] ?? 0) - frozenAmount(buyerRole, type);
      if (free < amount) throw new GameError('RECLAIM_IMPOSSIBLE', '买家的游戏币已不足，无法退回');
      buyerRole.coins[type] = (buyerRole.coins[type] ?? 0) - amount;
      sellerRole.coins[type] = (sellerRole.coins[type] ?? 0) + amount;
    } else {
      const ids = moved.itemIds ?? [];
      const items = buyerRole.items.filter((i) => ids.includes(i.id) && !i.frozenBy);
      if (items.length !== ids.length) throw new GameError('RECLAIM_IMPOSSIBLE', '买家已使用或转移了物品，无法退回');
      buyerRole.items = buyerRole.items.filter((i) => !ids.includes(i.id));
      for (const item of items) sellerRole.items.push({ ...item, place: 'bag' });
    }
    record = { kind: moved.kind, to: sellerRole.id, at: now };
  }
  w.reclaims = { ...w.reclaims, [input.listingId]: record };
  return { listingId: input.listingId, ...record, repeated: false };
}

const TICKET_TTL_MS = 10 * 60_000;

/**
 * A one-time login ticket for an account's role, for the exchange to hand to a seller it has
 * verified (manual pre-sale screenshots): the host page logs in with it and selects that role.
 */
export function issueLoginTicket(w: World, input: { accountId: string; roleId: string }, now: number) {
  const role = findRole(w, input.roleId);
  if (role.accountId !== input.accountId) throw new GameError('NOT_FOUND', '角色不属于该账号');
  const ticket = randomBytes(18).toString('base64url');
  w.tickets = [
    ...(w.tickets ?? []).filter((t) => t.expiresAt > now),
    {
      ticket,
      accountId: input.accountId,
      roleId: role.id,
      expiresAt: now + TICKET_TTL_MS,
    },
  ];
  return { ticket, expiresAt: now + TICKET_TTL_MS, loginPath: `/host?ticket=${ticket}` };
}
