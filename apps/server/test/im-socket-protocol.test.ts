import { conversationList, generateIMAssertToken } from '@app/protocol/calls/im';
import { IM_CODES, IM_LIMITS, IM_MESSAGES, type ImServerFrame } from '@app/protocol/im';
import { CONTROL_CHARS_REFUSAL } from '@app/protocol/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '../src/database';
import { openGroup } from '../src/modules/im/im.service';
import { createTestApp, loginAs, type TestApp, type TestClient } from './helpers';
import { type Chat, chat, loggedIn } from './im-socket-client';

/**
 * The chat socket keeps what docs/protocol.md ("The chat socket") promises: what an independent
 * client written from the document expects, frame by frame, and the limits that keep one socket's
 * flood from holding up everybody else's calls.
 */

/** Every statement the app sends to the database from now on (its SQL), until `restore`. */
function watchStatements(db: AppDb, hold?: { when: RegExp; until: Promise<void>; reached: () => void }) {
  const executor = db.getExecutor() as unknown as { executeQuery: (...args: unknown[]) => Promise<unknown> };
  const original = executor.executeQuery;
  const seen: string[] = [];
  executor.executeQuery = async function (this: unknown, ...args: unknown[]) {
    const text = (args[0] as { sql: string }).sql;
    seen.push(text);
    if (hold?.when.test(text)) {
      hold.reached();
      await hold.until;
    }
    return original.apply(this, args);
  };
  return {
    seen,
    restore: () => {
      executor.executeQuery = original;
    },
  };
}

const HISTORY_SQL = /from "im_messages" where "group_id" = \$1/;

/** The answers a socket got to refs `${prefix}0…`, in order: 'ok', or the refusal's words. */
const answered = (socket: Chat, prefix: string) =>
  socket.frames
    .filter((f): f is Extract<ImServerFrame, { ref: string }> => 'ref' in f && f.ref.startsWith(prefix))
    .map((f) => (f.t === 'nack' ? f.msg : 'ok'));

