import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@app/protocol/errors';
import { type StaffPermission, type StaffRole, staffCan } from '@app/protocol/ops';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { opsDb } from './ops.tables';

/**
 * Staff sessions: a random bearer token for the console; the table keeps only its SHA-256. A
 * session ends after STAFF_SESSION_HOURS, at logout, or at once when its staff member is disabled
 * or an admin resets his password (his own new password ends his other sessions). What other
 * modules handed out on a session (the chat's logins) ends with it: they ask `staffSessionAllows`
 * each time it is used, and hear `StaffSessionEnds` to close what is open at once.
 */
export const STAFF_SESSION_HOURS = 12;

export interface StaffPrincipal {
  id: number;
  username: string;
  displayName: string;
  role: StaffRole;
  token: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueStaffSession(db: Db, staffId: number, ip: string, now = Date.now()) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + STAFF_SESSION_HOURS * 3_600_000;
  await opsDb(db)
    .insertInto('staff_sessions')
    .values({ token_hash: hashToken(token), staff_id: staffId, ip, expires_at: new Date(expiresAt), revoked_at: null })
    .execute();
  return { token, expiresAt };
}

/** The staff member of an `Authorization: Bearer …` header, or 60001 with why. */
export async function requireStaff(db: Db, authorization: string | undefined): Promise<StaffPrincipal> {
  const token = /^Bearer\s+(\S{20,200})$/i.exec(authorization ?? '')?.[1];
  if (!token) throw new AppError(ErrorCode.STAFF_LOGIN_REQUIRED);
  const row = await opsDb(db)
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select([
      'staff.id',
      'staff.username',
      'staff.display_name',
      'staff.role',
      'staff.disabled_at',
      'staff_sessions.expires_at',
      'staff_sessions.revoked_at',
    ])
    .where('staff_sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.STAFF_LOGIN_REQUIRED);
  if (row.disabled_at) throw new AppError(ErrorCode.STAFF_LOGIN_REQUIRED, '账号已停用，请联系管理员');
  if (row.revoked_at || row.expires_at.getTime() <= Date.now())
    throw new AppError(ErrorCode.STAFF_LOGIN_REQUIRED, '登录已过期，请重新登录');
  return { id: row.id, username: row.username, displayName: row.display_name, role: row.role, token };
}

export async function revokeStaffSession(db: Db, token: string): Promise<void> {
  await opsDb(db)
    .updateTable('staff_sessions')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}

/** Every open session of a staff member (disabled, password reset by an admin), but `keep`. */
export async function revokeAllStaffSessions(db: Db, staffId: number, keep?: string): Promise<void> {
  let query = opsDb(db)
    .updateTable('staff_sessions')
    .set({ revoked_at: new Date() })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null);
  if (keep) query = query.where('token_hash', '!=', hashToken(keep));
  await query.execute();
}

/**
 * Whether the console session (its SHA-256) of this staff member is live and he may `permission`
 * (the order chat's logins of customer service live only so long).
 */
export async function staffSessionAllows(
  db: Db,
  staffId: number,
  sessionHash: string,
  permission: StaffPermission,
): Promise<boolean> {
  const row = await opsDb(db)
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select(['staff.role', 'staff.disabled_at', 'staff_sessions.expires_at', 'staff_sessions.revoked_at'])
    .where('staff_sessions.token_hash', '=', sessionHash)
    .where('staff_sessions.staff_id', '=', staffId)
    .executeTakeFirst();
  return (
    row !== undefined &&
    !row.disabled_at &&
    !row.revoked_at &&
    row.expires_at.getTime() > Date.now() &&
    staffCan(row.role, permission)
  );
}

/**
 * Who hears that a staff member's sessions ended or his role changed (the chat closes his workbench
 * sockets on every process): registered at start, told after the change committed. A listener that
 * fails is logged; what it guards is refused anyway where it is next used (staffSessionAllows).
 */
export class StaffSessionEnds {
  private readonly listeners: ((staffId: number) => Promise<void>)[] = [];
  register(listener: (staffId: number) => Promise<void>): void {
    this.listeners.push(listener);
  }
  async ended(staffId: number, log: { error(o: object, msg: string): void }): Promise<void> {
    for (const listener of this.listeners)
      await listener(staffId).catch((error: unknown) =>
        log.error({ err: error, staffId }, 'staff session end not passed on'),
      );
  }
}
