import { IM_LIMITS } from '@app/protocol/im';
import type { Notice } from '@app/protocol/notices';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../platform/db/handle';
import type { CallPlatform } from '../../platform/http/register-call';
import type { RateStore } from '../../platform/rate/rate-store';
import type { RedisClient } from '../../platform/redis';
import type { ObjectStorage } from '../../platform/storage/object-storage';
import { imRoutes } from './im.routes';
import { appendMessage, endGroup, type GroupSpec, groupOf, memberAccounts, openGroup } from './im.service';
import type { ImGroupKind } from './im.tables';
import { type ImBus, memoryBus, redisBus } from './im-bus';
import { imSocket } from './im-socket';

/** What other modules do with the chat: open an order's group with the order, speak as the system, end it. */
export interface ChatHandle {
  /** Inside the caller's transaction, so the group exists exactly when the order does. */
  openGroup(db: DbHandle, spec: GroupSpec): Promise<number>;
  /** Posts in the system voice (官方) after the caller's change committed; a missing group is skipped. */
  say(kind: ImGroupKind, refId: number, text: string): Promise<void>;
  end(db: DbHandle, kind: ImGroupKind, refId: number): Promise<void>;
  /** Pushes a notification to the account's sockets on every process. */
  notice(account: string, notice: Notice): Promise<void>;
  bus: ImBus;
}

/** The order chat: its socket, its calls, and fan-out through Redis when configured (in process otherwise). */
export async function imModule(
  app: FastifyInstance,
  deps: {
    platform: CallPlatform;
    rates: RateStore;
    redis: RedisClient | null;
    redisPrefix: string;
    storage: ObjectStorage;
  },
): Promise<ChatHandle> {
  const { db } = deps.platform;
  const bus = deps.redis ? await redisBus(deps.redis, deps.redisPrefix) : memoryBus();
  app.addHook('onClose', () => bus.close());
  await app.register(websocket, { options: { maxPayload: IM_LIMITS.frameBytes } });
  imSocket(app, { db, bus, rates: deps.rates, storage: deps.storage });
  imRoutes(app, deps.platform, deps.storage);
  return {
    openGroup,
    async say(kind, refId, text) {
      const group = await groupOf(db, kind, refId);
      if (!group) return;
      const message = await appendMessage(db, {
        groupId: group.id,
        sender: 'system',
        role: 'system',
        kind: 'event',
        body: text,
      });
      await bus.publish({ type: 'msg', to: await memberAccounts(db, group.id), message });
    },
    end: (handle, kind, refId) => endGroup(handle, kind, refId),
    notice: (account, notice) => bus.publish({ type: 'notice', to: [account], notice }),
    bus,
  };
}
