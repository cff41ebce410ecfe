import type { DbHandle } from '../../platform/db/handle';
import { prepared } from '../../platform/db/prepared-pool';
import { userDb } from './user.tables';

/**
 * What other modules read of a user, by id or by 唯一码 (uid): each a domain question the user
 * module answers through its own handle, batch reads by ids where a page needs many. Any handle
 * works (a transaction another module opened, too).
 */

/** The user's 唯一码 (uid); undefined for no such user. */
export async function uidOf(db: DbHandle, userId: number): Promise<string | undefined> {
  const row = await userDb(db)
    .selectFrom('users')
    .select('uid')
    .where('id', '=', userId)
    .$call(prepared)
    .executeTakeFirst();
  return row?.uid;
}

/** The 唯一码 of several users at once (a page of orders names its buyers and sellers). */
export async function uidsOf(db: DbHandle, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await userDb(db)
    .selectFrom('users')
    .select(['id', 'uid'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.uid]));
}

/** The user a 唯一码 names, or null. */
export async function userIdOfUid(db: DbHandle, uid: string): Promise<number | null> {
  const row = await userDb(db).selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirst();
  return row?.id ?? null;
}

/** The bound phone number (null when none is bound); throws for no such user. */
export async function boundPhone(db: DbHandle, userId: number): Promise<string | null> {
  const row = await userDb(db).selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.mobile;
}

