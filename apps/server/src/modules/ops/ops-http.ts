import { ErrorCode } from '@app/protocol/errors';
import { type StaffPermission, staffCan, staffRoleLabel } from '@app/protocol/ops';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { StaffPrincipal } from './staff-sessions';

/** Who may call a console route: anyone (`public`), any staff member (`signedIn`), or one permission. */
export type RouteAccess = 'public' | 'signedIn' | StaffPermission;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    staff?: StaffPrincipal;
  }
}

export const ok = <T>(data: T) => ({ code: '200', msg: 'success', data });

export function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError(ErrorCode.BAD_PARAMS, result.error.issues[0]?.message ?? '参数错误');
  return result.data;
}

/** The staff member of a route that is not public (set by the module's onRequest hook). */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new AppError(ErrorCode.STAFF_LOGIN_REQUIRED);
  return request.staff;
}

const refusals: Record<StaffPermission, string> = {
  orders: '您的角色无权处理订单',
  audit: '仅运营、财务和管理员可以查看操作日志',
  staff: '仅管理员可以管理员工',
  merchants: '仅运营和管理员可以审核商人',
  money: '仅财务和管理员可以处理资金',
  users: '仅客服、运营和管理员可以查找和查看用户',
  userActions: '仅运营和管理员可以封禁、下线用户或暂停提现',
  stats: '仅运营和管理员可以查看数据统计',
  listings: '仅运营和管理员可以冻结、解冻或下架商品',
  games: '仅运营和管理员可以设置游戏规则、维护和灰度',
  coupons: '仅运营和管理员可以管理优惠券活动',
  risk: '仅运营和管理员可以处理风控信号',
  content: '仅运营和管理员可以发布和修改内容',
  feedback: '仅客服、运营和管理员可以处理用户反馈',
};

export function requireAccess(staff: StaffPrincipal, access: RouteAccess): void {
  if (access === 'public' || access === 'signedIn') return;
  if (!staffCan(staff.role, access))
    throw new AppError(ErrorCode.STAFF_FORBIDDEN, `${refusals[access]}（当前角色：${staffRoleLabel[staff.role]}）`);
}

/** HTTP statuses of the console's refusals (the envelope is the same as everywhere). */
export const opsHttpStatus: Partial<Record<ErrorCode, number>> = {
  [ErrorCode.STAFF_LOGIN_REQUIRED]: 401,
  [ErrorCode.STAFF_FORBIDDEN]: 403,
  [ErrorCode.TOO_FREQUENT]: 429,
};
