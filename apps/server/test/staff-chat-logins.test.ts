import { IM_CODES, IM_SOCKET_PATH, type ImServerFrame } from '@app/protocol/im';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { openGroup } from '../src/modules/im/im.service';
import { createTestApp, freshDatabase, type TestApp, type TestDatabase, testDb, useTestApp } from './helpers';
import { opsApi } from './ops-helpers';

/**
 * 客服's chat logins end with his console sessions: disabled, his password reset by an admin, his
 * own new password (his other sessions), logged out. His open workbench sockets close on every
 * process, and the login opens no new socket and reads no history.
 */
type Login = { account: string; token: string };

/** A chat socket: its frames, the next one of a kind, and how it closed. */
async function socket(app: FastifyInstance) {
  const ws: WebSocket = await app.injectWS(IM_SOCKET_PATH);
  const frames: ImServerFrame[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(String(d)) as ImServerFrame));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next = async <T extends ImServerFrame['t']>(t: T) => {
    await expect.poll(() => frames.some((f) => f.t === t)).toBe(true);
    const found = frames.find((f) => f.t === t) as Extract<ImServerFrame, { t: T }>;
    frames.splice(frames.indexOf(found), 1);
    return found;
  };
  const send = (frame: unknown) => ws.send(JSON.stringify(frame));
  return { ws, frames, next, send, closed };
}

/** A socket logged in with the login (fails the test when refused). */
async function online(app: FastifyInstance, login: Login) {
  const s = await socket(app);
  s.send({ t: 'login', ...login });
  await s.next('login');
  return s;
}

/** Whether a login opens a socket and reads the group's history: 'login' or the refusal's code. */
async function tryLogin(app: FastifyInstance, login: Login, groupId: string) {
  const s = await socket(app);
  s.send({ t: 'login', ...login });
  s.send({ t: 'history', ref: 'h', groupId });
  await expect.poll(() => s.frames.some((f) => f.t === 'login' || f.t === 'error')).toBe(true);
  const first = s.frames.find((f) => f.t === 'login' || f.t === 'error') as ImServerFrame;
  s.ws.close();
  return first.t === 'login' ? 'login' : (first as { code: string }).code;
}

let serial = 0;
/** A new 客服 with a console session, his chat login over it, and a group where he is 客服. */
async function staffInChat(t: TestApp, adminToken: string, role: 'cs' | 'operator' = 'cs') {
  serial += 1;
  const ops = opsApi(t);
  const username = `chat-cs-${serial}-${Date.now().toString(36)}`;
  const made = await ops.call<{ id: string }>('POST', '/staff', {
    token: adminToken,
    body: { username, displayName: `客服${serial}`, role, password: 'pass-word-123' },
  });
  expect(made.code).toBe('200');
  const session = await ops.login(username, 'pass-word-123');
  const login = await ops.call<Login>('POST', '/support/chat-login', { token: session });
  expect(login.code).toBe('200');
  expect(login.data.account).toBe(`cs:${made.data.id}`);
  const id = await openGroup(t.db, {
    kind: 'order',
    refId: 900_000 + serial,
    title: `订单 ${serial}`,
    members: [
      { account: `u-buyer-${serial}`, role: 'buyer' },
      { account: login.data.account, role: 'cs' },
    ],
  });
  return { id: made.data.id, username, session, login: login.data, groupId: `g${id}` };
}

