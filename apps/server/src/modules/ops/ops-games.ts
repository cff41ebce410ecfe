import { ErrorCode } from '@app/protocol/errors';
import { StaffAction } from '@app/protocol/ops';
import type { GameSettings, OpsMaintenance } from '@app/protocol/ops-games';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { gameSettings, listGameSettings, writeGameSettings } from '../market/game-settings';
import { getMaintenance, getMinPreAppVersion, setMaintenance, setMinPreAppVersion } from '../system/system.service';
import { listGrayUsers, setGray } from '../user/gray-users';
import { uidOf, userIdOfUid } from '../user/user.queries';
import { writeAudit } from './staff-audit';
import type { StaffPrincipal } from './staff-sessions';

/**
 * 游戏与规则 (issue 34 item 6): the maintenance switch (the system module's), the gray users (the
 * user module's list) and each game's settings (the market's games). Each write goes through its
 * owner's function in one transaction with its audit (who, what, before/after, the reason, from where).
 */
interface Acting {
  me: StaffPrincipal;
  reason: string;
  ip: string;
}

/** The audit of one write, in its transaction: who, what, before, after with the reason, from where. */
const audited = (trx: Db, a: Acting, action: StaffAction, before: object, after: object, targetUserId?: number) =>
  writeAudit(trx, { staffId: a.me.id, action, targetUserId, before, after: { ...after, reason: a.reason }, ip: a.ip });

const view = (m: Awaited<ReturnType<typeof getMaintenance>>): OpsMaintenance => ({
  updating: m.updating === 1,
  message: m.message,
  endsAt: m.endsAt,
});

export const maintenanceNow = async (db: Db) => view(await getMaintenance(db));

export async function setMaintenanceAsStaff(
  db: Db,
  a: Acting,
  next: { updating: boolean; message: string; endsAt: number | null },
): Promise<OpsMaintenance> {
  return db.transaction().execute(async (trx) => {
    const before = view(await getMaintenance(trx));
    const after = view(
      await setMaintenance(trx, {
        updating: next.updating ? 1 : 0,
        message: next.updating ? next.message : before.message,
        endsAt: next.endsAt,
      }),
    );
    await audited(trx, a, StaffAction.MAINTENANCE_SET, before, after);
    return after;
  });
}

export const appVersionGate = async (db: Db) => ({ minPreAppVersion: await getMinPreAppVersion(db) });

export async function setAppVersionAsStaff(db: Db, a: Acting, minPreAppVersion: string) {
  return db.transaction().execute(async (trx) => {
    const before = await getMinPreAppVersion(trx);
    if (before === minPreAppVersion) throw new AppError(ErrorCode.BAD_PARAMS, '最低版本未改变');
    await setMinPreAppVersion(trx, minPreAppVersion);
    await audited(trx, a, StaffAction.APP_VERSION_SET, { minPreAppVersion: before }, { minPreAppVersion });
    return { minPreAppVersion };
  });
}

export const grayUsers = (db: Db, page: number, pageSize: number) => listGrayUsers(db, page, pageSize);

export async function addGrayAsStaff(db: Db, a: Acting, uid: string) {
  const userId = await userIdOfUid(db, uid);
  if (userId === null) throw new AppError(ErrorCode.BAD_PARAMS, `没有UID为${uid}的用户`);
  return flipGray(db, a, userId, true);
}

export async function removeGrayAsStaff(db: Db, a: Acting, userId: number) {
  if ((await uidOf(db, userId)) === undefined) throw new AppError(ErrorCode.BAD_PARAMS, '用户不存在');
  return flipGray(db, a, userId, false);
}

async function flipGray(db: Db, a: Acting, userId: number, gray: boolean) {
  return db.transaction().execute(async (trx) => {
    const { before } = await setGray(trx, userId, gray);
    if (before === gray) throw new AppError(ErrorCode.BAD_PARAMS, gray ? '该用户已是灰度用户' : '该用户不是灰度用户');
    await audited(trx, a, gray ? StaffAction.GRAY_ADD : StaffAction.GRAY_REMOVE, { gray: before }, { gray }, userId);
    return { userId: String(userId), gray };
  });
}

export const games = (db: Db) => listGameSettings(db);
export const game = (db: Db, gameId: string) => gameSettings(db, gameId);

export async function setGameAsStaff(db: Db, a: Acting, gameId: string, next: GameSettings) {
  return db.transaction().execute(async (trx) => {
    const { before, after } = await writeGameSettings(trx, gameId, next);
    await audited(trx, a, StaffAction.GAME_SETTINGS, before, after);
    return after;
  });
}
