import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@app/protocol/errors';
import { type AliasableExpression, sql } from 'kysely';
import type { Db } from '../db/database';
import type { DbHandle } from '../db/handle';
import { countedPage } from '../db/page';
import { platformDb } from '../db/platform.tables';
import { prepared } from '../db/prepared-pool';
import { AppError } from '../errors';

/**
 * Sessions: the client holds a random token (X-Token); the database keeps only its SHA-256,
 * so a leaked table does not leak sessions.
 */
export interface SessionUser {
  userId: number;
  uid: string;
  token: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where a session was made: the caller's address and the device id its client sent (X-EventTracking). */
export interface SeenFrom {
  ip: string | null;
  deviceId: string | null;
}

export async function issueSession(
  db: Db,
  userId: number,
  source: string,
  ttlDays: number,
  seen: SeenFrom = { ip: null, deviceId: null },
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await platformDb(db)
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      source,
      expires_at: new Date(Date.now() + ttlDays * 86_400_000),
      revoked_at: null,
      ip: seen.ip,
      device_id: seen.deviceId,
    })
    .execute();
  return token;
}

/** What two users' sessions share: addresses and device ids both signed in from (a wash trade's trace). */
export async function sharedSeen(db: DbHandle, a: number, b: number): Promise<{ ips: string[]; devices: string[] }> {
  const rows = await platformDb(db)
    .selectFrom('sessions')
    .select(['user_id', 'ip', 'device_id'])
    .where('user_id', 'in', [a, b])
    .execute();
  const of = (user: number, key: 'ip' | 'device_id') =>
    new Set(rows.filter((r) => r.user_id === user && r[key]).map((r) => r[key] as string));
  const common = (key: 'ip' | 'device_id') => {
    const theirs = of(b, key);
    return [...of(a, key)].filter((v) => theirs.has(v)).sort();
  };
  return { ips: common('ip'), devices: common('device_id') };
}

/** Device ids that at least `min` users signed in from: each with its users. */
export async function crowdedDevices(
  db: DbHandle,
  min: number,
): Promise<Array<{ deviceId: string; userIds: number[] }>> {
  const rows = await platformDb(db)
    .selectFrom('sessions')
    .select(['device_id', 'user_id'])
    .distinct()
    .where('device_id', 'is not', null)
    .where(
      'device_id',
      'in',
      platformDb(db)
        .selectFrom('sessions')
        .select('device_id')
        .where('device_id', 'is not', null)
        .groupBy('device_id')
        .having((eb) => eb.fn.count('user_id').distinct(), '>=', min),
    )
    .orderBy('device_id')
    .orderBy('user_id')
    .execute();
  const by = new Map<string, number[]>();
  for (const r of rows) by.set(r.device_id as string, [...(by.get(r.device_id as string) ?? []), r.user_id]);
  return [...by].map(([deviceId, userIds]) => ({ deviceId, userIds }));
}

/** The user's 唯一码, answered by the user module (which owns users): undefined for no such user. */
export type UidOf = (userId: number) => Promise<string | undefined>;

/** Asked when a session has ended: throws the refusal that says why (a ban's 20111), or returns. */
export type EndedSession = (userId: number) => Promise<void>;

/**
 * 50000 when there is no usable token at all, 20118 when it existed but expired or was revoked
 * (unless `whyEnded` says better: a banned user's ended session answers the ban, 20111). Every
 * request reads its session, so a session revoked on one process is ended on all of them.
 */
export async function requireSession(
  db: Db,
  token: string | undefined,
  uidOf: UidOf,
  whyEnded?: EndedSession,
): Promise<SessionUser> {
  const live = usableToken(token);
  const row = await sessionRowStep(db, live).$call(prepared).executeTakeFirst();
  return sessionUserOf(row, live, uidOf, whyEnded);
}

/** 50000 for no token, or none a session could have (requireSession's first check). */
function usableToken(token: string | undefined): string {
  if (!token || token.length > 200) throw new AppError(ErrorCode.LOGIN_TIMEOUT);
  return token;
}

/** What a session's checks read of it: its user, its end and whether it was revoked. */
export interface SessionRow {
  user_id: number;
  expires_at: Date;
  revoked_at: Date | null;
}

