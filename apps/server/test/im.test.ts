import {
  conversationList,
  generateIMAssertSignedUrl,
  generateIMAssertToken,
  imGroup,
  tencentUserSig,
} from '@app/protocol/calls/im';
import { logout } from '@app/protocol/calls/user';
import { IM_CODES, IM_LIMITS, IM_MESSAGES } from '@app/protocol/im';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGroup } from '../src/modules/im/im.service';
import {
  createTestApp,
  expectCode,
  freshDatabase,
  loginAs,
  type TestApp,
  type TestClient,
  type TestDatabase,
} from './helpers';
import { chat, loggedIn } from './im-socket-client';

describe('the order chat', () => {
  let t: TestApp;
  let client: TestClient;
  let buyer: { token: string; uid: string };
  let seller: { token: string; uid: string };
  let stranger: { token: string; uid: string };
  let groupKey: string;

  beforeAll(async () => {
    t = await createTestApp();
    client = await t.client();
    buyer = await loginAs(t, '13900000001');
    seller = await loginAs(t, '13900000002');
    stranger = await loginAs(t, '13900000003');
    const id = await openGroup(t.db, {
      kind: 'order',
      refId: 4242,
      title: '订单 4242',
      members: [
        { account: buyer.uid, role: 'buyer' },
        { account: seller.uid, role: 'seller' },
      ],
    });
    groupKey = `g${id}`;
  });
  afterAll(() => t.close());

  it('logs in with the token of tencentUserSig and refuses anything else with 2024', async () => {
    expect((await client.call(tencentUserSig, {})).code).toBe('50000');
    const bad = await chat(t.app);
    bad.send({ t: 'login', account: buyer.uid, token: 'not-a-token' });
    expect(await bad.next('error')).toEqual({ t: 'error', code: IM_CODES.RELOGIN, msg: IM_MESSAGES.relogin });
    expect((await bad.closed()).code).toBe(4001);
    // Someone else's token does not open this account.
    const sig = (await client.call(tencentUserSig, {}, { token: stranger.token })).data as { token: string };
    const other = await chat(t.app);
    other.send({ t: 'login', account: buyer.uid, token: sig.token });
    expect((await other.next('error')).code).toBe(IM_CODES.RELOGIN);
    // Frames before login are refused the same way.
    const early = await chat(t.app);
    early.send({ t: 'history', ref: '1', groupId: groupKey });
    expect((await early.next('error')).code).toBe(IM_CODES.RELOGIN);
  });

  it('delivers a member’s message to the other member with the next seq, and refuses non-members', async () => {
    const b = await loggedIn(t.app, client, buyer.token);
    const s = await loggedIn(t.app, client, seller.token);
    b.send({ t: 'send', ref: 'a', groupId: groupKey, kind: 'text', body: '你好，<b>还在吗</b>' });
    const ack = await b.next('ack');
    expect(ack.message).toMatchObject({
      groupId: groupKey,
      seq: 1,
      sender: buyer.uid,
      role: 'buyer',
      body: '你好，<b>还在吗</b>',
    });
    const got = await s.next('msg');
    expect(got.message).toEqual(ack.message);

    const x = await loggedIn(t.app, client, stranger.token);
    x.send({ t: 'send', ref: 'x', groupId: groupKey, kind: 'text', body: '让我看看' });
    expect(await x.next('nack')).toEqual({ t: 'nack', ref: 'x', msg: IM_MESSAGES.notMember });
    x.send({ t: 'history', ref: 'h', groupId: groupKey });
    expect((await x.next('nack')).msg).toBe(IM_MESSAGES.notMember);
    expect(x.frames.filter((f) => f.t === 'msg')).toEqual([]);

    // imGroup: the members learn the group, anyone else hears that there is none.
    expect((await client.call(imGroup, { orderId: '4242' }, { token: seller.token })).data).toEqual({
      groupId: groupKey,
      readOnly: false,
      withService: false,
    });
    expect((await client.call(imGroup, { orderId: '4242' }, { token: stranger.token })).data).toEqual({
      groupId: null,
      readOnly: true,
      withService: false,
    });
    expect((await client.call(imGroup, { orderId: '999' }, { token: buyer.token })).data).toEqual({
      groupId: null,
      readOnly: true,
      withService: false,
    });
    for (const c of [b, s, x]) c.ws.close();
  });

  it('resumes after the last seq seen without loss or duplicates, and pages back', async () => {
    const b = await loggedIn(t.app, client, buyer.token);
    const s = await loggedIn(t.app, client, seller.token);
    s.send({ t: 'history', ref: 'h0', groupId: groupKey });
    const start = await s.next('history');
    const lastSeen = start.messages.at(-1)?.seq ?? 0;
    s.ws.close();
    // While the seller is away, three messages.
    for (const body of ['一', '二', '三']) {
      b.send({ t: 'send', ref: body, groupId: groupKey, kind: 'text', body });
      await b.next('ack', (f) => f.ref === body);
    }
    const back = await loggedIn(t.app, client, seller.token);
    back.send({ t: 'history', ref: 'r', groupId: groupKey, after: lastSeen });
    const resumed = await back.next('history');
    expect(resumed.messages.map((m) => [m.seq, m.body])).toEqual([
      [lastSeen + 1, '一'],
      [lastSeen + 2, '二'],
      [lastSeen + 3, '三'],
    ]);
    expect(resumed.more).toBe(false);
    back.send({ t: 'history', ref: 'p', groupId: groupKey, before: lastSeen + 3, limit: 2 });
    const page = await back.next('history');
    expect(page.messages.map((m) => m.seq)).toEqual([lastSeen + 1, lastSeen + 2]);
    expect(page.more).toBe(true);
    for (const c of [b, back]) c.ws.close();
  });

  it('keeps read marks and unread counts for the message centre', async () => {
    const list = (token: string) =>
      client
        .call(conversationList, {}, { token })
        .then(
          (r) =>
            r.data as { list: { groupId: string; unread: number; last: { body: string } | null }[]; unread: number },
        );
    const before = await list(seller.token);
    const conv = before.list.find((c) => c.groupId === groupKey)!;
    expect(conv.unread).toBeGreaterThan(0);
    expect(conv.last?.body).toBe('三');
    expect((await list(buyer.token)).list.find((c) => c.groupId === groupKey)?.unread).toBe(0);
    const s = await loggedIn(t.app, client, seller.token);
    const b = await loggedIn(t.app, client, buyer.token);
    s.send({ t: 'read', groupId: groupKey, seq: 1_000_000 });
    const mark = await b.next('read');
    expect(mark.account).toBe(seller.uid);
    expect((await list(seller.token)).unread).toBe(0);
    for (const c of [b, s]) c.ws.close();
  });

  it('sends images uploaded through the presigned URL, shown to members only through a short-lived URL', async () => {
    const PNG = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = async (token: string) => {
      const url = (await client.call(generateIMAssertSignedUrl, { typeName: 'png' }, { token })).data as string;
      expect(url).toMatch(/^\/storage\/objects\/private\/im\//);
      const put = await t.app.inject({ method: 'PUT', url, headers: { 'content-type': 'image/png' }, payload: PNG });
      expect(put.statusCode).toBe(200);
      return url.split('?')[0] as string;
    };
    const b = await loggedIn(t.app, client, buyer.token);
    const s = await loggedIn(t.app, client, seller.token);
    const mine = await upload(buyer.token);
    b.send({ t: 'send', ref: 'img', groupId: groupKey, kind: 'image', body: mine });
    const ack = await b.next('ack', (f) => f.ref === 'img');
    expect(ack.message.kind).toBe('image');
    expect((await s.next('msg', (f) => f.message.kind === 'image')).message.seq).toBe(ack.message.seq);
    const shown = await client.call(
      generateIMAssertToken,
      { groupId: groupKey, seq: ack.message.seq },
      { token: seller.token },
    );
    const get = await t.app.inject({ method: 'GET', url: (shown.data as { url: string }).url });
    expect(get.statusCode).toBe(200);
    expect(get.rawPayload.equals(PNG)).toBe(true);
    // Not a member: no URL. Someone else's upload, or nothing uploaded: refused.
    expect(
      (await client.call(generateIMAssertToken, { groupId: groupKey, seq: ack.message.seq }, { token: stranger.token }))
        .msg,
    ).toBe(IM_MESSAGES.notMember);
    const theirs = await upload(seller.token);
    b.send({ t: 'send', ref: 'theirs', groupId: groupKey, kind: 'image', body: theirs });
    expect((await b.next('nack', (f) => f.ref === 'theirs')).msg).toBe(IM_MESSAGES.badImage);
    const unsent = (await client.call(generateIMAssertSignedUrl, { typeName: 'png' }, { token: buyer.token }))
      .data as string;
    b.send({ t: 'send', ref: 'none', groupId: groupKey, kind: 'image', body: unsent.split('?')[0] });
    expect((await b.next('nack', (f) => f.ref === 'none')).msg).toBe(IM_MESSAGES.badImage);
    for (const c of [b, s]) c.ws.close();
  });

  it('refuses empty, oversized, foreign order cards and floods with zh-CN messages', async () => {
    const b = await loggedIn(t.app, client, buyer.token);
    b.send({ t: 'send', ref: 'e', groupId: groupKey, kind: 'text', body: '  \t \n ' });
    expect((await b.next('nack', (f) => f.ref === 'e')).msg).toBe(IM_MESSAGES.empty);
    b.send({ t: 'send', ref: 'l', groupId: groupKey, kind: 'text', body: '长'.repeat(IM_LIMITS.textChars + 1) });
    expect((await b.next('nack', (f) => f.ref === 'l')).msg).toBe(IM_MESSAGES.tooLong);
    b.send({ t: 'send', ref: 'o', groupId: groupKey, kind: 'order', body: '1' });
    expect((await b.next('nack', (f) => f.ref === 'o')).msg).toBe(IM_MESSAGES.badFrame);
    b.send({ t: 'send', ref: 'card', groupId: groupKey, kind: 'order', body: '4242' });
    expect((await b.next('ack', (f) => f.ref === 'card')).message.kind).toBe('order');
    const answers: string[] = [];
    for (let i = 0; i < IM_LIMITS.messagesPerWindow + 2; i++) {
      b.send({ t: 'send', ref: `f${i}`, groupId: groupKey, kind: 'text', body: `刷屏${i}` });
    }
    for (let i = 0; i < IM_LIMITS.messagesPerWindow + 2; i++) {
      const frame = await Promise.race([
        b.next('ack', (f) => f.ref === `f${i}`),
        b.next('nack', (f) => f.ref === `f${i}`),
      ]);
      answers.push(frame.t === 'nack' ? frame.msg : 'ok');
    }
    expect(answers.filter((a) => a === IM_MESSAGES.tooFrequent).length).toBeGreaterThanOrEqual(2);
    b.ws.close();
  });

  it('closes a socket that sends garbage, and only that one', async () => {
    const b = await loggedIn(t.app, client, buyer.token);
    const s = await loggedIn(t.app, client, seller.token);
    s.send('{not json');
    expect((await s.closed()).code).toBe(1008);
    b.send({ t: 'ping' });
    expect(await b.next('pong')).toEqual({ t: 'pong' });
    const c = await loggedIn(t.app, client, seller.token);
    c.send({ t: 'send', ref: 1, groupId: groupKey, kind: 'text', body: 'x' });
    expect((await c.closed()).code).toBe(1008);
    b.ws.close();
  });

  it('ends a chat login with the session that asked for it', async () => {
    const session = await loginAs(t, '13900000009');
    const sig = (await client.call(tencentUserSig, {}, { token: session.token })).data as {
      account: string;
      token: string;
    };
    expectCode(await client.call(logout, {}, { token: session.token }), '200');
    const after = await chat(t.app);
    after.send({ t: 'login', ...sig });
    expect(await after.next('error')).toEqual({ t: 'error', code: IM_CODES.RELOGIN, msg: IM_MESSAGES.relogin });
  });

  it('tells the older socket of the same chat login 3003 when the token logs in again', async () => {
    const sig = (await client.call(tencentUserSig, {}, { token: buyer.token })).data as {
      account: string;
      token: string;
    };
    const first = await chat(t.app);
    first.send({ t: 'login', ...sig });
    await first.next('login');
    const second = await chat(t.app);
    second.send({ t: 'login', ...sig });
    await second.next('login');
    expect((await first.next('error')).code).toBe(IM_CODES.KICKED);
    expect((await first.closed()).code).toBe(4003);
    second.send({ t: 'ping' });
    expect(await second.next('pong')).toEqual({ t: 'pong' });
    second.ws.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('the chat across two server processes sharing Redis', () => {
  let shared: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    shared = await freshDatabase();
    const env = { REDIS_URL: redisUrl as string, REDIS_PREFIX: `imtest${Date.now().toString(36)}:` };
    a = await createTestApp(env, shared);
    b = await createTestApp(env, shared);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await shared.drop();
  });

  it('delivers a message sent through process A to a socket of process B, and sees presence across them', async () => {
    const buyer = await loginAs(a, '13911110001');
    const seller = await loginAs(a, '13911110002');
    const id = await openGroup(a.db, {
      kind: 'order',
      refId: 77,
      title: '订单 77',
      members: [
        { account: buyer.uid, role: 'buyer' },
        { account: seller.uid, role: 'seller' },
      ],
    });
    const onA = await loggedIn(a.app, await a.client(), buyer.token);
    const onB = await loggedIn(b.app, await b.client(), seller.token);
    onA.send({ t: 'send', ref: '1', groupId: `g${id}`, kind: 'text', body: '跨进程' });
    const ack = await onA.next('ack');
    expect((await onB.next('msg')).message).toEqual(ack.message);
    onA.send({ t: 'presence', ref: 'p', groupId: `g${id}` });
    expect((await onA.next('presence')).online.sort()).toEqual([buyer.uid, seller.uid].sort());
    onA.ws.close();
    onB.ws.close();
  });
});
