import { randomBytes, randomUUID } from 'node:crypto';
import { newConsignmentKey } from './consignment-key';
import { GameError } from './game-error';
import type { Item, Role, Token, World } from './model';
import type { Store } from './store';
import { activePreLock, findRole, findToken, frozenAmount, KEY_TTL_MS, TOKEN_TTL_MS, tokenRole } from './world';

/** Refuses any change to a role that is on sale or locked by a consignment key. */
function assertRoleFree(role: Role, now: number) {
  if (role.frozenBy) throw new GameError('ITEM_FROZEN', '角色已冻结（寄售中），无法操作');
  if (activePreLock(role, now)) throw new GameError('ITEM_FROZEN', '角色已锁定（寄售码有效期内），无法操作');
}

function findItem(role: Role, itemId: string): Item {
  const item = role.items.find((i) => i.id === itemId);
  if (!item) throw new GameError('NOT_FOUND', '物品不存在');
  return item;
}

/** Using equips or takes off gear (swapping with what is worn) and consumes 其他 items. */
function applyUse(role: Role, item: Item): string {
  if (item.subType === 7) {
    role.items = role.items.filter((i) => i.id !== item.id);
    return `使用了${item.name}`;
  }
  if (item.place === 'equipment') {
    item.place = 'bag';
    return `卸下了${item.name}`;
  }
  const worn = role.items.find((i) => i.place === 'equipment' && i.subType === item.subType);
  if (worn?.frozenBy) throw new GameError('ITEM_FROZEN', `${worn.name}已冻结（寄售中），无法替换`);
  if (worn) worn.place = item.place;
  item.place = 'equipment';
  return `装备了${item.name}`;
}