const sessionRowStep = (db: DbHandle, token: string) =>
  platformDb(db)
    .selectFrom('sessions')
    .select(['user_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', hashToken(token));

/** requireSession's checks on the row read for a token (undefined: none). */
async function sessionUserOf(
  row: SessionRow | undefined,
  token: string,
  uidOf: UidOf,
  whyEnded?: EndedSession,
): Promise<SessionUser> {
  if (!row) throw new AppError(ErrorCode.LOGIN_EXPIRED);
  if (row.revoked_at || row.expires_at.getTime() <= Date.now()) {
    await whyEnded?.(row.user_id);
    throw new AppError(ErrorCode.LOGIN_EXPIRED);
  }
  const uid = await uidOf(row.user_id);
  if (uid === undefined) throw new AppError(ErrorCode.LOGIN_EXPIRED);
  return { userId: row.user_id, uid, token };
}

/**
 * The caller of a df call whose session is read by the handler's first statement rather than by a
 * statement of its own (decision 0081: one round trip less on a hot path). `step` is the session's
 * row as a subquery of that statement, `confirm` runs requireSession's checks on what it read and
 * answers the user's id, or throws their refusal. registerCallReadingSession (register-call.ts)
 * holds the handler to it: a handler that answers, or refuses with a business error, before its
 * caller is confirmed is a fault of the server, never an answer.
 */
export interface CallerAhead {
  step(db: DbHandle): AliasableExpression<SessionRow>;
  confirm(row: SessionRow | undefined): Promise<number>;
  /** The user's id once confirmed; undefined before. */
  readonly confirmed: number | undefined;
  /** What confirm threw, if it refused. */
  readonly refusal: unknown;
}

/** The caller behind an X-Token (requireSession's checks, split around the handler's first statement). */
export function sessionAhead(token: string | undefined, uidOf: UidOf, whyEnded?: EndedSession): CallerAhead {
  const live = usableToken(token);
  let confirmed: number | undefined;
  let refusal: unknown;
  return {
    step: (db) => sessionRowStep(db, live),
    confirm: async (row) => {
      try {
        confirmed = (await sessionUserOf(row, live, uidOf, whyEnded)).userId;
      } catch (error) {
        refusal = error;
        throw error;
      }
      return confirmed;
    },
    get confirmed() {
      return confirmed;
    },
    get refusal() {
      return refusal;
    },
  };
}

/** A caller the server already knows (a job, a test, a fill on the user's behalf): the same shape, nothing to check. */
export function knownCaller(userId: number): CallerAhead {
  return {
    step: (db) =>
      platformDb(db).selectNoFrom([
        sql<number>`${userId}::integer`.as('user_id'),
        sql<Date>`'infinity'::timestamptz`.as('expires_at'),
        sql<Date | null>`null::timestamptz`.as('revoked_at'),
      ]),
    confirm: async () => userId,
    confirmed: userId,
    refusal: undefined,
  };
}
/** Whether the session behind a token hash is still live (a chat login lives only as long as its session). */
export async function sessionAlive(db: DbHandle, tokenHash: string): Promise<boolean> {
  const row = await platformDb(db)
    .selectFrom('sessions')
    .select(['expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row !== undefined && !row.revoked_at && row.expires_at.getTime() > Date.now();
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await platformDb(db)
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .execute();
}

/** Every live session of a user ends (a closing account, in its transaction). */
export async function revokeUserSessions(trx: DbHandle, userId: number): Promise<void> {
  await platformDb(trx)
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A user's sessions, newest first, a page at a time (the console's user page; hashes never leave). */
export async function userSessions(db: DbHandle, userId: number, page: number, pageSize: number) {
  const base = platformDb(db).selectFrom('sessions').where('user_id', '=', userId);
  const { total, rows } = await countedPage(
    base,
    base.select(['source', 'created_at', 'expires_at', 'revoked_at']).orderBy('created_at', 'desc'),
    { page, pageSize },
  );
  const now = Date.now();
  return {
    total,
    list: rows.map((r) => ({
      source: r.source,
      createdAt: r.created_at.getTime(),
      expiresAt: r.expires_at.getTime(),
      live: !r.revoked_at && r.expires_at.getTime() > now,
    })),
  };
}

/** Ends every live session of a user; answers how many ended. */
export async function endUserSessions(trx: DbHandle, userId: number): Promise<number> {
  const ended = await platformDb(trx)
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Number(ended.numUpdatedRows);
}
