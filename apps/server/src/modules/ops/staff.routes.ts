import {
  changeOwnPasswordPayload,
  createStaffPayload,
  resetPasswordPayload,
  totpCodePayload,
  updateStaffPayload,
} from '@app/protocol/ops';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OpsDeps } from './ops.module';
import { ok, parse, staffOf } from './ops-http';
import {
  changeOwnPassword,
  createStaff,
  disableTotp,
  enableTotp,
  listStaff,
  resetStaffPassword,
  setupTotp,
  updateStaff,
} from './staff.service';

const staffParams = z.object({ staffId: z.string().regex(/^\d{1,9}$/, '员工编号不正确') });

/** 员工 (admins manage accounts) and 安全设置 (everyone's own password and second factor). */
export function staffRoutes(ops: FastifyInstance, deps: OpsDeps): void {
  ops.get('/staff', { config: { access: 'staff' } }, async () => ok({ list: await listStaff(deps.db) }));

  ops.post('/staff', { config: { access: 'staff' } }, async (request) => {
    const body = parse(createStaffPayload, request.body);
    return ok(await createStaff(deps.db, staffOf(request), body, request.ip));
  });

  ops.patch('/staff/:staffId', { config: { access: 'staff' } }, async (request) => {
    const { staffId } = parse(staffParams, request.params);
    const body = parse(updateStaffPayload, request.body);
    const member = await updateStaff(deps.db, staffOf(request), Number(staffId), body, request.ip);
    // Disabled, or a role without the orders: his sessions or his chat logins end everywhere at once.
    await deps.sessionEnds.ended(Number(staffId), request.log);
    return ok(member);
  });

  ops.post('/staff/:staffId/password', { config: { access: 'staff' } }, async (request) => {
    const { staffId } = parse(staffParams, request.params);
    const body = parse(resetPasswordPayload, request.body);
    const member = await resetStaffPassword(deps.db, staffOf(request), Number(staffId), body, request.ip);
    await deps.sessionEnds.ended(Number(staffId), request.log);
    return ok(member);
  });

  ops.post('/me/password', { config: { access: 'signedIn' } }, async (request) => {
    const body = parse(changeOwnPasswordPayload, request.body);
    await changeOwnPassword(deps.db, staffOf(request), body, request.ip);
    await deps.sessionEnds.ended(staffOf(request).id, request.log);
    return ok(null);
  });

  ops.post('/me/totp/setup', { config: { access: 'signedIn' } }, async (request) =>
    ok(await setupTotp(deps, staffOf(request))),
  );

  ops.post('/me/totp/enable', { config: { access: 'signedIn' } }, async (request) => {
    const { code } = parse(totpCodePayload, request.body);
    await enableTotp(deps, staffOf(request), code, request.ip);
    return ok(null);
  });

  ops.post('/me/totp/disable', { config: { access: 'signedIn' } }, async (request) => {
    const { code } = parse(totpCodePayload, request.body);
    await disableTotp(deps, staffOf(request), code, request.ip);
    return ok(null);
  });
}
