import { IM_LIMITS, type ImMessage } from '@app/protocol/im';
import type { Notice } from '@app/protocol/notices';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { RawBuilder } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import type { CallPlatform } from '../../platform/http/register-call';
import { metricsOf } from '../../platform/metrics/metrics';
import type { RateStore } from '../../platform/rate/rate-store';
import type { RedisClient } from '../../platform/redis';
import type { ObjectStorage } from '../../platform/storage/object-storage';
import { ownImage } from './chat-images';
import { imRoutes, memberImageUrl } from './im.routes';
import {
  addMembers,
  appendMessage,
  bothSidesWrote,
  endGroup,
  type GroupSpec,
  type GroupStep,
  type GroupStepSpec,
  groupKey,
  groupOf,
  groupStep,
  memberAccounts,
  membership,
  startGroup,
} from './im.service';
import type { ImGroupKind } from './im.tables';
import { memoryBus, redisBus } from './im-bus';
import { imSocket } from './im-socket';
import { chatLoginValid, endLapsedChatLogins, issueChatToken } from './im-tokens';
import type { StaffChatCheck } from './staff-account';

const STAFF_CHAT_SECONDS = 12 * 3600;

/** What other modules do with the chat: open an order's group with the order, speak as the system, end it. */
export interface ChatHandle {
  /**
   * Inside the caller's transaction, so the group exists exactly when the order does; `opening`,
   * the group's first message in the system voice, is written with it. `announce` pushes that
   * message to the members once the caller's transaction committed.
   */
  openGroup(db: DbHandle, spec: GroupSpec & { opening?: string }): Promise<{ id: number; announce(): Promise<void> }>;
  /**
   * The same as steps of the caller's own statement (the order and its chat written at once,
   * `when` the order was): `announce` pushes the opening message it wrote, after it committed.
   */
  groupStep(
    spec: GroupStepSpec,
    when: RawBuilder<unknown>,
  ): GroupStep & { announce(message: ImMessage): Promise<void> };
  /** Posts in the system voice (官方) after the caller's change committed; a missing group is skipped. */
  say(kind: ImGroupKind, refId: number, text: string): Promise<void>;
  end(db: DbHandle, kind: ImGroupKind, refId: number): Promise<void>;
  /** The group key of an order's (or offer's) chat, null without one. */
  groupKeyOf(kind: ImGroupKind, refId: number): Promise<string | null>;
  /** Whether the buyer and the seller have each written in the group of an order (false without one). */
  bothWrote(kind: ImGroupKind, refId: number): Promise<boolean>;
  /**
   * Customer service's chat login (`cs:<staff id>`), asked with his console session: it lives while
   * the staff check registered by `checkStaffWith` says that session may still handle orders.
   */
  loginFor(account: string, consoleSession: string): Promise<{ account: string; token: string }>;
  /** The ops module's answer to whether a staff chat login may still be used (none: none may). */
  checkStaffWith(check: StaffChatCheck): void;
  /**
   * Ends the account's chat logins that no longer pass (a staff member logged out, was disabled,
   * lost the orders) and closes their sockets on every process; the others stay.
   */
  endLapsedLogins(account: string): Promise<void>;
  /**
   * Adds a member (customer service joining) to the group of an order; answers the group key and
   * whether the account was new to it (once per account, also when joining twice at once), or null
   * without a group.
   */
  join(
    kind: ImGroupKind,
    refId: number,
    account: string,
    role: 'cs',
  ): Promise<{ groupId: string; added: boolean } | null>;
  /** Whether each URL is a chat image the account uploaded (evidence checked before anything changes). */
  ownImages(account: string, urls: readonly string[]): Promise<boolean>;
  /** Posts images as the member's messages (evidence of a refusal), after the caller's change committed. */
  postImages(kind: ImGroupKind, refId: number, account: string, urls: readonly string[]): Promise<void>;
  /** Pushes a notification to the account's sockets on every process. */
  notice(account: string, notice: Notice): Promise<void>;
  /** The short-lived URL of an image message for a member of its group (客服 on the workbench); else refused. */
  imageUrl(account: string, groupKey: string, seq: number): Promise<{ url: string; expireTime: number }>;
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
  const lag = metricsOf(app).histogram({
    name: 'chat_fanout_lag_seconds',
    help: 'From a chat event published by one process to its arrival at this one (Redis pub/sub)',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
  });
  const bus = deps.redis
    ? await redisBus(deps.redis, deps.redisPrefix, (seconds) => lag.observe(seconds))
    : memoryBus();
  app.addHook('onClose', () => bus.close());
  // The socket layer cuts only frames far over the limit (1009); the chat refuses the others (10002, 1008).
  // Stopping answers the frames in flight, then closes the sockets with 1001 (the plugin's own said no status).
  const chat: { stop(): Promise<void> } = { stop: async () => {} };
  await app.register(websocket, { options: { maxPayload: IM_LIMITS.frameCutBytes }, preClose: () => chat.stop() });
  let staffCheck: StaffChatCheck | null = null;
  const loginValid = (account: string, tokenHash: string) => chatLoginValid(db, account, tokenHash, staffCheck);
  chat.stop = imSocket(app, { db, bus, rates: deps.rates, storage: deps.storage, loginValid }).stop;
  imRoutes(app, deps.platform, deps.storage);
  return {
    async openGroup(handle, spec) {
      const { id, opening } = await startGroup(handle, spec);
      return {
        id,
        announce: async () => {
          if (opening) await bus.publish({ type: 'msg', to: spec.members.map((m) => m.account), message: opening });
        },
      };
    },
    groupStep: (spec, when) => ({
      ...groupStep(spec, when),
      announce: (message) => bus.publish({ type: 'msg', to: spec.members.map((m) => m.account), message }),
    }),
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
    async groupKeyOf(kind, refId) {
      const group = await groupOf(db, kind, refId);
      return group ? groupKey(group.id) : null;
    },
    async bothWrote(kind, refId) {
      const group = await groupOf(db, kind, refId);
      return group ? bothSidesWrote(db, group.id) : false;
    },
    // Customer service's chat login names the console session behind it; at most a staff session's 12 hours.
    loginFor: async (account, consoleSession) => ({
      account,
      token: await issueChatToken(db, account, consoleSession, STAFF_CHAT_SECONDS),
    }),
    checkStaffWith(check) {
      staffCheck = check;
    },
    async endLapsedLogins(account) {
      const tokenHashes = await endLapsedChatLogins(db, account, staffCheck);
      if (tokenHashes.length > 0) await bus.publish({ type: 'logout', tokenHashes });
    },
    async join(kind, refId, account, role) {
      const group = await groupOf(db, kind, refId);
      if (!group) return null;
      const added = await addMembers(db, group.id, [{ account, role }]);
      return { groupId: groupKey(group.id), added: added > 0 };
    },
    async ownImages(account, urls) {
      for (const url of urls) if (!(await ownImage(deps.storage, account, url))) return false;
      return true;
    },
    async postImages(kind, refId, account, urls) {
      const group = await groupOf(db, kind, refId);
      const member = group && (await membership(db, group.id, account));
      if (!group || !member) return;
      for (const url of urls) {
        const key = await ownImage(deps.storage, account, url);
        if (!key) continue;
        const message = await appendMessage(db, {
          groupId: group.id,
          sender: account,
          role: member.role,
          kind: 'image',
          body: key,
        });
        await bus.publish({ type: 'msg', to: await memberAccounts(db, group.id), message });
      }
    },
    notice: (account, notice) => bus.publish({ type: 'notice', to: [account], notice }),
    imageUrl: (account, groupKey, seq) => memberImageUrl(db, deps.storage, account, groupKey, seq),
  };
}
