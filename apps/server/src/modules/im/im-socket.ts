import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@app/protocol/errors';
import {
  IM_CODES,
  IM_LIMITS,
  IM_MESSAGES,
  IM_SOCKET_PATH,
  type ImClientFrame,
  type ImServerFrame,
  imClientFrame,
} from '@app/protocol/im';
import { CONTROL_CHARS } from '@app/protocol/validation';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '../../platform/db/database';
import { metricsOf } from '../../platform/metrics/metrics';
import type { RateStore } from '../../platform/rate/rate-store';
import type { ObjectStorage } from '../../platform/storage/object-storage';
import { ownImage } from './chat-images';
import { type FrameKind, frameLimits } from './frame-limits';
import {
  appendOnce,
  groupIdOf,
  groupMembers,
  history,
  isReadOnly,
  markRead,
  memberAccounts,
  membership,
} from './im.service';
import type { ImBus, ImEvent } from './im-bus';
import { chatTokenHash } from './im-tokens';
import { staffIdOfChat } from './staff-account';

/**
 * The chat socket (docs/protocol.md, "The chat socket"). One connection logs in once, then sends,
 * pages and marks read in any of its groups; the process pushes the messages of the account's
 * groups that the bus brings, from this process or another. A frame that is not the protocol closes
 * the socket (1008); the others are unaffected. Every frame kind is limited per socket and per
 * account (frame-limits.ts); a stopping server answers the frames in flight, then closes with 1001.
 */
interface Connection {
  id: string;
  socket: WebSocket;
  account: string | null;
  tokenHash: string | null;
  alive: boolean;
  /** Which slice of the heartbeat pings it (see HEARTBEAT_SLICES). */
  slice: number;
}

const LOGIN_WITHIN_MS = 10_000;
const HEARTBEAT_MS = 30_000;
/**
 * The heartbeat goes round in slices, one every HEARTBEAT_MS / HEARTBEAT_SLICES: each socket is
 * still pinged once per HEARTBEAT_MS (and ended when it did not answer the last ping), but 10,000
 * sockets are not pinged in one burst that holds the event loop (and every message behind it).
 */
const HEARTBEAT_SLICES = 30;

/** The chat socket's handle: `stop` (the websocket plugin's preClose) answers what is in flight, then closes every socket with 1001. */
export interface ImSocket {
  stop(): Promise<void>;
}

