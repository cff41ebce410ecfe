import {
  opsSearchQuery,
  USER_SECTIONS,
  userActionPayload,
  userBanPayload,
  userIdParams,
  userNotePayload,
  userPageQuery,
} from '@app/protocol/ops-users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { OpsDeps } from './ops.module';
import { ok, parse, staffOf } from './ops-http';
import {
  banAsStaff,
  endSessionsAsStaff,
  holdWithdrawalsAsStaff,
  noteAsStaff,
  releaseWithdrawalsAsStaff,
  resetSaleLockAsStaff,
  searchAll,
  unbanAsStaff,
  userSection,
  userSummary,
} from './ops-users';

const view = { config: { access: 'users' as const } };
const act = { config: { access: 'userActions' as const } };
const sectionParams = userIdParams.extend({ section: z.enum(USER_SECTIONS, { message: '页面不存在' }) });

/** 查找 and a user's page (客服, 运营, 管理员), the actions on him (运营, 管理员): thin routes over ops-users.ts. */
export function opsUserRoutes(ops: FastifyInstance, deps: OpsDeps): void {
  const users = deps.users;
  if (!users) return;
  const acting = (request: FastifyRequest, reason: string) => ({
    me: staffOf(request),
    userId: Number(parse(userIdParams, request.params).userId),
    reason,
    ip: request.ip,
  });
  const reasonOf = (request: FastifyRequest) => parse(userActionPayload, request.body).reason;

  ops.get('/search', view, async (request) =>
    ok({ list: await searchAll(users, parse(opsSearchQuery, request.query).q) }),
  );
  ops.get('/users/:userId', view, async (request) =>
    ok(await userSummary(users, Number(parse(userIdParams, request.params).userId))),
  );
  ops.get('/users/:userId/:section', view, async (request) => {
    const { userId, section } = parse(sectionParams, request.params);
    const { page, pageSize } = parse(userPageQuery, request.query);
    return ok(await userSection(users, Number(userId), section, page, pageSize));
  });
  ops.post('/users/:userId/notes', view, async (request) => {
    const { userId } = parse(userIdParams, request.params);
    const { note } = parse(userNotePayload, request.body);
    return ok(await noteAsStaff(users, staffOf(request), Number(userId), note, request.ip));
  });

  ops.post('/users/:userId/ban', act, async (request) => {
    const { reason, until } = parse(userBanPayload, request.body);
    return ok(await banAsStaff(users, acting(request, reason), until));
  });
  ops.post('/users/:userId/unban', act, async (request) =>
    ok(await unbanAsStaff(users, acting(request, reasonOf(request)))),
  );
  ops.post('/users/:userId/sessions/end', act, async (request) =>
    ok(await endSessionsAsStaff(users, acting(request, reasonOf(request)))),
  );
  ops.post('/users/:userId/sale-lock/reset', act, async (request) =>
    ok(await resetSaleLockAsStaff(users, acting(request, reasonOf(request)))),
  );
  ops.post('/users/:userId/withdrawals/hold', act, async (request) =>
    ok(await holdWithdrawalsAsStaff(users, acting(request, reasonOf(request)))),
  );
  ops.post('/users/:userId/withdrawals/release', act, async (request) =>
    ok(await releaseWithdrawalsAsStaff(users, acting(request, reasonOf(request)))),
  );
}
