import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@app/protocol/errors';
import type { Db } from '../db/database';
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

export async function issueSession(db: Db, userId: number, source: string, ttlDays: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      source,
      expires_at: new Date(Date.now() + ttlDays * 86_400_000),
      revoked_at: null,
    })
    .execute();
  return token;
}

/** 50000 when there is no usable token at all, 20118 when it existed but expired or was revoked. */
export async function requireSession(db: Db, token: string | undefined): Promise<SessionUser> {
  if (!token || token.length > 200) throw new AppError(ErrorCode.LOGIN_TIMEOUT);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.user_id', 'sessions.expires_at', 'sessions.revoked_at', 'users.uid'])
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.LOGIN_EXPIRED);
  if (row.revoked_at || row.expires_at.getTime() <= Date.now()) throw new AppError(ErrorCode.LOGIN_EXPIRED);
  return { userId: row.user_id, uid: row.uid, token };
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('token_hash', '=', hashToken(token)).execute();
}
