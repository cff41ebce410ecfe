import type { Item, Role, SubType, World } from './model';
import { DEMO_PASSWORD, type GameProfile, LEGEND, sellerAccountIds } from './profiles';

/** A deterministic pseudo-random sequence, so every fresh demo game is the same world. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The demo players and the buyer: the same accounts in every demo game. */
const DEMO_ACCOUNTS = [
  { id: 'player1', password: DEMO_PASSWORD, name: '玩家一' },
  { id: 'player2', password: DEMO_PASSWORD, name: '玩家二' },
  { id: 'player3', password: DEMO_PASSWORD, name: '玩家三' },
  { id: 'buyer1', password: DEMO_PASSWORD, name: '买家一' },
];

/** Servers (by index into the profile's servers) where each demo player has a role; buyer1 has one small role on the first. */
const ROLE_SERVERS: Record<string, number[]> = {
  player1: [0, 1, 2],
  player2: [0, 1],
  player3: [0, 3],
};

function newRole(
  profile: GameProfile,
  fields: Pick<Role, 'id' | 'accountId' | 'serverId' | 'name' | 'roleClass' | 'level'>,
): Role {
  return {
    ...fields,
    power: 0,
    createdAt: 0,
    recharge: 0,
    coins: Object.fromEntries(profile.coins.map((c) => [c, 0])),
    frozenCoins: {},
    items: [],
    frozenBy: null,
    prePublishLock: null,
    safeZone: true,
    lastConsignedAt: null,
    lastHeartbeatAt: null,
  };
}

/** Draws item names of one profile; item ids run on through the whole world. */
function itemMaker(profile: GameProfile) {
  const blacklisted = new Set(profile.blacklist.map((b) => b.name));
  let itemSeq = 0;
  return (random: () => number, classIndex: number, subType: SubType, place: Item['place']): Item => {
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const roleClass = profile.classes[classIndex] ?? profile.classes[0];
    const name =
      subType === 1 ? pick(roleClass.clothes) : subType === 2 ? pick(roleClass.weapons) : pick(profile.items[subType]);
    return { id: `i${++itemSeq}`, name, subType, place, frozenBy: null, tradable: !blacklisted.has(name) };
  };
}

/**
 * The demo world of a game, the same on every fresh start: the demo players' roles r1…, the
 * buyer's role, then the market sellers' roles. The exchange may build its demo catalogue from it.
 */
export function seedState(profile: GameProfile = LEGEND): World {
  const random = rng(profile.seed);
  const item = itemMaker(profile);
  const roles: Role[] = [];
  const [premium, common, bound] = profile.coins;
  for (const [accountId, serverIndexes] of Object.entries(ROLE_SERVERS)) {
    for (const serverIndex of serverIndexes) {
      const classIndex = roles.length % 3;
      const role = newRole(profile, {
        id: `r${roles.length + 1}`,
        accountId,
        serverId: (profile.servers[serverIndex] ?? profile.servers[0])?.id as string,
        name: profile.starterNames[roles.length % profile.starterNames.length] as string,
        roleClass: profile.classes[classIndex]?.name as string,
        level: 40 + Math.floor(random() * 60),
      });
      role.power = role.level * 1_000 + Math.floor(random() * 50_000);
      role.createdAt = Date.UTC(2025, Math.floor(random() * 10), 1 + Math.floor(random() * 27));
      role.recharge = Math.floor(random() * 200) * 100_00;
      role.coins = {
        [premium]: Math.floor(random() * 5_000_000),
        [common]: Math.floor(random() * 90_000_000),
        [bound]: Math.floor(random() * 100_000),
      };
      for (const subType of [1, 2, 3, 4, 5, 6] as const)
        role.items.push(item(random, classIndex, subType, 'equipment'));
      for (const place of ['bag', 'warehouse'] as const) {
        for (let i = 0; i < 6; i++)
          role.items.push(item(random, classIndex, (1 + Math.floor(random() * 7)) as SubType, place));
      }
      roles.push(role);
    }
  }
  const buyer = newRole(profile, {
    id: `r${roles.length + 1}`,
    accountId: 'buyer1',
    serverId: profile.servers[0]?.id as string,
    name: '新手买家',
    roleClass: profile.classes[1].name,
    level: 12,
  });
  buyer.power = 8_000;
  buyer.createdAt = Date.UTC(2026, 9, 1);
  buyer.coins = { [premium]: 0, [common]: 1_000, [bound]: 0 };
  roles.push(buyer);
  const sellers = sellerAccountIds(profile).map((id, i) => ({
    id,
    password: DEMO_PASSWORD,
    name: `卖家${String(i + 1).padStart(2, '0')}`,
  }));
  roles.push(...sellerRoles(profile, sellers, roles, item));
  return {
    accounts: [...DEMO_ACCOUNTS, ...sellers].map((a) => ({ ...a, loginCount: 0 })),
    servers: profile.servers.map((s) => ({ ...s })),
    roles,
    blacklist: profile.blacklist.map((b) => ({ ...b })),
    tokens: [],
    keys: [],
    requests: {},
    transfers: {},
  };
}