describe('the chat socket as docs/protocol.md describes it', () => {
  let t: TestApp;
  let client: TestClient;
  let buyer: { token: string; uid: string };
  let seller: { token: string; uid: string };
  let other: { token: string; uid: string };
  let groupKey: string;
  /** A group of its own for a test whose account must start with fresh counts. */
  const ownGroup = async (refId: number, account: string) =>
    `g${await openGroup(t.db, { kind: 'order', refId, title: `订单 ${refId}`, members: [{ account, role: 'buyer' }] })}`;

  beforeAll(async () => {
    t = await createTestApp();
    client = await t.client();
    buyer = await loginAs(t, '13900000101');
    seller = await loginAs(t, '13900000102');
    other = await loginAs(t, '13900000103');
    const id = await openGroup(t.db, {
      kind: 'order',
      refId: 5151,
      title: '订单 5151',
      members: [
        { account: buyer.uid, role: 'buyer' },
        { account: seller.uid, role: 'seller' },
      ],
    });
    groupKey = `g${id}`;
  });
  afterAll(() => t.close());

  it('refuses a frame over 16 KB with 10002 and closes 1008', async () => {
    const b = await loggedIn(t.app, client, buyer.token);
    b.send({ t: 'send', ref: 'big', groupId: groupKey, kind: 'text', body: 'a'.repeat(IM_LIMITS.frameBytes) });
    expect(await b.next('error')).toEqual({ t: 'error', code: '10002', msg: IM_MESSAGES.badFrame });
    expect((await b.closed()).code).toBe(1008);
  });

  it('answers a text over 500 characters with the polite refusal, up to the frame limit', async () => {
    const b = await loggedIn(t.app, client, buyer.token);
    const body = '长'.repeat(5000); // 15,000 bytes: within the frame, far over 500 characters
    b.send({ t: 'send', ref: 'long', groupId: groupKey, kind: 'text', body });
    expect(await b.next('nack')).toEqual({ t: 'nack', ref: 'long', msg: IM_MESSAGES.tooLong });
    b.send({ t: 'ping' });
    expect(await b.next('pong')).toEqual({ t: 'pong' });
    b.ws.close();
  });

  it('answers any frame before login, ping too, with 2024 and closes 4001', async () => {
    const early = await chat(t.app);
    early.send({ t: 'ping' });
    expect(await early.next('error')).toEqual({ t: 'error', code: IM_CODES.RELOGIN, msg: IM_MESSAGES.relogin });
    expect((await early.closed()).code).toBe(4001);
    expect(early.frames.filter((f) => f.t === 'pong')).toEqual([]);
  });

  it('refuses control characters with the calls’ own message and posts nothing', async () => {
    const b = await loggedIn(t.app, client, buyer.token);
    b.send({ t: 'history', ref: 'h0', groupId: groupKey });
    const before = (await b.next('history')).messages.length;
    b.send({ t: 'send', ref: 'bell', groupId: groupKey, kind: 'text', body: '你好\u0007' });
    expect(await b.next('nack')).toEqual({ t: 'nack', ref: 'bell', msg: CONTROL_CHARS_REFUSAL });
    // Blanks around a text are trimmed (documented); tabs and line breaks inside are kept.
    b.send({ t: 'send', ref: 'tab', groupId: groupKey, kind: 'text', body: '  第一行\n\t第二行  ' });
    expect((await b.next('ack')).message.body).toBe('第一行\n\t第二行');
    b.send({ t: 'history', ref: 'h1', groupId: groupKey });
    const after = (await b.next('history')).messages;
    expect(after.length).toBe(before + 1);
    expect(after.some((m) => m.body.includes('\u0007'))).toBe(false);
    b.ws.close();
  });

  it('refuses chat ids beyond the database’s integers in the frame schema (10002), never 系统繁忙', async () => {
    for (const frame of [
      { t: 'history', ref: 'a', groupId: groupKey, after: 2 ** 31 },
      { t: 'history', ref: 'b', groupId: groupKey, before: 2 ** 31 },
      { t: 'read', groupId: groupKey, seq: 2 ** 31 },
      { t: 'presence', ref: 'c', groupId: 'g12345678901234567' },
    ]) {
      const b = await loggedIn(t.app, client, buyer.token);
      b.send(frame);
      expect(await b.next('error')).toEqual({ t: 'error', code: '10002', msg: IM_MESSAGES.badFrame });
      expect((await b.closed()).code).toBe(1008);
      expect(b.frames.filter((f) => f.t === 'nack')).toEqual([]);
    }
    const shown = await client.call(generateIMAssertToken, { groupId: groupKey, seq: 2 ** 31 }, { token: buyer.token });
    expect(shown.code).toBe('10002');
    // The largest id still reads (nothing there).
    const b = await loggedIn(t.app, client, buyer.token);
    b.send({ t: 'history', ref: 'max', groupId: groupKey, after: 2 ** 31 - 1 });
    expect((await b.next('history')).messages).toEqual([]);
    b.ws.close();
  });

  it('posts a resent ref once: the same message answers, nothing is pushed twice, another text under it is refused', async () => {
    const b = await loggedIn(t.app, client, buyer.token);
    const s = await loggedIn(t.app, client, seller.token);
    b.send({ t: 'send', ref: 'once-1', groupId: groupKey, kind: 'text', body: '只发一次' });
    const first = (await b.next('ack')).message;
    await s.next('msg', (f) => f.message.id === first.id);
    b.ws.close();
    // The client lost the answer, reconnected and sends again under the same ref.
    const again = await loggedIn(t.app, client, buyer.token);
    again.send({ t: 'send', ref: 'once-1', groupId: groupKey, kind: 'text', body: '只发一次' });
    expect((await again.next('ack')).message).toEqual(first);
    again.send({ t: 'send', ref: 'once-1', groupId: groupKey, kind: 'text', body: '另一句' });
    expect(await again.next('nack')).toEqual({ t: 'nack', ref: 'once-1', msg: IM_MESSAGES.refReused });
    again.send({ t: 'history', ref: 'h', groupId: groupKey, after: first.seq - 1 });
    expect((await again.next('history')).messages.map((m) => m.body)).toEqual(['只发一次']);
    // Another account's ref of the same name is its own.
    s.send({ t: 'send', ref: 'once-1', groupId: groupKey, kind: 'text', body: '只发一次' });
    expect((await s.next('ack')).message.seq).toBe(first.seq + 1);
    s.send({ t: 'ping' });
    await s.next('pong');
    expect(s.frames.filter((f) => f.t === 'msg' && f.message.id === first.id)).toEqual([]);
    for (const c of [again, s]) c.ws.close();
  });

  it('posts each ref once when two sockets of one account send it at the same moment', async () => {
    // Two chat logins of one account (two tabs): both sockets stay.
    const racer = await loginAs(t, '13900000104');
    const groupKey = await ownGroup(5152, racer.uid);
    const one = await loggedIn(t.app, client, racer.token);
    const two = await loggedIn(t.app, client, racer.token);
    one.send({ t: 'history', ref: 'h0', groupId: groupKey });
    const start = (await one.next('history')).messages.at(-1)?.seq ?? 0;
    // Both sends look the ref up and find none; their writes are held until both came, then go at once
    // (on PostgreSQL the loser waits for the winner's row lock and hits the unique index).
    let release = () => {};
    let arrived = 0;
    let bothArrived = () => {};
    const both = new Promise<void>((resolve) => {
      bothArrived = resolve;
    });
    const watch = watchStatements(t.db, {
      when: /update im_groups set last_seq/,
      until: new Promise<void>((resolve) => {
        release = resolve;
      }),
      reached: () => {
        arrived += 1;
        if (arrived === 2) bothArrived();
      },
    });
    try {
      one.send({ t: 'send', ref: 'race-held', groupId: groupKey, kind: 'text', body: '同时race-held' });
      two.send({ t: 'send', ref: 'race-held', groupId: groupKey, kind: 'text', body: '同时race-held' });
      await both;
      release();
      const [a, b] = await Promise.all([one.next('ack'), two.next('ack')]);
      expect(b.message).toEqual(a.message);
    } finally {
      watch.restore();
    }
    // And eight more sent together, without holding.
    const refs = ['race-held', ...Array.from({ length: 8 }, (_, i) => `race-${i}`)];
    for (const ref of refs.slice(1)) {
      one.send({ t: 'send', ref, groupId: groupKey, kind: 'text', body: `同时${ref}` });
      two.send({ t: 'send', ref, groupId: groupKey, kind: 'text', body: `同时${ref}` });
    }
    for (const ref of refs.slice(1)) {
      const [a, b] = await Promise.all([one.next('ack', (f) => f.ref === ref), two.next('ack', (f) => f.ref === ref)]);
      expect(b.message).toEqual(a.message);
    }
    one.send({ t: 'history', ref: 'h1', groupId: groupKey, after: start });
    const page = (await one.next('history')).messages;
    // One message per ref, and no seq was spent on the losing writes.
    expect(page.map((m) => m.body).sort()).toEqual(refs.map((r) => `同时${r}`).sort());
    expect(page.map((m) => m.seq)).toEqual(refs.map((_, i) => start + 1 + i));
    for (const c of [one, two]) c.ws.close();
  });

  it('refuses frames beyond a kind’s limit per socket without closing, and closes a flood', async () => {
    const pinger = await loginAs(t, '13900000105');
    const b = await loggedIn(t.app, client, pinger.token);
    const limit = IM_LIMITS.frames.ping.socket;
    const refusal = { t: 'error', code: IM_CODES.TOO_FREQUENT, msg: IM_MESSAGES.framesTooFrequent };
    for (let i = 0; i < limit + 2; i++) b.send({ t: 'ping' });
    // The refusal is 10005 and the socket stays: other kinds still answer (after the pings, in order).
    b.send({ t: 'history', ref: 'h', groupId: groupKey });
    expect((await b.next('nack')).msg).toBe(IM_MESSAGES.notMember);
    expect(b.frames.filter((f) => f.t === 'pong').length).toBe(limit);
    expect(b.frames.filter((f) => f.t === 'error')).toEqual([refusal, refusal]);
    // More than twice the limit within the window: a flood, closed.
    for (let i = 0; i < limit - 1; i++) b.send({ t: 'ping' });
    expect((await b.closed()).code).toBe(1008);
    expect(b.frames.filter((f) => f.t === 'pong').length).toBe(limit);
    expect(b.frames.filter((f) => f.t === 'error')).toEqual(Array(limit + 1).fill(refusal));
  });

  it('limits an account over all its sockets', async () => {
    const { socket, account } = IM_LIMITS.frames.presence;
    const sockets = await Promise.all(
      Array.from({ length: account / socket + 1 }, () => loggedIn(t.app, client, seller.token)),
    );
    const answers: string[][] = [];
    for (const [n, s] of sockets.entries()) {
      for (let i = 0; i < socket; i++) s.send({ t: 'presence', ref: `pa${n}-${i}`, groupId: groupKey });
      s.send({ t: 'history', ref: `done${n}`, groupId: groupKey });
      await s.next('history');
      answers.push(answered(s, `pa${n}-`));
    }
    // Each socket stayed within its own limit; the account's ran out with the last socket.
    expect(answers.slice(0, -1).flat()).toEqual(Array(account).fill('ok'));
    expect(answers.at(-1)).toEqual(Array(socket).fill(IM_MESSAGES.framesTooFrequent));
    expect(sockets.every((s) => !s.isClosed())).toBe(true);
    for (const s of sockets) s.ws.close();
  });

  it('keeps a flood of history frames away from the database while another user’s call completes', async () => {
    const user = await loginAs(t, '13900000106');
    const groupKey = await ownGroup(5153, user.uid);
    const flooder = await loggedIn(t.app, client, user.token);
    const bystander = await loggedIn(t.app, client, other.token);
    const watch = watchStatements(t.db);
    try {
      for (let i = 0; i < 2000; i++) flooder.send({ t: 'history', ref: `f${i}`, groupId: groupKey });
      const [list, closed] = await Promise.all([
        client.call(conversationList, {}, { token: seller.token }),
        flooder.closed(),
      ]);
      expect(list.code).toBe('200');
      expect(closed.code).toBe(1008);
      const { socket } = IM_LIMITS.frames.history;
      // The socket's limit reached the database; the next as many were refused; then it was closed.
      expect(watch.seen.filter((q) => HISTORY_SQL.test(q)).length).toBe(socket);
      const answers = answered(flooder, 'f');
      expect(answers.slice(0, socket).every((a) => a === 'ok')).toBe(true);
      expect(answers.slice(socket)).toEqual(Array(socket).fill(IM_MESSAGES.framesTooFrequent));
      expect(flooder.frames.filter((f) => f.t === 'error')).toEqual([
        { t: 'error', code: IM_CODES.TOO_FREQUENT, msg: IM_MESSAGES.framesTooFrequent },
      ]);
    } finally {
      watch.restore();
    }
    // Another user's socket is not limited by it.
    bystander.send({ t: 'ping' });
    expect(await bystander.next('pong')).toEqual({ t: 'pong' });
    bystander.ws.close();
  });
});

