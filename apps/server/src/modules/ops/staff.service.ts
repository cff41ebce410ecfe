import { ErrorCode } from '@app/protocol/errors';
import { StaffAction, type StaffMember, type StaffRole, type TotpSetup } from '@app/protocol/ops';
import type { PiiCipher } from '../../platform/crypto/pii';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { opsDb, type StaffTable } from './ops.tables';
import { hashPassword, verifyPassword } from './password';
import { writeAudit } from './staff-audit';
import { revokeAllStaffSessions, type StaffPrincipal } from './staff-sessions';
import { newTotpSecret, totpStep, totpUri } from './totp';

/** Staff accounts: created by an admin (or bootstrapped), a role, disabled rather than deleted. */
export interface StaffDeps {
  db: Db;
  pii: PiiCipher;
}

type StaffRow = Pick<
  StaffTable,
  'username' | 'display_name' | 'role' | 'disabled_at' | 'totp_enabled_at' | 'last_login_at'
> & { id: number; created_at: Date };

export const toMember = (r: StaffRow): StaffMember => ({
  id: String(r.id),
  username: r.username,
  displayName: r.display_name,
  role: r.role,
  disabled: r.disabled_at !== null,
  totpEnabled: r.totp_enabled_at !== null,
  createdAt: r.created_at.getTime(),
  lastLoginAt: r.last_login_at?.getTime() ?? null,
});

const memberColumns = [
  'id',
  'username',
  'display_name',
  'role',
  'disabled_at',
  'totp_enabled_at',
  'last_login_at',
  'created_at',
] as const;

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

export async function staffMember(db: Db, id: number): Promise<StaffMember> {
  const row = await opsDb(db).selectFrom('staff').select(memberColumns).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '员工不存在');
  return toMember(row);
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await opsDb(db).selectFrom('staff').select(memberColumns).orderBy('id', 'asc').execute();
  return rows.map(toMember);
}

export async function hasAdmin(db: Db): Promise<boolean> {
  return (
    (await opsDb(db).selectFrom('staff').select('id').where('role', '=', 'admin').limit(1).executeTakeFirst()) !==
    undefined
  );
}

/**
 * The first admin, made with the OPS_TOKEN while no admin exists. The partial unique index on
 * admins without a creator makes a second, concurrent bootstrap fail rather than win too.
 */
export async function bootstrapAdmin(
  db: Db,
  input: { username: string; password: string; displayName: string },
  ip: string,
): Promise<StaffMember> {
  if (await hasAdmin(db)) throw new AppError(ErrorCode.STAFF_FORBIDDEN, '已有管理员，初始化密钥不再可用');
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await opsDb(trx)
        .insertInto('staff')
        .values({
          username: input.username,
          display_name: input.displayName,
          role: 'admin',
          password_hash: passwordHash,
          created_by: null,
        })
        .returning(memberColumns)
        .executeTakeFirstOrThrow();
      await writeAudit(trx, {
        staffId: row.id,
        action: StaffAction.BOOTSTRAP,
        targetStaffId: row.id,
        after: { username: row.username, displayName: row.display_name, role: row.role },
        ip,
      });
      return toMember(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.STAFF_FORBIDDEN, '已有管理员，初始化密钥不再可用');
    throw error;
  }
}

/** Outside production only: the demo console's accounts (README, Trying it as a user). */
export const DEMO_STAFF = [
  { username: 'ops-admin', password: 'demo-ops-123', displayName: '演示管理员', role: 'admin' },
  { username: 'ops-operator', password: 'demo-ops-123', displayName: '演示运营', role: 'operator' },
  { username: 'ops-cs', password: 'demo-cs-123', displayName: '演示客服', role: 'cs' },
  { username: 'ops-finance', password: 'demo-fin-123', displayName: '演示财务', role: 'finance' },
] as const;

