import { ErrorCode } from '@app/protocol/errors';
import { StaffAction, type StaffLoginAnswer } from '@app/protocol/ops';
import { AppError } from '../../platform/errors';
import type { RateStore } from '../../platform/rate/rate-store';
import { opsDb } from './ops.tables';
import { hashOfNobody, verifyPassword } from './password';
import { type StaffDeps, toMember } from './staff.service';
import { writeAudit } from './staff-audit';
import { issueStaffSession } from './staff-sessions';
import { totpStep } from './totp';

/**
 * Login limits (issue 13 item 6): wrong passwords or codes counted per username and per address
 * in a 15-minute window; at 5 for a username or 20 for an address, logins there are refused
 * (even with the right password) until the window ends. Counted in the shared RateStore.
 */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export interface LoginDeps extends StaffDeps {
  rates: RateStore;
}

const userKey = (username: string) => `staff-login:user:${username}`;
const addressKey = (ip: string) => `staff-login:ip:${ip}`;

export async function staffLogin(
  deps: LoginDeps,
  input: { username: string; password: string; totp?: string | undefined },
  ip: string,
): Promise<StaffLoginAnswer> {
  const { db, rates } = deps;
  if ((await rates.peek(userKey(input.username))) >= MAX_FAILURES_PER_USERNAME)
    throw new AppError(ErrorCode.TOO_FREQUENT, '密码错误次数过多，该账号已临时锁定，请15分钟后再试');
  if ((await rates.peek(addressKey(ip))) >= MAX_FAILURES_PER_ADDRESS)
    throw new AppError(ErrorCode.TOO_FREQUENT, '当前网络登录失败次数过多，请15分钟后再试');
  const failed = async (code: ErrorCode, message?: string): Promise<never> => {
    await rates.hit(userKey(input.username), LOGIN_WINDOW_SECONDS);
    await rates.hit(addressKey(ip), LOGIN_WINDOW_SECONDS);
    throw new AppError(code, message);
  };

  const row = await opsDb(db).selectFrom('staff').selectAll().where('username', '=', input.username).executeTakeFirst();
  const passwordOk = await verifyPassword(input.password, row?.password_hash ?? (await hashOfNobody()));
  if (!row || !passwordOk) return failed(ErrorCode.STAFF_LOGIN_FAILED);
  if (row.disabled_at) throw new AppError(ErrorCode.STAFF_LOGIN_FAILED, '账号已停用，请联系管理员');
  let step: number | null = null;
  if (row.totp_enabled_at && row.totp_secret) {
    // The password was right: the console now asks for the code (not counted as a failure).
    if (!input.totp) throw new AppError(ErrorCode.STAFF_TOTP_REQUIRED);
    step = totpStep(deps.pii.open(row.totp_secret), input.totp);
    if (step === null || (row.totp_last_step !== null && step <= Number(row.totp_last_step)))
      return failed(ErrorCode.STAFF_TOTP_REQUIRED, '动态验证码不正确或已使用，请输入新的验证码');
  }
  const session = await issueStaffSession(db, row.id, ip);
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await opsDb(trx)
      .updateTable('staff')
      .set({ last_login_at: now, ...(step === null ? {} : { totp_last_step: step }) })
      .where('id', '=', row.id)
      .execute();
    await writeAudit(trx, {
      staffId: row.id,
      action: StaffAction.LOGIN,
      after: { totp: step !== null },
      ip,
    });
  });
  return { ...session, staff: toMember({ ...row, last_login_at: now }) };
}
