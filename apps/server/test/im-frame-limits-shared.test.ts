import { IM_LIMITS, IM_MESSAGES, type ImServerFrame } from '@app/protocol/im';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGroup } from '../src/modules/im/im.service';
import { createTestApp, freshDatabase, loginAs, type TestApp, type TestDatabase, testDb } from './helpers';
import { type Chat, loggedIn } from './im-socket-client';

/**
 * Issue 31: the chat socket's frame limits per account (modules/im/frame-limits.ts) are counted in
 * the shared rate store, so one account's sockets on two server processes share one count. Two
 * sockets of one account, each on its own process, flood sends at once: exactly the account's limit
 * is handled between them (each socket alone would be allowed as many), the rest refused.
 */
const redisUrl = process.env.TEST_REDIS_URL;

/** Each send's answer, in ref order: 'ack' or the refusal's words. */
const answers = (s: Chat, prefix: string) =>
  s.frames
    .filter((f): f is Extract<ImServerFrame, { ref: string }> => 'ref' in f && f.ref.startsWith(prefix))
    .map((f) => (f.t === 'ack' ? 'ack' : (f as { msg: string }).msg));

describe.runIf(redisUrl)(`one account's chat frames across two processes sharing Redis (${testDb})`, () => {
  let shared: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    shared = await freshDatabase();
    const env = { REDIS_URL: redisUrl as string, REDIS_PREFIX: `framelimits${Date.now().toString(36)}:` };
    a = await createTestApp(env, shared);
    b = await createTestApp(env, shared);
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.drop();
  });

  it('handles exactly the account’s send limit between both sockets, the rest refused', async () => {
    const { socket, account } = IM_LIMITS.frames.send;
    // Each socket alone may send as many as the whole account: only a shared count stops the second.
    expect(socket).toBe(account);
    const user = await loginAs(a, '13900000601');
    const groupId = `g${await openGroup(a.db, {
      kind: 'order',
      refId: 6_601,
      title: '订单 6601',
      members: [{ account: user.uid, role: 'buyer' }],
    })}`;
    const onA = await loggedIn(a.app, await a.client(), user.token);
    const onB = await loggedIn(b.app, await b.client(), user.token);
    // Interleaved, as fast as they go: each socket sends the account's whole limit.
    for (let i = 0; i < account; i++) {
      onA.send({ t: 'send', ref: `a${i}`, groupId, kind: 'text', body: `甲${i}` });
      onB.send({ t: 'send', ref: `b${i}`, groupId, kind: 'text', body: `乙${i}` });
    }
    await expect.poll(() => answers(onA, 'a').length + answers(onB, 'b').length, { timeout: 15_000 }).toBe(2 * account);
    const all = [...answers(onA, 'a'), ...answers(onB, 'b')];
    expect(all.filter((x) => x === 'ack')).toHaveLength(account);
    expect(all.filter((x) => x !== 'ack')).toEqual(Array(account).fill(IM_MESSAGES.tooFrequent));
    // Within twice its own limit: neither socket is closed as a flood.
    expect(onA.isClosed() || onB.isClosed()).toBe(false);
    // What was handled is what the group holds.
    const stored = await a.db
      .selectFrom('im_messages')
      .select('id')
      .where('group_id', '=', Number(groupId.slice(1)))
      .execute();
    expect(stored).toHaveLength(account);
    onA.ws.close();
    onB.ws.close();
  });
});