/** What buying and selling ask first (business-flows §4, §6): a bound phone, a verified real name. */
export async function phoneAndRealName(
  db: DbHandle,
  userId: number,
): Promise<{ mobile: string | null; hasAuthentication: boolean }> {
  const row = await userDb(db)
    .selectFrom('users')
    .select(['mobile', 'has_authentication'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { mobile: row.mobile, hasAuthentication: row.has_authentication };
}

/** What placing an order reads of the buyer (every buyer check) and of the seller (the chat names them by 唯一码). */
export interface OrderParties {
  buyer: { hasPhone: boolean; hasAuthentication: boolean } | undefined;
  sellerUid: string | undefined;
}

/**
 * What a process remembers of users, per database handle: their 唯一码s (which never change: the
 * session lookup's knownUid and orderParties share them), and the buyers it saw with a bound phone
 * and a verified real name. A user leaves that state only by closing the account, which revokes
 * every session (no order is asked for after it) and which the order's own write checks again
 * (openAccountStep). A refusal is never remembered, so a phone bound or a name verified since
 * counts at once. Forgotten all at once when full (a few MB at most).
 */
const remembered = new WeakMap<DbHandle, { uids: Map<number, string>; verified: Set<number> }>();
const REMEMBERED_USERS = 100_000;

function memoryOf(db: DbHandle) {
  let memory = remembered.get(db);
  if (!memory) {
    memory = { uids: new Map(), verified: new Set() };
    remembered.set(db, memory);
  }
  return memory;
}

function remember(db: DbHandle, fill: (memory: ReturnType<typeof memoryOf>) => void): void {
  const memory = memoryOf(db);
  if (memory.uids.size + memory.verified.size >= REMEMBERED_USERS) {
    memory.uids.clear();
    memory.verified.clear();
  }
  fill(memory);
}

/** uidOf, read once per process (remembered). */
export async function knownUid(db: DbHandle, userId: number): Promise<string | undefined> {
  const known = memoryOf(db).uids.get(userId);
  if (known !== undefined) return known;
  const uid = await uidOf(db, userId);
  if (uid !== undefined) remember(db, (memory) => memory.uids.set(userId, uid));
  return uid;
}

/**
 * The buyer's phone and real name and the seller's 唯一码 in one read (no seller: the buyer's
 * alone); no read at all when this process has seen both before (remembered).
 */
export async function orderParties(
  db: DbHandle,
  buyerUserId: number,
  sellerUserId: number | null,
): Promise<OrderParties> {
  const known = memoryOf(db);
  const sellerUid = sellerUserId === null ? undefined : known.uids.get(sellerUserId);
  if (known.verified.has(buyerUserId) && (sellerUserId === null || sellerUid !== undefined))
    return { buyer: { hasPhone: true, hasAuthentication: true }, sellerUid };
  const rows = await userDb(db)
    .selectFrom('users')
    .select(['id', 'uid', 'mobile', 'has_authentication'])
    .where('id', 'in', sellerUserId === null ? [buyerUserId] : [buyerUserId, sellerUserId])
    .$call(prepared)
    .execute();
  const buyer = rows.find((r) => r.id === buyerUserId);
  remember(db, (memory) => {
    for (const row of rows) memory.uids.set(row.id, row.uid);
    if (buyer?.mobile && buyer.has_authentication) memory.verified.add(buyerUserId);
  });
  return {
    buyer: buyer && { hasPhone: Boolean(buyer.mobile), hasAuthentication: buyer.has_authentication },
    sellerUid: rows.find((r) => r.id === sellerUserId)?.uid,
  };
}

/** What a listing shows of its seller: the name and since when they are a user. */
export async function sellerProfile(
  db: DbHandle,
  userId: number,
): Promise<{ nickname: string; created_at: Date } | undefined> {
  return userDb(db).selectFrom('users').select(['nickname', 'created_at']).where('id', '=', userId).executeTakeFirst();
}

/** The identity module verified the user's real name (in its transaction): the profile says so. */
export async function markAuthenticated(db: DbHandle, userId: number): Promise<void> {
  await userDb(db).updateTable('users').set({ has_authentication: true }).where('id', '=', userId).execute();
}

/** The 唯一码 and the masked phone (138****0000) of several users at once (the console's money lists). */
export async function maskedContactsOf(
  db: DbHandle,
  userIds: readonly number[],
): Promise<Map<number, { uid: string; mobile: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await userDb(db)
    .selectFrom('users')
    .select(['id', 'uid', 'mobile'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
  const mask = (m: string | null) => (m ? `${m.slice(0, 3)}****${m.slice(-4)}` : '');
  return new Map(rows.map((r) => [r.id, { uid: r.uid, mobile: mask(r.mobile) }]));
}

/**
 * The openid the user's WeChat has under one WeChat app (what 商家转账 pays to): kept as the
 * identity alias `<appId>:<openid>` by every WeChat sign-in (decision 0051). With no app (the
 * sandbox's WeChat), the sandbox subject itself. null: no WeChat of that app is bound.
 */
export async function wechatOpenIdOf(db: DbHandle, userId: number, appId: string | null): Promise<string | null> {
  const base = userDb(db)
    .selectFrom('user_identities')
    .select('subject')
    .where('provider', '=', 'wx')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1);
  const prefix = appId === null ? null : `${appId}:`;
  const row = await (prefix === null
    ? base
    : base.where('subject', 'like', `${prefix.replace(/[\\%_]/g, '\\$&')}%`)
  ).executeTakeFirst();
  if (!row) return null;
  return prefix === null ? row.subject : row.subject.slice(prefix.length);
}

/** The user of a bound phone (11 digits) or a UID (8 digits), live accounts only; null for none. */
export async function userIdOfPhoneOrUid(db: DbHandle, who: string): Promise<number | null> {
  const row = await userDb(db)
    .selectFrom('users')
    .select('id')
    .where(/^1\d{10}$/.test(who) ? 'mobile' : 'uid', '=', who)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The live users who registered since a time (a coupon segment), oldest first, at most `limit`. */
export async function userIdsRegisteredSince(db: DbHandle, since: Date, limit: number): Promise<number[]> {
  const rows = await userDb(db)
    .selectFrom('users')
    .select('id')
    .where('created_at', '>=', since)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** When these users registered. */
export async function registeredAt(db: DbHandle, userIds: readonly number[]): Promise<Map<number, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await userDb(db)
    .selectFrom('users')
    .select(['id', 'created_at'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.created_at]));
}
