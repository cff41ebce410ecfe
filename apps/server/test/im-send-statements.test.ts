import { IM_MESSAGES } from '@app/protocol/im';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGroup } from '../src/modules/im/im.service';
import { createTestApp, freshDatabase, loginAs, type TestApp, type TestDatabase, testDb } from './helpers';
import { type Chat, loggedIn } from './im-socket-client';
import { type StatementCounter, statementCounter } from './statement-counter';

/**
 * Issue 37 item 5 (decision 0080): what one chat send costs the database, counted as the placement
 * tests count theirs (statement-counter.ts). A send is the group with its members (is the sender
 * one, may the group be written, who gets it) and the append under the sender's ref in one
 * statement; a resend of the same ref costs the same and writes nothing. Before: 3 statements (the
 * group, the ref looked up, the append).
 */
const MAX_STATEMENTS = 2;

let t: TestApp;
let database: TestDatabase;
let counter: StatementCounter;
let buyer: Chat & { account: string };
let seller: Chat & { account: string };
let groupId: string;
beforeAll(async () => {
  database = await freshDatabase();
  counter = statementCounter(database.db);
  t = await createTestApp({}, { ...database, db: counter.db });
  const b = await loginAs(t, '13900000701');
  const s = await loginAs(t, '13900000702');
  groupId = `g${await openGroup(t.db, {
    kind: 'order',
    refId: 7_701,
    title: '订单 7701',
    members: [
      { account: b.uid, role: 'buyer' },
      { account: s.uid, role: 'seller' },
    ],
  })}`;
  buyer = await loggedIn(t.app, await t.client(), b.token);
  seller = await loggedIn(t.app, await t.client(), s.token);
}, 120_000);
afterAll(async () => {
  buyer?.ws.close();
  seller?.ws.close();
  await t?.close();
  await database?.drop();
});

const stored = () =>
  t.db
    .selectFrom('im_messages')
    .select(['seq', 'body', 'client_ref'])
    .where('group_id', '=', Number(groupId.slice(1)))
    .orderBy('seq')
    .execute();

describe(`one chat send's statements (${testDb})`, () => {
  it(`sends in at most ${MAX_STATEMENTS} statements and no transaction, delivered to both members`, async () => {
    const { result, statements, transactions } = await counter.count(async () => {
      buyer.send({ t: 'send', ref: 'r1', groupId, kind: 'text', body: ' 你好 ' });
      const ack = await buyer.next('ack', (f) => f.ref === 'r1');
      const toSeller = await seller.next('msg', (f) => f.message.id === ack.message.id);
      const echo = await buyer.next('msg', (f) => f.message.id === ack.message.id);
      return { ack, toSeller, echo };
    });
    expect(statements.length, statements.join(', ')).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(transactions).toBe(0);
    expect(result.ack.message).toMatchObject({ groupId, seq: 1, sender: buyer.account, role: 'buyer', body: '你好' });
    expect(result.toSeller.message).toEqual(result.ack.message);
    expect(result.echo.message).toEqual(result.ack.message);
    // The sender has read what they wrote.
    const own = await t.db
      .selectFrom('im_members')
      .select('read_seq')
      .where('group_id', '=', Number(groupId.slice(1)))
      .where('account', '=', buyer.account)
      .executeTakeFirstOrThrow();
    expect(own.read_seq).toBe(1);
  });

  it('answers a resend of the same ref with the message already posted, writing nothing, in as many statements', async () => {
    const { result, statements } = await counter.count(async () => {
      buyer.send({ t: 'send', ref: 'r1', groupId, kind: 'text', body: '你好' });
      return buyer.next('ack', (f) => f.ref === 'r1');
    });
    expect(statements.length, statements.join(', ')).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(result.message.seq).toBe(1);
    // The same ref with other words is refused, and no seq is spent.
    buyer.send({ t: 'send', ref: 'r1', groupId, kind: 'text', body: '别的' });
    expect((await buyer.next('nack', (f) => f.ref === 'r1')).msg).toBe(IM_MESSAGES.refReused);
    buyer.send({ t: 'send', ref: 'r2', groupId, kind: 'text', body: '第二条' });
    expect((await buyer.next('ack', (f) => f.ref === 'r2')).message.seq).toBe(2);
    expect(await stored()).toEqual([
      { seq: 1, body: '你好', client_ref: 'r1' },
      { seq: 2, body: '第二条', client_ref: 'r2' },
    ]);
    // No repeated message reached the other member.
    await seller.next('msg', (f) => f.message.seq === 2);
    expect(seller.frames.filter((f) => f.t === 'msg')).toEqual([]);
  });

  it('writes one message for the same ref sent on two sockets at once', async () => {
    const again = await loggedIn(t.app, await t.client(), (await loginAs(t, '13900000701')).token);
    buyer.send({ t: 'send', ref: 'r3', groupId, kind: 'text', body: '同时' });
    again.send({ t: 'send', ref: 'r3', groupId, kind: 'text', body: '同时' });
    const [a, b] = await Promise.all([
      buyer.next('ack', (f) => f.ref === 'r3'),
      again.next('ack', (f) => f.ref === 'r3'),
    ]);
    expect(a.message).toEqual(b.message);
    expect((await stored()).map((m) => m.seq)).toEqual([1, 2, 3]);
    again.ws.close();
  });
});