describe('客服 chat logins end with his console sessions', () => {
  const t = useTestApp();
  let admin: string;
  beforeAll(async () => {
    admin = await opsApi(t).login('ops-admin', 'demo-ops-123');
  });

  it('disabled: his open socket is told 2024 and closed; the login opens no socket and reads no history', async () => {
    const cs = await staffInChat(t, admin);
    const open = await online(t.app, cs.login);
    open.send({ t: 'history', ref: '1', groupId: cs.groupId });
    expect((await open.next('history')).ref).toBe('1');
    const patched = await opsApi(t).call('PATCH', `/staff/${cs.id}`, { token: admin, body: { disabled: true } });
    expect(patched.code).toBe('200');
    expect(await open.closed).toBe(4001);
    expect(open.frames.at(-1)).toMatchObject({ t: 'error', code: IM_CODES.RELOGIN });
    expect(await tryLogin(t.app, cs.login, cs.groupId)).toBe(IM_CODES.RELOGIN);
    // Enabled again, the old login stays ended (its session did); a new session asks a new one.
    await opsApi(t).call('PATCH', `/staff/${cs.id}`, { token: admin, body: { disabled: false } });
    expect(await tryLogin(t.app, cs.login, cs.groupId)).toBe(IM_CODES.RELOGIN);
    expect((await opsApi(t).call('POST', '/support/chat-login', { token: cs.session })).status).toBe(401);
  });

  it('password reset by an admin: the same', async () => {
    const cs = await staffInChat(t, admin);
    const open = await online(t.app, cs.login);
    const reset = await opsApi(t).call('POST', `/staff/${cs.id}/password`, {
      token: admin,
      body: { password: 'new-pass-word-456', clearTotp: false },
    });
    expect(reset.code).toBe('200');
    expect(await open.closed).toBe(4001);
    expect(await tryLogin(t.app, cs.login, cs.groupId)).toBe(IM_CODES.RELOGIN);
  });

  it('his own new password ends the chat logins of his other sessions, not of this one', async () => {
    const cs = await staffInChat(t, admin);
    const ops = opsApi(t);
    const here = await ops.login(cs.username, 'pass-word-123');
    const hereLogin = (await ops.call<Login>('POST', '/support/chat-login', { token: here })).data;
    const elsewhere = await online(t.app, cs.login);
    const mine = await online(t.app, hereLogin);
    const changed = await ops.call('POST', '/me/password', {
      token: here,
      body: { current: 'pass-word-123', password: 'pass-word-789' },
    });
    expect(changed.code).toBe('200');
    expect(await elsewhere.closed).toBe(4001);
    mine.send({ t: 'history', ref: '2', groupId: cs.groupId });
    expect((await mine.next('history')).ref).toBe('2');
    mine.ws.close();
  });

  it('a role change that keeps the orders keeps his chat; logging out ends it', async () => {
    const cs = await staffInChat(t, admin);
    const open = await online(t.app, cs.login);
    const patched = await opsApi(t).call('PATCH', `/staff/${cs.id}`, { token: admin, body: { role: 'operator' } });
    expect(patched.code).toBe('200');
    open.send({ t: 'history', ref: '3', groupId: cs.groupId });
    expect((await open.next('history')).ref).toBe('3');
    expect((await opsApi(t).call('POST', '/logout', { token: cs.session })).code).toBe('200');
    expect(await open.closed).toBe(4001);
    expect(await tryLogin(t.app, cs.login, cs.groupId)).toBe(IM_CODES.RELOGIN);
  });

  it('a socket of another process that did not hear the close is refused at its next frame', async () => {
    // A second app on the same database with its own (in-process) bus: nothing tells it of the disable.
    const cs = await staffInChat(t, admin);
    const { app: other, close } = await otherProcess(t);
    try {
      const there = await online(other, cs.login);
      await opsApi(t).call('PATCH', `/staff/${cs.id}`, { token: admin, body: { disabled: true } });
      there.send({ t: 'history', ref: '4', groupId: cs.groupId });
      expect(await there.closed).toBe(4001);
      expect(there.frames.some((f) => f.t === 'history')).toBe(false);
    } finally {
      await close();
    }
  });

  it.runIf(testDb === 'postgres')(
    'races: chat logins asked and sockets opened while he is disabled all end, none stays',
    async () => {
      const cs = await staffInChat(t, admin);
      const ops = opsApi(t);
      const before = await Promise.all([online(t.app, cs.login), online(t.app, cs.login)]);
      const asks = Array.from({ length: 6 }, () =>
        ops.call<Login>('POST', '/support/chat-login', { token: cs.session }),
      );
      const logins = Array.from({ length: 4 }, async () => {
        const s = await socket(t.app);
        s.send({ t: 'login', ...cs.login });
        return s;
      });
      const disable = ops.call('PATCH', `/staff/${cs.id}`, { token: admin, body: { disabled: true } });
      const [answers, racing] = await Promise.all([Promise.all(asks), Promise.all(logins), disable]);
      // Every socket closes: the older one is kicked by a newer (4003) or refused (4001), none stays open.
      for (const s of [...before, ...racing]) expect([4001, 4003]).toContain(await s.closed);
      for (const answer of answers) {
        if (answer.code !== '200') expect(answer.status).toBe(401);
        else expect(await tryLogin(t.app, answer.data, cs.groupId)).toBe(IM_CODES.RELOGIN);
      }
    },
  );
});

/** A second server process on the test app's database. */
async function otherProcess(t: TestApp) {
  const shared: TestDatabase = { db: t.db, url: undefined, drop: async () => {} };
  return createTestApp({}, shared);
}

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('客服 chat logins across two processes sharing Redis', () => {
  let shared: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    shared = await freshDatabase();
    const env = { REDIS_URL: redisUrl as string, REDIS_PREFIX: `staffchat${Date.now().toString(36)}:` };
    a = await createTestApp(env, shared);
    b = await createTestApp(env, shared);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await shared.drop();
  });

  it('disabled through process A: his idle socket on process B closes at once', async () => {
    const admin = await opsApi(a).login('ops-admin', 'demo-ops-123');
    const cs = await staffInChat(a, admin);
    const onB = await online(b.app, cs.login);
    await opsApi(a).call('PATCH', `/staff/${cs.id}`, { token: admin, body: { disabled: true } });
    expect(await onB.closed).toBe(4001);
    expect(onB.frames.at(-1)).toMatchObject({ t: 'error', code: IM_CODES.RELOGIN });
    expect(await tryLogin(b.app, cs.login, cs.groupId)).toBe(IM_CODES.RELOGIN);
  });
});