/** The game as players use it (host page) — separate from what partners may do. */
export function createGame(store: Store, now: () => number = Date.now) {
  const withRole = <T>(token: string, fn: (role: Role, w: World) => T) =>
    store.change((w) => fn(tokenRole(w, token, now()), w));

  return {
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
        w.tokens.push(token);
        return { token: token.token, accountId };
      }),

    /** A ticket the exchange obtained for a verified seller: a login of that account, once. */
    ticketLogin: (ticket: string) =>
      store.change((w) => {
        const found = (w.tickets ?? []).find((t) => t.ticket === ticket && t.expiresAt > now());
        if (!found) throw new GameError('TOKEN_INVALID', '登录凭证无效或已过期，请回到交易平台重新获取');
        w.tickets = (w.tickets ?? []).filter((t) => t !== found);
        const account = w.accounts.find((a) => a.id === found.accountId);
        if (account) account.loginCount += 1;
        const token: Token = {
          token: randomBytes(18).toString('base64url'),
          accountId: found.accountId,
          serverId: null,
          roleId: null,
          expiresAt: now() + TOKEN_TTL_MS,
        };
        w.tokens.push(token);
        return { token: token.token, accountId: found.accountId, roleId: found.roleId };
      }),

    /** The chosen role comes online (a previously chosen one of this token goes offline). */
    selectRole: (token: string, roleId: string) =>
      store.change((w) => {
        const t = findToken(w, token, now());
        const role = findRole(w, roleId);
        if (role.accountId !== t.accountId) throw new GameError('NOT_FOUND', '角色不存在');
        if (t.roleId && t.roleId !== roleId) {
          const previous = w.roles.find((r) => r.id === t.roleId);
          if (previous) previous.lastHeartbeatAt = null;
        }
        t.serverId = role.serverId;
        t.roleId = role.id;
        role.lastHeartbeatAt = now();
        return role;
      }),

    /** Keeps the chosen role online (answers false while no role is chosen). */
    heartbeat: (token: string) =>
      store.change((w) => {
        const t = findToken(w, token, now());
        const role = t.roleId ? w.roles.find((r) => r.id === t.roleId) : undefined;
        if (role) role.lastHeartbeatAt = now();
        return Boolean(role);
      }),

    /** Explicit logout (sendBeacon on pagehide): the role is offline at once. Never refuses. */
    logout: (token: string) =>
      store.change((w) => {
        const t = w.tokens.find((x) => x.token === token);
        const role = t?.roleId ? w.roles.find((r) => r.id === t.roleId) : undefined;
        if (role) role.lastHeartbeatAt = null;
        return true;
      }),

    registerRealName: (token: string, person: { name: string; idCard: string }) =>
      store.change((w) => {
        const t = findToken(w, token, now());
        const account = w.accounts.find((a) => a.id === t.accountId);
        if (!account) throw new GameError('NOT_FOUND', '账号不存在');
        if (account.realName) throw new GameError('ALREADY_REGISTERED', '该账号已完成实名登记');
        account.realName = person;
        return { message: '实名登记成功' };
      }),

    setSafeZone: (token: string, inSafeZone: boolean) => withRole(token, (role) => (role.safeZone = inSafeZone)),
    setSignature: (token: string, text: string) =>
      withRole(token, (role) => {
        role.signature = text;
        return { message: '签名已保存' };
      }),

    useItem: (token: string, itemId: string) =>
      withRole(token, (role) => {
        const item = findItem(role, itemId);
        if (item.frozenBy) throw new GameError('ITEM_FROZEN', '该物品已冻结（寄售中），无法使用');
        assertRoleFree(role, now());
        return { message: applyUse(role, item) };
      }),

    /** Bag ↔ warehouse (worn gear goes to the bag). */
    moveItem: (token: string, itemId: string) =>
      withRole(token, (role) => {
        const item = findItem(role, itemId);
        if (item.frozenBy) throw new GameError('ITEM_FROZEN', '该物品已冻结（寄售中），无法移动');
        assertRoleFree(role, now());
        item.place = item.place === 'bag' ? 'warehouse' : 'bag';
        return { message: `${item.name}已移至${item.place === 'bag' ? '背包' : '仓库'}` };
      }),

    /** Spends coins in the game (e.g. in a shop): frozen coins cannot be spent. */
    spendCoins: (token: string, coinType: string, amount: number) =>
      withRole(token, (role) => {
        assertRoleFree(role, now());
        const total = role.coins[coinType];
        if (total === undefined) throw new GameError('NOT_FOUND', '没有这种游戏币');
        if (!Number.isInteger(amount) || amount <= 0) throw new GameError('BAD_REQUEST', '数量不正确');
        if (amount > total) throw new GameError('INSUFFICIENT', `${coinType}不足`);
        if (amount > total - frozenAmount(role, coinType))
          throw new GameError('ITEM_FROZEN', `${coinType}已冻结（寄售中），无法使用`);
        role.coins[coinType] = total - amount;
        return { message: `消耗了${amount}${coinType}`, left: role.coins[coinType] };
      }),

    /** 寄售码: only in a safe zone, not for a role consigned in the last 30 days; locks the role. */
    issueKey: (token: string) =>
      withRole(token, (role, w) => {
        const t = now();
        if (!role.safeZone) throw new GameError('NOT_IN_SAFE_ZONE', '请在安全区内获取寄售码');
        if (role.frozenBy) throw new GameError('ALREADY_FROZEN', '角色已在寄售中');
        if (role.items.some((i) => i.frozenBy) || Object.keys(role.frozenCoins).length > 0)
          throw new GameError('FROZEN_BY_OTHER_LISTING', '该角色有正在寄售的游戏币或道具');
        w.keys = w.keys.filter((k) => k.roleId !== role.id);
        const key = {
          key: newConsignmentKey(),
          prePublishLockId: randomUUID(),
          roleId: role.id,
          expiresAt: t + KEY_TTL_MS,
        };
        w.keys.push(key);
        role.prePublishLock = { id: key.prePublishLockId, expiresAt: key.expiresAt };
        return { ...key, accountId: role.accountId, serverId: role.serverId };
      }),

    /** The seller gave up at the role-select screen: the key dies and the role is free again. */
    releaseKey: (token: string) =>
      withRole(token, (role, w) => {
        w.keys = w.keys.filter((k) => k.roleId !== role.id);
        role.prePublishLock = null;
        return true;
      }),
  };
}
export type Game = ReturnType<typeof createGame>;
