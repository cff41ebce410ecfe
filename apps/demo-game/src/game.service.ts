import { randomBytes, randomUUID } from 'node:crypto';
import { GameError } from './game-error';
import type { Role, Token, World } from './model';
import type { Store } from './store';

export const ONLINE_WINDOW_MS = 30_000;
export const TOKEN_TTL_MS = 2 * 3_600_000;
export const KEY_TTL_MS = 30 * 60_000;
export const CONSIGN_COOLDOWN_MS = 30 * 86_400_000;

export const isOnline = (role: Role, now: number) =>
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

/** Tells the exchange about a new consignment key (game → exchange, signed by the caller). */
export type KeyNotifier = (key: {
  key: string;
  prePublishLockId: string;
  accountId: string;
  serverId: string;
  roleId: string;
  expiresAt: number;
  screenshots: Array<{ kind: string; url: string }>;
}) => Promise<void>;

/** The role screenshots the game renders (render.routes.ts), as paths under the game's prefix. */
export const SCREENSHOT_KINDS = ['equipment', 'bag', 'warehouse', 'skills'] as const;

/** The game as players use it (host page) — separate from what partners may do. */
export function createGame(store: Store, now: () => number = Date.now, notify?: KeyNotifier) {
  const game = {
    login: (accountId: string, password: string) =>
      store.change((w) => {
        const account = w.accounts.find((a) => a.id === accountId);
        if (!account || account.password !== password) throw new GameError('BAD_LOGIN', '账号或密码错误');
        account.loginCount += 1;
        const token: Token = {
          token: randomBytes(18).toString('base64url'),
          accountId,
          serverId: null,
          roleId: null,
          expiresAt: now() + TOKEN_TTL_MS,
        };
        w.tokens = w.tokens.filter((t) => t.expiresAt > now());
        w.tokens.push(token);
        return { token: token.token, account };
      }),

    selectRole: (token: string, roleId: string) =>
      store.change((w) => {
        const t = findToken(w, token, now());
        const role = findRole(w, roleId);
        if (role.accountId !== t.accountId) throw new GameError('NOT_FOUND', '角色不存在');
        t.serverId = role.serverId;
        t.roleId = role.id;
        role.lastHeartbeatAt = now();
        return role;
      }),

    heartbeat: (token: string) =>
      store.change((w) => {
        const t = findToken(w, token, now());
        if (t.roleId) findRole(w, t.roleId).lastHeartbeatAt = now();
        return true;
      }),

    logout: (token: string) =>
      store.change((w) => {
        const t = w.tokens.find((x) => x.token === token);
        if (t?.roleId) findRole(w, t.roleId).lastHeartbeatAt = null;
        return true;
      }),

    setSafeZone: (token: string, inSafeZone: boolean) =>
      store.change((w) => {
        const t = findToken(w, token, now());
        if (!t.roleId) throw new GameError('NOT_FOUND', '请先选择角色');
        findRole(w, t.roleId).safeZone = inSafeZone;
        return inSafeZone;
      }),

    /** Using or moving a frozen item is refused: it is on sale. */
    useItem: (token: string, itemId: string, action: 'use' | 'move') =>
      store.change((w) => {
        const t = findToken(w, token, now());
        const role = findRole(w, t.roleId ?? '');
        const item = role.items.find((i) => i.id === itemId);
        if (!item) throw new GameError('NOT_FOUND', '物品不存在');
        if (item.frozenBy || role.frozenBy) throw new GameError('ITEM_FROZEN', '该物品已冻结（寄售中），无法使用');
        if (action === 'move') item.place = item.place === 'bag' ? 'warehouse' : 'bag';
        return item;
      }),

    /** 寄售码: only in a safe zone, not for a role consigned in the last 30 days; locks the role. */
    issueConsignmentKey: async (token: string) => {
      const issued = await store.change((w) => {
        const t = findToken(w, token, now());
        const role = findRole(w, t.roleId ?? '');
        if (!role.safeZone) throw new GameError('NOT_IN_SAFE_ZONE', '请在安全区内获取寄售码');
        if (role.lastConsignedAt && now() - role.lastConsignedAt < CONSIGN_COOLDOWN_MS) {
          throw new GameError('CONSIGNED_RECENTLY', '该角色30天内已寄售过，暂不能再次寄售');
        }
        if (role.frozenBy && !role.frozenBy.startsWith('prepublish:'))
          throw new GameError('ALREADY_FROZEN', '角色已在寄售中');
        w.keys = w.keys.filter((k) => k.expiresAt > now() && k.roleId !== role.id);
        const key = {
          key: randomBytes(5).toString('hex').toUpperCase(),
          prePublishLockId: randomUUID(),
          roleId: role.id,
          expiresAt: now() + KEY_TTL_MS,
        };
        w.keys.push(key);
        role.frozenBy = `prepublish:${key.prePublishLockId}`;
        return { ...key, accountId: role.accountId, serverId: role.serverId };
      });
      if (notify) {
        try {
          await notify({
            ...issued,
            screenshots: SCREENSHOT_KINDS.map((kind) => ({
              kind,
              url: `/demo-game/render/role/${issued.roleId}/${kind}.svg`,
            })),
          });
        } catch {
          await game.releaseConsignmentKey(token);
          throw new GameError('BAD_REQUEST', '交易平台暂不可用，请稍后再试');
        }
      }
      return issued;
    },

    /** The seller gave up at the role-select screen: the key dies and the role is free again. */
    releaseConsignmentKey: (token: string) =>
      store.change((w) => {
        const t = findToken(w, token, now());
        const role = findRole(w, t.roleId ?? '');
        w.keys = w.keys.filter((k) => k.roleId !== role.id);
        if (role.frozenBy?.startsWith('prepublish:')) role.frozenBy = null;
        return true;
      }),
  };
  return game;
}
export type Game = ReturnType<typeof createGame>;