export function imSocket(
  app: FastifyInstance,
  deps: {
    db: Db;
    bus: ImBus;
    rates: RateStore;
    storage: ObjectStorage;
    /** Whether a chat login (its token's hash) is still live (im-tokens' chatLoginValid). */
    loginValid: (account: string, tokenHash: string) => Promise<boolean>;
  },
): ImSocket {
  const { db, bus, storage, loginValid } = deps;
  const admit = frameLimits(deps.rates);
  const connections = new Set<Connection>();
  metricsOf(app).gauge({
    name: 'chat_sockets',
    help: 'Chat sockets this process holds open',
    collect() {
      this.set(connections.size);
    },
  });
  let stopping = false;
  const byAccount = new Map<string, Set<Connection>>();
  const byToken = new Map<string, Connection>();
  // Frames being handled: a stopping server lets them finish before the database and Redis close.
  const inFlight = new Set<Promise<void>>();

  /** A frame to one socket; `text` is the frame already encoded (one event to many sockets is encoded once). */
  const send = (conn: Connection, frame: ImServerFrame, text?: string) => {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(text ?? JSON.stringify(frame));
  };
  const refuse = (conn: Connection, code: string, msg: string, close: number) => {
    send(conn, { t: 'error', code, msg });
    conn.socket.close(close, code);
  };

  bus.onEvent((event: ImEvent) => {
    if (event.type === 'kick') {
      const conn = byToken.get(event.tokenHash);
      if (conn && conn.id !== event.keep) refuse(conn, IM_CODES.KICKED, IM_MESSAGES.kicked, 4003);
      return;
    }
    if (event.type === 'logout') {
      for (const hash of event.tokenHashes) {
        const conn = byToken.get(hash);
        if (conn) refuse(conn, IM_CODES.RELOGIN, IM_MESSAGES.relogin, 4001);
      }
      return;
    }
    const frame: ImServerFrame =
      event.type === 'msg'
        ? { t: 'msg', message: event.message }
        : event.type === 'notice'
          ? { t: 'notice', notice: event.notice }
          : { t: 'read', groupId: event.groupId, account: event.account, seq: event.seq };
    let text: string | undefined;
    for (const account of event.to)
      for (const conn of byAccount.get(account) ?? []) {
        text ??= JSON.stringify(frame);
        send(conn, frame, text);
      }
  });

  let beat = 0;
  let opened = 0;
  const heartbeat = setInterval(() => {
    const slice = beat++ % HEARTBEAT_SLICES;
    for (const conns of byAccount.values())
      for (const conn of conns) {
        if (conn.slice !== slice) continue;
        if (!conn.alive) conn.socket.terminate();
        conn.alive = false;
        conn.socket.ping();
      }
  }, HEARTBEAT_MS / HEARTBEAT_SLICES);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));
  async function stop() {
    // Frames that come from now on are not handled (a client resends an unanswered message with its ref).
    stopping = true;
    clearInterval(heartbeat);
    await Promise.allSettled([...inFlight]);
    for (const conn of connections) conn.socket.close(1001, 'server stopping');
  }

  async function login(conn: Connection, frame: Extract<ImClientFrame, { t: 'login' }>) {
    if (conn.account) return refuse(conn, ErrorCode.BAD_PARAMS, IM_MESSAGES.badFrame, 1008);
    const tokenHash = chatTokenHash(frame.token);
    if (!(await loginValid(frame.account, tokenHash))) return refuse(conn, IM_CODES.RELOGIN, IM_MESSAGES.relogin, 4001);
    conn.account = frame.account;
    conn.tokenHash = tokenHash;
    // One live socket per chat login: the newer one stays, the older is told 3003.
    await bus.publish({ type: 'kick', tokenHash: conn.tokenHash, keep: conn.id });
    byToken.set(conn.tokenHash, conn);
    const conns = byAccount.get(frame.account) ?? new Set();
    conns.add(conn);
    byAccount.set(frame.account, conns);
    await bus.connected(frame.account, 1);
    // A staff login ended while this one was checked: its close went out before this socket was known.
    if (staffIdOfChat(frame.account) !== null && !(await loginValid(frame.account, tokenHash)))
      return refuse(conn, IM_CODES.RELOGIN, IM_MESSAGES.relogin, 4001);
    send(conn, { t: 'login', account: frame.account });
  }

  /** The member's view of the group, or a nack said and undefined. */
  async function memberOf(conn: Connection, ref: string, groupKey: string) {
    const member = await membership(db, groupIdOf(groupKey), conn.account as string);
    if (!member) send(conn, { t: 'nack', ref, msg: IM_MESSAGES.notMember });
    return member;
  }

  async function sendMessage(conn: Connection, frame: Extract<ImClientFrame, { t: 'send' }>) {
    const account = conn.account as string;
    const groupId = groupIdOf(frame.groupId);
    const group = await groupMembers(db, groupId);
    const member = group?.members.find((m) => m.account === account);
    if (!group || !member) return send(conn, { t: 'nack', ref: frame.ref, msg: IM_MESSAGES.notMember });
    if (isReadOnly(group.endedAt)) return send(conn, { t: 'nack', ref: frame.ref, msg: IM_MESSAGES.readOnly });
    // The same rule as the calls: a control character is refused, never silently removed.
    if (CONTROL_CHARS.test(frame.body)) return send(conn, { t: 'nack', ref: frame.ref, msg: IM_MESSAGES.badChars });
    const body = frame.kind === 'text' ? frame.body.trim() : frame.body;
    // An image: an object this account uploaded through generateIMAssertSignedUrl, an image within the cap.
    const imageKey = frame.kind === 'image' ? await ownImage(storage, account, body) : null;
    if (frame.kind === 'image' && !imageKey)
      return send(conn, { t: 'nack', ref: frame.ref, msg: IM_MESSAGES.badImage });
    if (body.length === 0) return send(conn, { t: 'nack', ref: frame.ref, msg: IM_MESSAGES.empty });
    if ([...body].length > IM_LIMITS.textChars)
      return send(conn, { t: 'nack', ref: frame.ref, msg: IM_MESSAGES.tooLong });
    // An order card shows the group's own order only.
    if (frame.kind === 'order' && (group.kind !== 'order' || body !== String(group.refId)))
      return send(conn, { t: 'nack', ref: frame.ref, msg: IM_MESSAGES.badFrame });
    // Idempotent by ref: a resend (a reconnect, a second socket at once) answers the message already posted.
    const { message, repeated } = await appendOnce(db, {
      groupId,
      sender: account,
      role: member.role,
      kind: frame.kind,
      body: imageKey ?? body,
      ref: frame.ref,
    });
    const sameSend =
      message.groupId === frame.groupId && message.kind === frame.kind && message.body === (imageKey ?? body);
    if (repeated && !sameSend) return send(conn, { t: 'nack', ref: frame.ref, msg: IM_MESSAGES.refReused });
    send(conn, { t: 'ack', ref: frame.ref, message });
    if (repeated) return;
    await bus.publish({ type: 'msg', to: group.members.map((m) => m.account), message });
  }

  /** Counts the frame against its limits: true when it may be handled; otherwise it was refused (or its socket closed). */
  async function admitted(conn: Connection, frame: Exclude<ImClientFrame, { t: 'login' }>): Promise<boolean> {
    const verdict = await admit(conn.id, conn.account as string, frame.t as FrameKind);
    if (verdict === 'ok') return true;
    if (verdict === 'flood') refuse(conn, IM_CODES.TOO_FREQUENT, IM_MESSAGES.framesTooFrequent, 1008);
    else if ('ref' in frame)
      send(conn, {
        t: 'nack',
        ref: frame.ref,
        msg: frame.t === 'send' ? IM_MESSAGES.tooFrequent : IM_MESSAGES.framesTooFrequent,
      });
    else send(conn, { t: 'error', code: IM_CODES.TOO_FREQUENT, msg: IM_MESSAGES.framesTooFrequent });
    return false;
  }

  async function handle(conn: Connection, frame: ImClientFrame) {
    if (frame.t === 'login') return login(conn, frame);
    if (!conn.account) return refuse(conn, IM_CODES.RELOGIN, IM_MESSAGES.relogin, 4001);
    const account = conn.account;
    // Counted before anything reaches the database: a flood is refused here.
    if (!(await admitted(conn, frame))) return;
    // A staff login is checked at every frame: it ends with his console session, on any process.
    if (staffIdOfChat(account) !== null && !(await loginValid(account, conn.tokenHash as string)))
      return refuse(conn, IM_CODES.RELOGIN, IM_MESSAGES.relogin, 4001);
    if (frame.t === 'ping') return send(conn, { t: 'pong' });
    if (frame.t === 'send') return sendMessage(conn, frame);
    if (frame.t === 'history') {
      const member = await memberOf(conn, frame.ref, frame.groupId);
      if (!member) return;
      const page = await history(db, groupIdOf(frame.groupId), frame);
      return send(conn, {
        t: 'history',
        ref: frame.ref,
        groupId: frame.groupId,
        ...page,
        readOnly: isReadOnly(member.ended_at),
      });
    }
    if (frame.t === 'read') {
      const groupId = groupIdOf(frame.groupId);
      const seq = await markRead(db, groupId, account, frame.seq);
      if (seq === null) return;
      return bus.publish({ type: 'read', to: await memberAccounts(db, groupId), groupId: frame.groupId, account, seq });
    }
    const member = await memberOf(conn, frame.ref, frame.groupId);
    if (!member) return;
    const online = await bus.online(await memberAccounts(db, groupIdOf(frame.groupId)));
    send(conn, { t: 'presence', ref: frame.ref, groupId: frame.groupId, online });
  }

  app.get(IM_SOCKET_PATH, { websocket: true }, (socket) => {
    const conn: Connection = {
      id: randomUUID(),
      socket,
      account: null,
      tokenHash: null,
      alive: true,
      slice: opened++ % HEARTBEAT_SLICES,
    };
    if (stopping) return socket.close(1001, 'server stopping');
    connections.add(conn);
    const loginTimer = setTimeout(() => {
      if (!conn.account) refuse(conn, IM_CODES.RELOGIN, IM_MESSAGES.relogin, 4001);
    }, LOGIN_WITHIN_MS);
    // Frames of one socket are handled one after another, in the order they came.
    let queue: Promise<void> = Promise.resolve();
    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      // Nothing more of a socket being closed (a flood, a bad frame) or of a stopping server is handled.
      if (stopping || socket.readyState !== socket.OPEN) return;
      if ((data as Buffer).length > IM_LIMITS.frameBytes)
        return refuse(conn, ErrorCode.BAD_PARAMS, IM_MESSAGES.badFrame, 1008);
      const text = isBinary ? null : data.toString();
      let parsed: ReturnType<typeof imClientFrame.safeParse> | null = null;
      try {
        parsed = text === null ? null : imClientFrame.safeParse(JSON.parse(text));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) return refuse(conn, ErrorCode.BAD_PARAMS, IM_MESSAGES.badFrame, 1008);
      const frame = parsed.data;
      const done = queue
        .then(() => (socket.readyState === socket.OPEN ? handle(conn, frame) : undefined))
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'chat frame failed');
          if (frame.t === 'send' || frame.t === 'history' || frame.t === 'presence')
            send(conn, { t: 'nack', ref: frame.ref, msg: '系统繁忙，请稍后再试' });
        });
      queue = done;
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
    });
    socket.on('close', () => {
      clearTimeout(loginTimer);
      connections.delete(conn);
      if (!conn.account) return;
      if (conn.tokenHash && byToken.get(conn.tokenHash) === conn) byToken.delete(conn.tokenHash);
      const conns = byAccount.get(conn.account);
      conns?.delete(conn);
      if (conns?.size === 0) byAccount.delete(conn.account);
      void bus.connected(conn.account, -1).catch(() => {});
    });
  });
  return { stop };
}
