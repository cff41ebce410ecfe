import { GameError } from './game-error';
import type { Item, Role, Token, World } from './model';
import { classOf } from './profiles';

/** Rules of the world shared by the player API and the partner API. */
const ONLINE_WINDOW_MS = 30_000;
export const TOKEN_TTL_MS = 2 * 3_600_000;
export const KEY_TTL_MS = 30 * 60_000;
const CONSIGN_COOLDOWN_MS = 30 * 86_400_000;

export const isOnline = (role: Pick<Role, 'lastHeartbeatAt'>, now: number) =>
  role.lastHeartbeatAt !== null && now - role.lastHeartbeatAt < ONLINE_WINDOW_MS;

export function findRole(world: World, roleId: string): Role {
  const role = world.roles.find((r) => r.id === roleId);
  if (!role) throw new GameError('NOT_FOUND', '角色不存在');
  return role;
}

export function findToken(world: World, token: string, now: number): Token {
  const found = world.tokens.find((t) => t.token === token);
  if (!found) throw new GameError('TOKEN_INVALID', '登录信息无效，请重新登录游戏');
  if (found.expiresAt <= now) throw new GameError('TOKEN_EXPIRED', '登录已过期，请重新登录游戏');
  return found;
}

/** The role the token plays (selected on the host page or by the login hook). */
export function tokenRole(world: World, token: string, now: number): Role {
  const t = findToken(world, token, now);
  if (!t.roleId) throw new GameError('NOT_FOUND', '请先选择角色');
  return findRole(world, t.roleId);
}

/** The consignment-key lock of a role while it is still valid. */
export const activePreLock = (role: Role, now: number) =>
  role.prePublishLock && role.prePublishLock.expiresAt > now ? role.prePublishLock : null;

/** A prop frozen for a listing in the last 30 days (the game's own rule; roles wait only the exchange's onShelfLimit). */
export const consignedRecently = (item: Item, now: number) =>
  item.consignedAt != null && now - item.consignedAt < CONSIGN_COOLDOWN_MS;

/** Coins of one type set aside by listings. */
export const frozenAmount = (role: Role, coinType: string) =>
  Object.values(role.frozenCoins)
    .filter((f) => f.coinType === coinType)
    .reduce((n, f) => n + f.amount, 0);

export const jobId = (role: Role) => classOf(role.roleClass).index + 1;

export function serverOf(world: World, serverId: string) {
  const server = world.servers.find((s) => s.id === serverId);
  if (!server) throw new GameError('NOT_FOUND', '区服不存在');
  return server;
}

/** The loginInfo of platform-shell §3 in the camelCase of the test hook. */
export function loginInfo(world: World, gameId: string, gameToken: string, role: Role) {
  return {
    gameId,
    serverId: role.serverId,
    serverName: serverOf(world, role.serverId).name,
    gameToken,
    accountId: role.accountId,
    roleId: role.id,
    role: role.name,
    roleLevel: role.level,
    jobId: jobId(role),
    jobName: role.roleClass,
    roleAtt: role.power,
  };
}

/** Skills the role has learned, with their level (derived from the role's level). */
export const skillsOf = (role: Role) =>
  classOf(role.roleClass)
    .profile.skills.slice(0, Math.min(7, 2 + Math.floor(role.level / 15)))
    .map((name, i) => `${name} Lv${Math.min(4, 1 + Math.floor((role.level + i * 7) / 25))}`);