/** The market sellers' roles (one or two each, over all servers), drawn from the profile's own seed. */
function sellerRoles(
  profile: GameProfile,
  sellers: Array<{ id: string }>,
  before: Role[],
  item: ReturnType<typeof itemMaker>,
): Role[] {
  const random = rng(profile.sellerSeed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const names = new Set(before.map((r) => r.name));
  const uniqueName = () => {
    for (let tries = 0; ; tries++) {
      const name = `${pick(profile.namePrefixes)}${pick(profile.nameSuffixes)}${tries > 5 ? tries : ''}`;
      if (!names.has(name)) {
        names.add(name);
        return name;
      }
    }
  };
  const [premium, common, bound] = profile.coins;
  const servers = profile.servers;
  const roles: Role[] = [];
  sellers.forEach((seller, n) => {
    const first = n % servers.length;
    const serverIndexes = [first];
    if (random() < 0.5) serverIndexes.push((first + 1 + Math.floor(random() * (servers.length - 1))) % servers.length);
    for (const serverIndex of serverIndexes) {
      const classIndex = Math.floor(random() * 3);
      // Levels 1–100, skewed towards the top.
      const level = Math.min(100, 1 + Math.floor(Math.sqrt(random()) * 100));
      const role = newRole(profile, {
        id: `r${before.length + roles.length + 1}`,
        accountId: seller.id,
        serverId: servers[serverIndex]?.id as string,
        name: uniqueName(),
        roleClass: profile.classes[classIndex]?.name as string,
        level,
      });
      const weight = 0.2 + level / 100;
      role.power = level * (800 + Math.floor(random() * 700)) + Math.floor(random() * 30_000);
      role.createdAt = Date.UTC(
        2024 + Math.floor(random() * 2),
        Math.floor(random() * 12),
        1 + Math.floor(random() * 27),
      );
      role.recharge = Math.floor(random() * random() * 400) * 100_00;
      role.coins = {
        [premium]: Math.floor((200_000 + random() * 4_800_000) * weight),
        [common]: Math.floor((5_000_000 + random() * 85_000_000) * weight),
        [bound]: Math.floor(random() * 100_000 * weight),
      };
      for (const subType of [1, 2, 3, 4, 5, 6] as const)
        role.items.push(item(random, classIndex, subType, 'equipment'));
      for (const place of ['bag', 'warehouse'] as const) {
        const count = 4 + Math.floor(random() * 5);
        for (let i = 0; i < count; i++)
          role.items.push(item(random, classIndex, (1 + Math.floor(random() * 7)) as SubType, place));
      }
      roles.push(role);
    }
  });
  return roles;
}
