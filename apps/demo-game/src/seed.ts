import type { Item, Role, RoleClass, Server, World } from './model';

/** A deterministic pseudo-random sequence, so every fresh demo game is the same world. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const ITEMS: Record<Item['subType'], string[]> = {
  1: ['天魔神甲', '法神披风', '天尊道袍', '圣战宝甲'],
  2: ['屠龙刀', '裁决之杖', '嗜魂法杖', '无极棍', '倚天剑'],
  3: ['麻痹戒指', '复活戒指', '护身戒指', '传送戒指'],
  4: ['圣战项链', '法神项链', '天尊项链', '绿色项链'],
  5: ['龙魂时装', '霓裳羽衣', '战神时装'],
  6: ['王者之戒', '至尊手镯'],
  7: ['祝福油', '金条', '修复神水', '随机传送卷'],
};

export const SERVERS: Server[] = [
  { id: 's1', name: '龙腾一区', masterServerId: 'm1', roleSlots: 3 },
  { id: 's2', name: '龙腾二区', masterServerId: 'm1', roleSlots: 3 },
  { id: 's3', name: '凤鸣一区', masterServerId: 'm2', roleSlots: 3 },
  { id: 's4', name: '凤鸣二区', masterServerId: 'm2', roleSlots: 3 },
  { id: 's5', name: '麒麟一区', masterServerId: 'm3', roleSlots: 3 },
  { id: 's6', name: '麒麟二区', masterServerId: 'm3', roleSlots: 3 },
];

const NAMES = [
  '战神无双',
  '冰雪法师',
  '逍遥道长',
  '烈焰狂刀',
  '天机道人',
  '紫电青霜',
  '醉卧沙场',
  '一剑封喉',
  '星河法尊',
  '清风明月',
];
const CLASSES: RoleClass[] = ['战士', '法师', '道士'];

export const DEMO_ACCOUNTS = [
  { id: 'player1', password: 'demo123', name: '玩家一' },
  { id: 'player2', password: 'demo123', name: '玩家二' },
  { id: 'player3', password: 'demo123', name: '玩家三' },
  { id: 'buyer1', password: 'demo123', name: '买家一' },
];

export function seedState(): World {
  const random = rng(20_261_122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const roles: Role[] = [];
  let nameIndex = 0;
  let itemSeq = 0;
  const sellers = DEMO_ACCOUNTS.filter((a) => a.id !== 'buyer1');
  for (const account of sellers) {
    for (const server of SERVERS.slice(0, account.id === 'player1' ? 3 : 2)) {
      const roleClass = CLASSES[roles.length % 3] as RoleClass;
      const level = 40 + Math.floor(random() * 60);
      const items: Item[] = [];
      for (const place of ['equipment', 'bag', 'warehouse'] as const) {
        for (let i = 0; i < (place === 'equipment' ? 5 : 4); i++) {
          const subType = (place === 'equipment' ? (i % 4) + 1 : 1 + Math.floor(random() * 7)) as Item['subType'];
          items.push({
            id: `i${++itemSeq}`,
            name: pick(ITEMS[subType]),
            subType,
            place,
            frozenBy: null,
            tradable: !(subType === 7 && random() < 0.3),
          });
        }
      }
      roles.push({
        id: `r${roles.length + 1}`,
        accountId: account.id,
        serverId: server.id,
        name: NAMES[nameIndex++ % NAMES.length] as string,
        roleClass,
        level,
        power: level * 1_000 + Math.floor(random() * 50_000),
        createdAt: Date.UTC(2025, Math.floor(random() * 10), 1 + Math.floor(random() * 27)),
        recharge: Math.floor(random() * 200) * 100_00,
        coins: {
          元宝: Math.floor(random() * 5_000_000),
          金币: Math.floor(random() * 90_000_000),
          绑定元宝: Math.floor(random() * 100_000),
        },
        frozenCoins: {},
        items,
        frozenBy: null,
        safeZone: true,
        lastConsignedAt: null,
        lastHeartbeatAt: null,
      });
    }
  }
  roles.push({
    id: `r${roles.length + 1}`,
    accountId: 'buyer1',
    serverId: 's1',
    name: '新手买家',
    roleClass: '法师',
    level: 12,
    power: 8_000,
    createdAt: Date.UTC(2026, 9, 1),
    recharge: 0,
    coins: { 元宝: 0, 金币: 1_000, 绑定元宝: 0 },
    frozenCoins: {},
    items: [],
    frozenBy: null,
    safeZone: true,
    lastConsignedAt: null,
    lastHeartbeatAt: null,
  });
  return {
    accounts: DEMO_ACCOUNTS.map((a) => ({ ...a, loginCount: 0 })),
    servers: SERVERS,
    roles,
    tokens: [],
    keys: [],
    requests: {},
    transfers: {},
  };
}