export async function seedDemoStaff(db: Db): Promise<void> {
  const existing = await opsDb(db).selectFrom('staff').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  for (const s of DEMO_STAFF) {
    await opsDb(db)
      .insertInto('staff')
      .values({
        username: s.username,
        display_name: s.displayName,
        role: s.role,
        password_hash: await hashPassword(s.password),
        created_by: null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute()
      .catch((error: unknown) => {
        // Another process seeded the founding admin at the same moment.
        if (!isUniqueViolation(error)) throw error;
      });
  }
}

export async function createStaff(
  db: Db,
  actor: StaffPrincipal,
  input: { username: string; displayName: string; role: StaffRole; password: string },
  ip: string,
): Promise<StaffMember> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const row = await opsDb(trx)
      .insertInto('staff')
      .values({
        username: input.username,
        display_name: input.displayName,
        role: input.role,
        password_hash: passwordHash,
        created_by: actor.id,
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning(memberColumns)
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.BAD_PARAMS, '用户名已被使用');
    await writeAudit(trx, {
      staffId: actor.id,
      action: StaffAction.STAFF_CREATE,
      targetStaffId: row.id,
      after: { username: row.username, displayName: row.display_name, role: row.role },
      ip,
    });
    return toMember(row);
  });
}

/** An admin changes a role or disables / enables an account; disabling ends its sessions at once. */
export async function updateStaff(
  db: Db,
  actor: StaffPrincipal,
  id: number,
  change: { role?: StaffRole | undefined; disabled?: boolean | undefined },
  ip: string,
): Promise<StaffMember> {
  if (id === actor.id && change.role !== undefined && change.role !== actor.role)
    throw new AppError(ErrorCode.BAD_PARAMS, '不能修改自己的角色');
  if (id === actor.id && change.disabled) throw new AppError(ErrorCode.BAD_PARAMS, '不能停用自己的账号');
  return db.transaction().execute(async (trx) => {
    const before = await opsDb(trx)
      .selectFrom('staff')
      .select(['role', 'disabled_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError(ErrorCode.BAD_PARAMS, '员工不存在');
    if (change.role !== undefined && change.role !== before.role) {
      await opsDb(trx).updateTable('staff').set({ role: change.role }).where('id', '=', id).execute();
      await writeAudit(trx, {
        staffId: actor.id,
        action: StaffAction.STAFF_ROLE,
        targetStaffId: id,
        before: { role: before.role },
        after: { role: change.role },
        ip,
      });
    }
    const wasDisabled = before.disabled_at !== null;
    if (change.disabled !== undefined && change.disabled !== wasDisabled) {
      await opsDb(trx)
        .updateTable('staff')
        .set({ disabled_at: change.disabled ? new Date() : null })
        .where('id', '=', id)
        .execute();
      if (change.disabled) await revokeAllStaffSessions(trx, id);
      await writeAudit(trx, {
        staffId: actor.id,
        action: change.disabled ? StaffAction.STAFF_DISABLE : StaffAction.STAFF_ENABLE,
        targetStaffId: id,
        before: { disabled: wasDisabled },
        after: { disabled: change.disabled },
        ip,
      });
    }
    return staffMember(trx, id);
  });
}

/** An admin sets a new password (and may clear a lost second factor); the member's sessions end. */
export async function resetStaffPassword(
  db: Db,
  actor: StaffPrincipal,
  id: number,
  input: { password: string; clearTotp: boolean },
  ip: string,
): Promise<StaffMember> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const before = await opsDb(trx)
      .selectFrom('staff')
      .select(['totp_enabled_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw new AppError(ErrorCode.BAD_PARAMS, '员工不存在');
    await opsDb(trx)
      .updateTable('staff')
      .set({
        password_hash: passwordHash,
        ...(input.clearTotp ? { totp_secret: null, totp_enabled_at: null, totp_last_step: null } : {}),
      })
      .where('id', '=', id)
      .execute();
    await revokeAllStaffSessions(trx, id, id === actor.id ? actor.token : undefined);
    await writeAudit(trx, {
      staffId: actor.id,
      action: StaffAction.STAFF_PASSWORD_RESET,
      targetStaffId: id,
      before: { totpEnabled: before.totp_enabled_at !== null },
      after: { passwordChanged: true, totpEnabled: before.totp_enabled_at !== null && !input.clearTotp },
      ip,
    });
    return staffMember(trx, id);
  });
}

/** A staff member's own new password, given the current one; their other sessions end. */
export async function changeOwnPassword(
  db: Db,
  me: StaffPrincipal,
  input: { current: string; password: string },
  ip: string,
): Promise<void> {
  const row = await opsDb(db)
    .selectFrom('staff')
    .select('password_hash')
    .where('id', '=', me.id)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(input.current, row.password_hash)))
    throw new AppError(ErrorCode.BAD_PARAMS, '当前密码不正确');
  if (input.current === input.password) throw new AppError(ErrorCode.BAD_PARAMS, '新密码不能与当前密码相同');
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await opsDb(trx).updateTable('staff').set({ password_hash: passwordHash }).where('id', '=', me.id).execute();
    await revokeAllStaffSessions(trx, me.id, me.token);
    await writeAudit(trx, { staffId: me.id, action: StaffAction.OWN_PASSWORD, after: { passwordChanged: true }, ip });
  });
}

