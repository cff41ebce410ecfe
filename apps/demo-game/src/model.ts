import type { ReclaimRecord, TransferRecord } from '@app/game-partner/partner-types';

/** The demo game's world: accounts, servers in master groups, roles with items and coins. */
/** A role class name of the game's profile (战士/法师/道士 in the legend game). */
export type RoleClass = string;
export type ItemPlace = 'equipment' | 'bag' | 'warehouse';
/** 1 衣服, 2 武器, 3 特戒, 4 首饰, 5 时装, 6 专属首饰, 7 其他 (platform-shell §3). */
export type SubType = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface Account {
  id: string;
  password: string;
  name: string;
  /** Successful logins (the host bridge's getGameLoginSuccessTimes). */
  loginCount: number;
  /** The player's 实名登记 in the game (防沉迷), when made: answered to the exchange only as a match or not. */
  realName?: { name: string; idCard: string };
}

export interface Server {
  id: string;
  name: string;
  /** Servers with the same master server form one cross-server trading group. */
  masterServerId: string;
  masterServerName: string;
  /** Roles one account may hold on this server. */
  roleSlots: number;
}

export interface Item {
  id: string;
  name: string;
  subType: SubType;
  place: ItemPlace;
  /** The listing that froze it (consignment), or null. */
  frozenBy: string | null;
  /** False for blacklisted names (World.blacklist). */
  tradable: boolean;
  /** When a listing last froze it (unix ms): a prop consigned in the last 30 days cannot be again. */
  consignedAt?: number | null;
}

/** A role locked by a consignment key until the exchange freezes it for the listing or it expires. */
export interface PrePublishLock {
  id: string;
  expiresAt: number;
}

export interface Role {
  id: string;
  accountId: string;
  serverId: string;
  name: string;
  roleClass: RoleClass;
  level: number;
  /** Power (roleAtt). */
  power: number;
  createdAt: number;
  /** Total recharge in fen. */
  recharge: number;
  coins: Record<string, number>;
  /** Coins set aside for listings: listingId → {coinType, amount}. */
  frozenCoins: Record<string, { coinType: string; amount: number }>;
  items: Item[];
  /** The listing that froze the whole role, or null. */
  frozenBy: string | null;
  prePublishLock: PrePublishLock | null;
  safeZone: boolean;
  /** 个性签名, shown to other players (and read by the exchange to prove who owns a role). */
  signature?: string;
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

/** A finished partner change, kept for idempotency: same id and body answer the same. */
export interface RequestRecord {
  bodyHash: string;
  answer: unknown;
  at: number;
}

export interface LoginTicket {
  ticket: string;
  accountId: string;
  roleId: string;
  expiresAt: number;
}

export interface World {
  accounts: Account[];
  servers: Server[];
  roles: Role[];
  /** Item names that can never be traded. */
  blacklist: Array<{ name: string; subType: SubType }>;
  tokens: Token[];
  keys: ConsignmentKey[];
  /** One-time login tickets the exchange asked for (a verified seller taking screenshots). */
  tickets?: LoginTicket[];
  requests: Record<string, RequestRecord>;
  /** Transfers by listing id: a repeated transfer answers the first result. */
  transfers: Record<string, TransferRecord>;
  /** Reclaims by listing id (customer service returned a delivery to the seller). */
  reclaims?: Record<string, ReclaimRecord>;
}
