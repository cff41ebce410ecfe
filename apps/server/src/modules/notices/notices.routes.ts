import { noticeList, noticeRead } from '@app/protocol/calls/notices';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { markNoticesRead, noticePage, unreadNotices } from './notices.service';

export function noticesRoutes(app: FastifyInstance, platform: CallPlatform): void {
  const { db } = platform;
  registerCall(app, platform, noticeList, async (input, ctx) => ({
    ...(await noticePage(db, ctx.user.userId, input.before === undefined ? undefined : Number(input.before))),
    unread: await unreadNotices(db, ctx.user.userId),
  }));
  registerCall(app, platform, noticeRead, async (input, ctx) => {
    await markNoticesRead(db, ctx.user.userId, {
      ...(input.id === undefined ? {} : { id: Number(input.id) }),
      ...(input.all === undefined ? {} : { all: input.all }),
    });
    return { unread: await unreadNotices(db, ctx.user.userId) };
  });
}
