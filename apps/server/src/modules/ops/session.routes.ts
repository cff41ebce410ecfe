import { timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@app/protocol/errors';
import { bootstrapPayload, StaffAction, staffLoginPayload } from '@app/protocol/ops';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import type { OpsDeps } from './ops.module';
import { ok, parse, staffOf } from './ops-http';
import { bootstrapAdmin, hasAdmin, staffMember } from './staff.service';
import { writeAudit } from './staff-audit';
import { LOGIN_WINDOW_SECONDS, MAX_FAILURES_PER_ADDRESS, staffLogin } from './staff-login';
import { revokeStaffSession } from './staff-sessions';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Bootstrap of the first admin (OPS_TOKEN, once), login, logout, who am I. */
export function sessionRoutes(ops: FastifyInstance, deps: OpsDeps): void {
  const bearer = (request: FastifyRequest) => (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');

  ops.post('/bootstrap', { config: { access: 'public' } }, async (request) => {
    if (await hasAdmin(deps.db)) throw new AppError(ErrorCode.STAFF_FORBIDDEN, '已有管理员，初始化密钥不再可用');
    if (!deps.bootstrapToken) throw new AppError(ErrorCode.STAFF_FORBIDDEN, '未配置初始化密钥（OPS_TOKEN）');
    const addressKey = `staff-bootstrap:ip:${request.ip}`;
    if ((await deps.rates.peek(addressKey)) >= MAX_FAILURES_PER_ADDRESS)
      throw new AppError(ErrorCode.TOO_FREQUENT, '尝试次数过多，请15分钟后再试');
    if (!sameSecret(bearer(request), deps.bootstrapToken)) {
      await deps.rates.hit(addressKey, LOGIN_WINDOW_SECONDS);
      throw new AppError(ErrorCode.STAFF_LOGIN_REQUIRED, '初始化密钥不正确');
    }
    const body = parse(bootstrapPayload, request.body);
    const admin = await bootstrapAdmin(deps.db, body, request.ip);
    request.log.info({ staffId: admin.id, username: admin.username }, 'first admin bootstrapped');
    return ok({ staff: admin });
  });

  ops.post('/login', { config: { access: 'public' } }, async (request) => {
    const body = parse(staffLoginPayload, request.body);
    const answer = await staffLogin(deps, body, request.ip);
    request.log.info({ staffId: answer.staff.id }, 'staff logged in');
    return ok(answer);
  });

  ops.post('/logout', { config: { access: 'signedIn' } }, async (request) => {
    const me = staffOf(request);
    await revokeStaffSession(deps.db, me.token);
    await deps.sessionEnds.ended(me.id, request.log);
    await writeAudit(deps.db, { staffId: me.id, action: StaffAction.LOGOUT, ip: request.ip });
    return ok(null);
  });

  ops.get('/me', { config: { access: 'signedIn' } }, async (request) =>
    ok(await staffMember(deps.db, staffOf(request).id)),
  );
}
