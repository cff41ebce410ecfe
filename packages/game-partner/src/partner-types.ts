import { z } from 'zod';

/** The game partner API's bodies (validated by the game) and answers (typed for the exchange's client). */

const id = z.string().min(1).max(64);

export const partnerInput = {
  verifyToken: z.object({ gameToken: z.string().min(1).max(200) }),
  roleOnline: z.object({ roleId: id }),
  servers: z.object({}),
  account: z.object({ accountId: id }),
  /** Keyed hashes (partner-real-name.ts) of the exchange's verified real name and ID number. */
  realName: z.object({
    accountId: id,
    nameHash: z.string().regex(/^[0-9a-f]{64}$/),
    idCardHash: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  roles: z.object({ accountId: id, serverId: id.optional() }),
  role: z.object({ roleId: id }),
  freeze: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('role'),
      listingId: id,
      roleId: id,
      prePublishLockId: id.optional(),
      requireOnline: z.boolean().optional(),
    }),
    z.object({
      kind: z.literal('coins'),
      listingId: id,
      roleId: id,
      coinType: z.string().min(1).max(20),
      amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      requireOnline: z.boolean().optional(),
    }),
    z.object({
      kind: z.literal('items'),
      listingId: id,
      roleId: id,
      itemIds: z.array(id).min(1).max(50),
      requireOnline: z.boolean().optional(),
    }),
  ]),
  unfreeze: z.object({ listingId: id, roleId: id }),
  loginTicket: z.object({ accountId: id, roleId: id }),
  transfer: z.object({ listingId: id, roleId: id, buyerAccountId: id, buyerRoleId: id.optional() }),
  reclaim: z.object({ listingId: id, roleId: id }),
};

export type FreezeInput = z.infer<typeof partnerInput.freeze>;
export type TransferInput = z.infer<typeof partnerInput.transfer>;
export type SubTypeCode = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface TokenInfo {
  accountId: string;
  serverId: string | null;
  roleId: string | null;
  online: boolean;
  /** Unix ms. */
  expiresAt: number;
}
export interface ServerInfo {
  id: string;
  name: string;
  masterServerId: string;
  masterServerName: string;
  roleSlots: number;
}
export interface AccountInfo {
  accountId: string;
  name: string;
  loginSuccessTimes: number;
  slots: Array<{ serverId: string; used: number; limit: number }>;
}
/** Whether the account's registration (实名登记) is the exchange's person: none when it has none. */
export interface RealNameAnswer {
  accountId: string;
  registration: 'match' | 'mismatch' | 'none';
}
export interface RoleSummary {
  id: string;
  accountId: string;
  serverId: string;
  name: string;
  roleClass: string;
  jobId: number;
  level: number;
  power: number;
  /** Unix ms. */
  createdAt: number;
  /** Fen. */
  recharge: number;
  online: boolean;
  /** Frozen for a listing or locked by a consignment key. */
  locked: boolean;
}
export interface ItemInfo {
  id: string;
  name: string;
  subType: SubTypeCode;
  /** The item's attributes in the game's own words (攻击 120-180, 暴击 +3%), where the game has them. */
  attributes?: Array<{ name: string; value: string }>;
  place: 'equipment' | 'bag' | 'warehouse';
  tradable: boolean;
  frozen: boolean;
  listingId: string | null;
}
export interface CoinBalance {
  coinType: string;
  total: number;
  frozen: number;
  available: number;
}
export interface RoleSnapshot {
  roleId: string;
  accountId: string;
  serverId: string;
  serverName: string;
  name: string;
  jobId: number;
  jobName: string;
  level: number;
  roleAtt: number;
  /** Unix seconds. */
  createTime: number;
  /** Fen. */
  recharge: number;
  online: boolean;
  safeZone: boolean;
  /** The role's 个性签名 (what other players see). */
  signature: string;
  coins: CoinBalance[];
  equipment: ItemInfo[];
  bag: ItemInfo[];
  warehouse: ItemInfo[];
  skills: string[];
}
export interface FreezeResult {
  listingId: string;
  kind: FreezeInput['kind'];
  /** True when the listing had frozen exactly this already (nothing changed). */
  already: boolean;
}
/** What a transfer answers: the stored record of the first, effective transfer of the listing. */
export interface TransferResult extends TransferRecord {
  listingId: string;
  /** True when this answers an earlier transfer of the same listing. */
  repeated: boolean;
  /** The game's signature of the receipt (receiptSignature in partner-signing.ts). */
  signature: string;
}

/** What a reclaim answers: where the listing's delivery went back to. */
export interface ReclaimResult extends ReclaimRecord {
  listingId: string;
  repeated: boolean;
}

/** Answers of every call, by path under the partner base URL. */
export interface PartnerAnswers {
  '/token/verify': TokenInfo;
  '/role/online': { roleId: string; online: boolean; lastHeartbeatAt: number | null };
  '/servers': { servers: ServerInfo[] };
  '/account': AccountInfo;
  '/account/real-name': RealNameAnswer;
  '/roles': { roles: RoleSummary[] };
  '/role/snapshot': RoleSnapshot;
  '/coins': { roleId: string; coins: CoinBalance[] };
  '/items': { roleId: string; items: ItemInfo[]; blacklist: Array<{ name: string; subType: SubTypeCode }> };
  '/freeze': FreezeResult;
  '/unfreeze': { listingId: string; released: number };
  '/transfer': TransferResult;
  '/reclaim': ReclaimResult;
  '/login-ticket': { ticket: string; expiresAt: number; loginPath: string };
}

/** What a listing's transfer moved, as the game records it (and answers again for a repeated transfer). */
export interface TransferRecord {
  kind: 'role' | 'coins' | 'items';
  /** The seller's account (role) or the seller's role (coins, items): where a reclaim returns it. */
  from?: string;
  /** The buyer account (role) or the buyer's role (coins, items). */
  to: string;
  at: number;
  coinType?: string;
  amount?: number;
  itemIds?: string[];
}

export interface ReclaimRecord {
  kind: TransferRecord['kind'];
  /** Back to: the seller's account (role) or the seller's role (coins, items). */
  to: string;
  at: number;
}
