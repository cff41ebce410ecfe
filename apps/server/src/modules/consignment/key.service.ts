import type { keyRoleSchema } from '@app/protocol/calls/consignment-keys';
import { ErrorCode } from '@app/protocol/errors';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { gameNames } from '../market/catalogue';
import { isLinkedGameAccount } from '../user/game-accounts';
import { consignmentDb } from './consignment.tables';
import { type ListingDeps, roleScreenshots } from './listing.service';

type KeyRow = Awaited<ReturnType<typeof keyRow>>;
export type KeyRole = z.infer<typeof keyRoleSchema>;

/** A consignment key the game announced, or 31001. */
export async function keyRow(db: Db, key: string) {
  const row = await consignmentDb(db)
    .selectFrom('consignment_keys')
    .selectAll()
    .where('jyh_key', '=', key)
    .executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.PRE_PUBLISH_KEY_INVALID);
  return row;
}

/**
 * A key is the seller's alone: only the user linked to the game account the game issued it for
 * may check, bind or use it; anyone else learning the key gets 31009 and nothing changes.
 */
export async function requireKeyOwner(db: Db, row: KeyRow, userId: number): Promise<void> {
  if (!(await isLinkedGameAccount(db, userId, row.game_id, row.account_id)))
    throw new AppError(ErrorCode.PRE_PUBLISH_KEY_NOT_OWNER);
}

/** The owner's key: unknown (31001), another's (31009), or the row. */
export async function ownKeyRow(db: Db, key: string, userId: number) {
  const row = await keyRow(db, key);
  await requireKeyOwner(db, row, userId);
  return row;
}

/**
 * getJyhKeyInfo: which game a key belongs to, for its owner only. An unknown key and another's
 * key answer the same 31001, so nobody learns whether a key exists; an expired one answers 31006.
 */
export async function keyGame(db: Db, key: string, userId: number, now = Date.now()) {
  const row = await consignmentDb(db)
    .selectFrom('consignment_keys')
    .selectAll()
    .where('jyh_key', '=', key)
    .executeTakeFirst();
  if (!row || !(await isLinkedGameAccount(db, userId, row.game_id, row.account_id)))
    throw new AppError(ErrorCode.PRE_PUBLISH_KEY_INVALID);
  if (row.expires_at.getTime() <= now) throw new AppError(ErrorCode.PRE_PUBLISH_KEY_EXPIRED);
  return { applicationId: row.game_id, expireTime: Math.floor(row.expires_at.getTime() / 1000) };
}

/**
 * prePublishLockKey: the key a game's lock id stands for, for the key's owner only. An unknown lock
 * id and another's answer the same 31001 (as getJyhKeyInfo), so nobody learns whether it exists.
 */
export async function keyOfLock(db: Db, lockId: string, userId: number) {
  const row = await consignmentDb(db)
    .selectFrom('consignment_keys')
    .select(['jyh_key', 'game_id', 'account_id'])
    .where('pre_publish_lock_id', '=', lockId)
    .executeTakeFirst();
  if (!row || !(await isLinkedGameAccount(db, userId, row.game_id, row.account_id)))
    throw new AppError(ErrorCode.PRE_PUBLISH_KEY_INVALID);
  return { key: row.jyh_key, applicationId: row.game_id };
}

/** Used (31008), expired (31006), bound to another seller's flow (31003). */
export function checkKey(row: KeyRow, userId: number, now = Date.now()): void {
  if (row.used_at) throw new AppError(ErrorCode.PRE_PUBLISH_KEY_USED);
  if (row.expires_at.getTime() <= now) throw new AppError(ErrorCode.PRE_PUBLISH_KEY_EXPIRED);
  if (row.bound_user_id !== null && row.bound_user_id !== userId)
    throw new AppError(ErrorCode.PRE_PUBLISH_KEY_OTHER_FLOW);
}

export async function keyRole(deps: ListingDeps, row: KeyRow): Promise<KeyRole> {
  const snap = await deps.gateway.snapshot(row.game_id, row.role_id);
  const names = await gameNames(deps.db, [row.game_id]);
  return {
    applicationId: row.game_id,
    gameName: names.get(row.game_id) ?? row.game_id,
    prePublishLockId: row.pre_publish_lock_id,
    serverName: snap.serverName,
    roleId: snap.roleId,
    roleName: snap.name,
    jobName: snap.jobName,
    level: snap.level,
    roleAtt: snap.roleAtt,
    screenshots: (await roleScreenshots(deps.db, row.game_id, row.role_id)).map((s) => ({ kind: s.kind, url: s.url })),
    expireTime: Math.floor(row.expires_at.getTime() / 1000),
    bound: row.bound_user_id !== null,
  };
}

/** Binds the key to the seller; a key someone else bound first answers 31003. */
export async function bindKey(db: Db, row: KeyRow, userId: number): Promise<KeyRow> {
  checkKey(row, userId);
  const bound = await consignmentDb(db)
    .updateTable('consignment_keys')
    .set({ bound_user_id: userId })
    .where('jyh_key', '=', row.jyh_key)
    .where('used_at', 'is', null)
    .where((eb) => eb.or([eb('bound_user_id', 'is', null), eb('bound_user_id', '=', userId)]))
    .returningAll()
    .executeTakeFirst();
  if (!bound) {
    checkKey(await keyRow(db, row.jyh_key), userId);
    throw new AppError(ErrorCode.PRE_PUBLISH_KEY_OTHER_FLOW);
  }
  return bound;
}

/** Claims the key for one listing attempt (a second finish at the same time answers 31008). */
export async function claimKey(db: Db, row: KeyRow, userId: number): Promise<void> {
  const claimed = await consignmentDb(db)
    .updateTable('consignment_keys')
    .set({ used_at: new Date() })
    .where('jyh_key', '=', row.jyh_key)
    .where('used_at', 'is', null)
    .where('bound_user_id', '=', userId)
    .returning('jyh_key')
    .executeTakeFirst();
  if (!claimed) throw new AppError(ErrorCode.PRE_PUBLISH_KEY_USED);
}

export async function settleKey(db: Db, key: string, commodityId: number | null): Promise<void> {
  await consignmentDb(db)
    .updateTable('consignment_keys')
    .set(commodityId === null ? { used_at: null } : { commodity_id: commodityId })
    .where('jyh_key', '=', key)
    .execute();
}
