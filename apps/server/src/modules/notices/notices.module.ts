import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../platform/db/handle';
import type { CallPlatform } from '../../platform/http/register-call';
import type { ChatHandle } from '../im/im.module';
import type { NoticeFacts } from './notice-texts';
import { noticesRoutes } from './notices.routes';
import { recordNotice } from './notices.service';

/** What other modules do with notifications: tell a user something happened. */
export interface NoticesHandle {
  /**
   * Records the notification and, when the user's push switch is on, pushes it to their open pages.
   * Call it after the change it tells of has committed; a failure here never undoes that change.
   */
  notify(userId: number, facts: NoticeFacts): Promise<void>;
}

/** The people a notification reaches: the user's chat account and their push switch (the user module answers). */
export interface NoticeAudience {
  uidOf(db: DbHandle, userId: number): Promise<string | null | undefined>;
  pushOn(db: DbHandle, userId: number): Promise<boolean>;
}

/** The message centre's notifications: recorded per user, pushed over the chat socket. */
export function noticesModule(
  app: FastifyInstance,
  deps: { platform: CallPlatform; chat: ChatHandle; audience: NoticeAudience },
): NoticesHandle {
  const { db } = deps.platform;
  noticesRoutes(app, deps.platform);
  return {
    async notify(userId, facts) {
      try {
        const notice = await recordNotice(db, userId, facts);
        if (!(await deps.audience.pushOn(db, userId))) return;
        const uid = await deps.audience.uidOf(db, userId);
        if (uid) await deps.chat.notice(uid, notice);
      } catch (error) {
        app.log.error({ err: error, userId, kind: facts.kind }, 'notification not delivered');
      }
    },
  };
}