describe('a stopping server and the chat socket', () => {
  it('answers the frame in flight, then closes the sockets with 1001', async () => {
    const t = await createTestApp();
    let closedApp = false;
    try {
      const client = await t.client();
      const buyer = await loginAs(t, '13900000111');
      const id = await openGroup(t.db, {
        kind: 'order',
        refId: 6161,
        title: '订单 6161',
        members: [{ account: buyer.uid, role: 'buyer' }],
      });
      const b = await loggedIn(t.app, client, buyer.token);
      const idle = await chat(t.app);
      // The message's write is held until the server is stopping.
      let release = () => {};
      let reached = () => {};
      const atWrite = new Promise<void>((resolve) => {
        reached = resolve;
      });
      const watch = watchStatements(t.db, {
        when: /update im_groups set last_seq/,
        until: new Promise<void>((resolve) => {
          release = resolve;
        }),
        reached: () => reached(),
      });
      b.send({ t: 'send', ref: 'last', groupId: `g${id}`, kind: 'text', body: '停机前最后一句' });
      await atWrite;
      const stopped = t.close().then(() => {
        closedApp = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      const ack = await b.next('ack');
      expect(ack.message.body).toBe('停机前最后一句');
      expect((await b.closed()).code).toBe(1001);
      expect((await idle.closed()).code).toBe(1001);
      await stopped;
      watch.restore();
    } finally {
      if (!closedApp) await t.close();
    }
  });
});