/** A new secret to put in an authenticator app; it counts only once a code from it is confirmed. */
export async function setupTotp(deps: StaffDeps, me: StaffPrincipal): Promise<TotpSetup> {
  const row = await opsDb(deps.db)
    .selectFrom('staff')
    .select('totp_enabled_at')
    .where('id', '=', me.id)
    .executeTakeFirstOrThrow();
  if (row.totp_enabled_at) throw new AppError(ErrorCode.BAD_PARAMS, '两步验证已开启');
  const secret = newTotpSecret();
  await opsDb(deps.db)
    .updateTable('staff')
    .set({ totp_secret: deps.pii.seal(secret) })
    .where('id', '=', me.id)
    .execute();
  return { secret, uri: totpUri(secret, me.username) };
}

export async function enableTotp(deps: StaffDeps, me: StaffPrincipal, code: string, ip: string): Promise<void> {
  const row = await opsDb(deps.db)
    .selectFrom('staff')
    .select(['totp_secret', 'totp_enabled_at'])
    .where('id', '=', me.id)
    .executeTakeFirstOrThrow();
  if (row.totp_enabled_at) throw new AppError(ErrorCode.BAD_PARAMS, '两步验证已开启');
  if (!row.totp_secret) throw new AppError(ErrorCode.BAD_PARAMS, '请先生成密钥');
  const step = totpStep(deps.pii.open(row.totp_secret), code);
  if (step === null) throw new AppError(ErrorCode.BAD_PARAMS, '动态验证码不正确，请核对手机时间后重试');
  await deps.db.transaction().execute(async (trx) => {
    await opsDb(trx)
      .updateTable('staff')
      .set({ totp_enabled_at: new Date(), totp_last_step: step })
      .where('id', '=', me.id)
      .execute();
    await writeAudit(trx, {
      staffId: me.id,
      action: StaffAction.OWN_TOTP_ENABLE,
      before: { totpEnabled: false },
      after: { totpEnabled: true },
      ip,
    });
  });
}

export async function disableTotp(deps: StaffDeps, me: StaffPrincipal, code: string, ip: string): Promise<void> {
  const row = await opsDb(deps.db)
    .selectFrom('staff')
    .select(['totp_secret', 'totp_enabled_at'])
    .where('id', '=', me.id)
    .executeTakeFirstOrThrow();
  if (!row.totp_enabled_at || !row.totp_secret) throw new AppError(ErrorCode.BAD_PARAMS, '两步验证未开启');
  if (totpStep(deps.pii.open(row.totp_secret), code) === null)
    throw new AppError(ErrorCode.BAD_PARAMS, '动态验证码不正确，请核对手机时间后重试');
  await deps.db.transaction().execute(async (trx) => {
    await opsDb(trx)
      .updateTable('staff')
      .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
      .where('id', '=', me.id)
      .execute();
    await writeAudit(trx, {
      staffId: me.id,
      action: StaffAction.OWN_TOTP_DISABLE,
      before: { totpEnabled: true },
      after: { totpEnabled: false },
      ip,
    });
  });
}
