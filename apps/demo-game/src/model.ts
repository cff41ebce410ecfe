/** The demo game's world: accounts, servers in master groups, roles with items and coins. */
export type RoleClass = '战士' | '法师' | '道士';
export type ItemPlace = 'equipment' | 'bag' | 'warehouse';

export interface Account {
  id: string;
  password: string;
  name: string;
  loginCount: number;
}

export interface Server {
  id: string;
  name: string;
  masterServerId: string;
  roleSlots: number;
}

export interface Item {
  id: string;
  name: string;
  subType: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  place: ItemPlace;
  /** The listing that froze it (consignment), or null. */
  frozenBy: string | null;
  tradable: boolean;
}

export interface Role {
  id: string;
  accountId: string;
  serverId: string;
  name: string;
  roleClass: RoleClass;
  level: number;
  power: number;
  createdAt: number;
  recharge: number;
  coins: Record<string, number>;
  /** Coins set aside for listings: listingId → {coinType, amount}. */
  frozenCoins: Record<string, { coinType: string; amount: number }>;
  items: Item[];
  frozenBy: string | null;
  safeZone: boolean;
  lastConsignedAt: number | null;
  lastHeartbeatAt: number | null;
}

export interface Token {
  token: string;
  accountId: string;
  serverId: string | null;
  roleId: string | null;
  expiresAt: number;
}

export interface ConsignmentKey {
  key: string;
  prePublishLockId: string;
  roleId: string;
  expiresAt: number;
}

/** A finished partner request, kept for idempotency: same id and body answer the same. */
export interface RequestRecord {
  bodyHash: string;
  answer: unknown;
}

export interface World {
  accounts: Account[];
  servers: Server[];
  roles: Role[];
  tokens: Token[];
  keys: ConsignmentKey[];
  requests: Record<string, RequestRecord>;
  /** Transfers by listing id: what moved, so a repeated transfer answers the first result. */
  transfers: Record<string, { kind: 'role' | 'coins' | 'items'; to: string; at: number }>;
}
