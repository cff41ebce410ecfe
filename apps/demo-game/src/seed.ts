import { type Item, ROLE_CLASSES, type Role, type RoleClass, type Server, type SubType, type World } from './model';

/** A deterministic pseudo-random sequence, so every fresh demo game is the same world. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const WEAPONS: Record<RoleClass, string[]> = {
  战士: ['屠龙刀', '裁决之杖', '倚天剑'],
  法师: ['嗜魂法杖', '骨玉权杖', '血饮'],
  道士: ['无极棍', '龙纹剑', '逍遥扇'],
};
const CLOTHES: Record<RoleClass, string[]> = {
  战士: ['天魔神甲', '圣战宝甲'],
  法师: ['法神披风', '霓裳羽衣'],
  道士: ['天尊道袍', '天师长袍'],
};
const ITEMS: Record<Exclude<SubType, 1 | 2>, string[]> = {
  3: ['麻痹戒指', '复活戒指', '护身戒指', '传送戒指'],
  4: ['圣战项链', '法神项链', '天尊项链', '绿色项链'],
  5: ['龙魂时装', '凤舞时装', '战神时装'],
  6: ['王者之戒', '至尊手镯', '龙皇项链'],
  7: ['祝福油', '金条', '修复神水', '随机传送卷', '绑定金砖'],
};

/** Untradable item names: the game's blacklist (bound items). */
export const BLACKLIST: World['blacklist'] = [
  { name: '修复神水', subType: 7 },
  { name: '绑定金砖', subType: 7 },
];

export const SERVERS: Server[] = [
  { id: 's1', name: '龙腾一区', masterServerId: 'm1', masterServerName: '龙腾主服', roleSlots: 3 },
  { id: 's2', name: '龙腾二区', masterServerId: 'm1', masterServerName: '龙腾主服', roleSlots: 3 },
  { id: 's3', name: '凤鸣一区', masterServerId: 'm2', masterServerName: '凤鸣主服', roleSlots: 3 },
  { id: 's4', name: '凤鸣二区', masterServerId: 'm2', masterServerName: '凤鸣主服', roleSlots: 3 },
  { id: 's5', name: '麒麟一区', masterServerId: 'm3', masterServerName: '麒麟主服', roleSlots: 3 },
  { id: 's6', name: '麒麟二区', masterServerId: 'm3', masterServerName: '麒麟主服', roleSlots: 3 },
];

const NAMES = ['战神无双', '冰雪法师', '逍遥道长', '烈焰狂刀', '天机道人', '紫电青霜', '醉卧沙场', '星河法尊'];

export const DEMO_PASSWORD = 'demo123';
export const DEMO_ACCOUNTS = [
  { id: 'player1', password: DEMO_PASSWORD, name: '玩家一' },
  { id: 'player2', password: DEMO_PASSWORD, name: '玩家二' },
  { id: 'player3', password: DEMO_PASSWORD, name: '玩家三' },
  { id: 'buyer1', password: DEMO_PASSWORD, name: '买家一' },
];

/** Servers where each seller account has a role (buyer1 has one small role on 龙腾一区). */
const ROLE_SERVERS: Record<string, string[]> = {
  player1: ['s1', 's2', 's3'],
  player2: ['s1', 's2'],
  player3: ['s1', 's4'],
};

function newRole(fields: Pick<Role, 'id' | 'accountId' | 'serverId' | 'name' | 'roleClass' | 'level'>): Role {
  return {
    ...fields,
    power: 0,
    createdAt: 0,
    recharge: 0,
    coins: { 元宝: 0, 金币: 0, 绑定元宝: 0 },
    frozenCoins: {},
    items: [],
    frozenBy: null,
    prePublishLock: null,
    safeZone: true,
    lastConsignedAt: null,
    lastHeartbeatAt: null,
  };
}

/** The demo world, the same on every fresh start; the exchange may build its demo catalogue from it. */
export function seedState(): World {
  const random = rng(20_261_122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const blacklisted = new Set(BLACKLIST.map((b) => b.name));
  const roles: Role[] = [];
  let itemSeq = 0;
  const item = (roleClass: RoleClass, subType: SubType, place: Item['place']): Item => {
    const name =
      subType === 1 ? pick(CLOTHES[roleClass]) : subType === 2 ? pick(WEAPONS[roleClass]) : pick(ITEMS[subType]);
    return { id: `i${++itemSeq}`, name, subType, place, frozenBy: null, tradable: !blacklisted.has(name) };
  };
  for (const [accountId, serverIds] of Object.entries(ROLE_SERVERS)) {
    for (const serverId of serverIds) {
      const roleClass = ROLE_CLASSES[roles.length % 3] as RoleClass;
      const role = newRole({
        id: `r${roles.length + 1}`,
        accountId,
        serverId,
        name: NAMES[roles.length % NAMES.length] as string,
        roleClass,
        level: 40 + Math.floor(random() * 60),
      });
      role.power = role.level * 1_000 + Math.floor(random() * 50_000);
      role.createdAt = Date.UTC(2025, Math.floor(random() * 10), 1 + Math.floor(random() * 27));
      role.recharge = Math.floor(random() * 200) * 100_00;
      role.coins = {
        元宝: Math.floor(random() * 5_000_000),
        金币: Math.floor(random() * 90_000_000),
        绑定元宝: Math.floor(random() * 100_000),
      };
      for (const subType of [1, 2, 3, 4, 5, 6] as const) role.items.push(item(roleClass, subType, 'equipment'));
      for (const place of ['bag', 'warehouse'] as const) {
        for (let i = 0; i < 6; i++) role.items.push(item(roleClass, (1 + Math.floor(random() * 7)) as SubType, place));
      }
      roles.push(role);
    }
  }
  const buyer = newRole({
    id: `r${roles.length + 1}`,
    accountId: 'buyer1',
    serverId: 's1',
    name: '新手买家',
    roleClass: '法师',
    level: 12,
  });
  buyer.power = 8_000;
  buyer.createdAt = Date.UTC(2026, 9, 1);
  buyer.coins = { 元宝: 0, 金币: 1_000, 绑定元宝: 0 };
  roles.push(buyer);
  return {
    accounts: DEMO_ACCOUNTS.map((a) => ({ ...a, loginCount: 0 })),
    servers: SERVERS.map((s) => ({ ...s })),
    roles,
    blacklist: BLACKLIST.map((b) => ({ ...b })),
    tokens: [],
    keys: [],
    requests: {},
    transfers: {},
  };
}
