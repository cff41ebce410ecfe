import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import type { RateStore } from '../../platform/rate/rate-store';
import type { ChatHandle } from '../im/im.module';
import type { NoticesHandle } from '../notices/notices.module';
import { supportRoutes } from './support.routes';
import type { SupportDeps } from './support.service';

/**
 * Customer service in the order chat and the urges: the players' calls here; the console's side
 * (the workbench: waiting requests, join, decide) is the ops module's, through this module's service.
 */
export function supportModule(
  app: FastifyInstance,
  deps: { platform: CallPlatform; chat: ChatHandle; notices: NoticesHandle; rates: RateStore },
): SupportDeps {
  const supportDeps: SupportDeps = { db: deps.platform.db, chat: deps.chat, notices: deps.notices, rates: deps.rates };
  supportRoutes(app, deps.platform, supportDeps);
  return supportDeps;
}
