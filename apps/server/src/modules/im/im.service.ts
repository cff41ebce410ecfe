import { IM_LIMITS, type ImKind, type ImMessage, type ImRole } from '@app/protocol/im';
import { type RawBuilder, sql } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { PREPARED, prepared } from '../../platform/db/prepared-pool';
import { type ImGroupKind, type ImMembersTable, imDb } from './im.tables';

/**
 * Groups, members and messages of the order chat. A group belongs to an order (or an agreed
 * offer); its members are the buyer, the seller and customer service once it joins; the system
 * voice needs no membership. Other modules call these functions (inside their own transaction
 * where the group must come with the order), never the tables.
 */
export type MemberRole = ImMembersTable['role'];

export interface GroupSpec {
  kind: ImGroupKind;
  refId: number;
  title: string;
  members: { account: string; role: MemberRole }[];
}

export const groupKey = (id: number) => `g${id}`;
export const groupIdOf = (key: string) => Number(key.slice(1));

/** Opens the group of an order or offer with its members; repeating it changes nothing. Answers its id. */
export async function openGroup(db: DbHandle, spec: GroupSpec): Promise<number> {
  return (await startGroup(db, spec)).id;
}

/**
 * openGroup in one statement, with its first message in the system voice (`opening`, written only
 * when the group is new, as seq 1): the group, its members and that message. Answers the group's
 * id and the message, for the caller to publish once its transaction committed. A group another
 * transaction is opening at the same moment (not visible to this statement) is waited for and read.
 */
export async function startGroup(
  db: DbHandle,
  spec: GroupSpec & { opening?: string },
): Promise<{ id: number; opening: ImMessage | null }> {
  const opening = spec.opening ?? null;
  const members =
    spec.members.length === 0
      ? sql``
      : sql`, members as (
          insert into im_members (group_id, account, role)
          select (select id from found limit 1), m.account, m.role
          from (values ${sql.join(spec.members.map((m) => sql`(${m.account}, ${m.role})`))}) as m (account, role)
          where exists (select 1 from found)
          on conflict (group_id, account) do nothing
        )`;
  const first =
    opening === null
      ? sql``
      : sql`, opening as (
          insert into im_messages (group_id, seq, sender, role, kind, body)
          select id, 1, 'system', 'system', 'event', ${opening} from new_group
          returning id, group_id, seq, sender, role, kind, body, created_at
        )`;
  const { rows } = await sql<{ group_id: number | null } & Partial<MessageRow>>`
    with new_group as (
      insert into im_groups (kind, ref_id, title, ended_at, last_seq)
      values (${spec.kind}, ${spec.refId}, ${spec.title}, null, ${opening === null ? 0 : 1})
      on conflict (kind, ref_id) do nothing
      returning id
    ), found as (
      select id from new_group
      union all
      select id from im_groups where kind = ${spec.kind} and ref_id = ${spec.refId}
    )${members}${first}
    select (select id from found limit 1) as group_id${
      opening === null
        ? sql``
        : sql`, o.id, o.seq, o.sender, o.role, o.kind, o.body, o.created_at from (select 1) as one left join opening o on true`
    }`.execute(db);
  const row = rows[0];
  if (row?.group_id == null) {
    // Opened by another transaction meanwhile: its row is visible to a statement of our own now.
    const { id } = await imDb(db)
      .selectFrom('im_groups')
      .select('id')
      .where('kind', '=', spec.kind)
      .where('ref_id', '=', spec.refId)
      .executeTakeFirstOrThrow();
    await addMembers(db, id, spec.members);
    return { id, opening: null };
  }
  const id = Number(row.group_id);
  return { id, opening: row.id == null ? null : toMessage({ ...(row as MessageRow), group_id: id }) };
}

/** openGroup with its opening message as steps of another module's statement (common table expressions of it). */
export interface GroupStep {
  /** `, im_group as (…), …`: appended to the caller's WITH, after the step `when` names. */
  ctes: RawBuilder<unknown>;
  /** Added to the caller's final select list (`, …`): what `opening` reads back. */
  columns: RawBuilder<unknown>;
  /** Added to the caller's final FROM (` left join … on true`). */
  joins: RawBuilder<unknown>;
  /** The opening message the statement wrote (null when `when` did not hold). */
  opening(row: Record<string, unknown>): ImMessage | null;
}

/**
 * The group of a new order, its members and its first message in the system voice, written only
 * when `when` holds (the caller's condition on its own steps: the order was written).
 */
/**
 * A group opened as steps of the caller's statement: its order's id may be a value, or an expression
 * of that statement (the id the statement's own insert drew).
 */
export type GroupStepSpec = Omit<GroupSpec, 'refId'> & { refId: number | RawBuilder<number>; opening: string };

export function groupStep(spec: GroupStepSpec, when: RawBuilder<unknown>): GroupStep {
  const members =
    spec.members.length === 0
      ? sql``
      : sql`, im_group_members as (
          insert into im_members (group_id, account, role)
          select g.id, m.account, m.role
          from im_group as g, (values ${sql.join(spec.members.map((m) => sql`(${m.account}, ${m.role})`))}) as m (account, role)
        )`;
  return {
    ctes: sql`, im_group as (
        insert into im_groups (kind, ref_id, title, last_seq)
        select ${spec.kind}, ${spec.refId}, ${spec.title}, 1 where ${when}
        on conflict (kind, ref_id) do nothing
        returning id
      )${members}, im_opening as (
        insert into im_messages (group_id, seq, sender, role, kind, body)
        select id, 1, 'system', 'system', 'event', ${spec.opening} from im_group
        returning id, group_id, created_at
      )`,
    columns: sql`, im_opening.id as im_message_id, im_opening.group_id as im_group_id, im_opening.created_at as im_created_at`,
    joins: sql` left join im_opening on true`,
    opening: (row) =>
      row.im_message_id == null
        ? null
        : toMessage({
            id: Number(row.im_message_id),
            group_id: Number(row.im_group_id),
            seq: 1,
            sender: 'system',
            role: 'system',
            kind: 'event',
            body: spec.opening,
            created_at: row.im_created_at as Date,
          }),
  };
}

/** Adds members (those already in the group are left as they are); answers how many were new. */
export async function addMembers(db: DbHandle, groupId: number, members: GroupSpec['members']): Promise<number> {
  if (members.length === 0) return 0;
  const added = await imDb(db)
    .insertInto('im_members')
    .values(members.map((m) => ({ group_id: groupId, account: m.account, role: m.role })))
    .onConflict((oc) => oc.columns(['group_id', 'account']).doNothing())
    .returning('account')
    .execute();
  return added.length;
}

export async function groupOf(db: DbHandle, kind: ImGroupKind, refId: number) {
  return imDb(db)
    .selectFrom('im_groups')
    .selectAll()
    .where('kind', '=', kind)
    .where('ref_id', '=', refId)
    .executeTakeFirst();
}

/** The order ended (confirmed, refunded, cancelled…): the chat stays writable some days, then read-only. */
export async function endGroup(db: DbHandle, kind: ImGroupKind, refId: number, at = new Date()): Promise<void> {
  await imDb(db)
    .updateTable('im_groups')
    .set({ ended_at: at })
    .where('kind', '=', kind)
    .where('ref_id', '=', refId)
    .where('ended_at', 'is', null)
    .execute();
}

export const isReadOnly = (endedAt: Date | null, now = Date.now()) =>
  endedAt !== null && now - endedAt.getTime() > IM_LIMITS.writableDaysAfterEnd * 86_400_000;

/**
 * The group's members and state at once (what a send needs: is the sender one, with which role,
 * may it still be written, who gets the message); null when the group does not exist.
 */
export async function groupMembers(db: DbHandle, groupId: number) {
  const rows = await imDb(db)
    .selectFrom('im_groups')
    .leftJoin('im_members', 'im_members.group_id', 'im_groups.id')
    .select(['im_groups.kind', 'im_groups.ref_id', 'im_groups.ended_at', 'im_members.account', 'im_members.role'])
    .where('im_groups.id', '=', groupId)
    .$call(prepared)
    .execute();
  const first = rows[0];
  if (!first) return null;
  return {
    kind: first.kind,
    refId: first.ref_id,
    endedAt: first.ended_at,
    members: rows.flatMap((r) => (r.account && r.role ? [{ account: r.account, role: r.role }] : [])),
  };
}

/** The member's side in the group and the group's state; undefined for a non-member or no group. */
export async function membership(db: DbHandle, groupId: number, account: string) {
  return imDb(db)
    .selectFrom('im_members')
    .innerJoin('im_groups', 'im_groups.id', 'im_members.group_id')
    .select([
      'im_members.role',
      'im_members.read_seq',
      'im_groups.kind',
      'im_groups.ref_id',
      'im_groups.ended_at',
      'im_groups.last_seq',
    ])
    .where('im_members.group_id', '=', groupId)
    .where('im_members.account', '=', account)
    .executeTakeFirst();
}

/** Whether the group's buyer and seller have each written in it themselves (the system voice and 客服 not counted). */
export async function bothSidesWrote(db: DbHandle, groupId: number): Promise<boolean> {
  const rows = await imDb(db)
    .selectFrom('im_messages')
    .select('role')
    .distinct()
    .where('group_id', '=', groupId)
    .where('role', 'in', ['buyer', 'seller'])
    .execute();
  return rows.length === 2;
}

export async function memberAccounts(db: DbHandle, groupId: number): Promise<string[]> {
  const rows = await imDb(db).selectFrom('im_members').select('account').where('group_id', '=', groupId).execute();
  return rows.map((r) => r.account);
}

export interface NewMessage {
  groupId: number;
  sender: string;
  role: ImRole;
  kind: ImKind;
  body: string;
  /** The sender's ref of the send frame: one message per sender and ref (messageByRef). */
  ref?: string;
}

type MessageRow = {
  id: number;
  group_id: number;
  seq: number;
  sender: string;
  role: ImRole;
  kind: ImKind;
  body: string;
  created_at: Date;
};

export const toMessage = (r: MessageRow): ImMessage => ({
  id: String(r.id),
  groupId: groupKey(r.group_id),
  seq: r.seq,
  sender: r.sender,
  role: r.role,
  kind: r.kind,
  body: r.body,
  at: r.created_at.getTime(),
});

/**
 * Appends a message in one statement (one round trip, its own transaction unless the caller's):
 * the group's row is locked while its next seq is taken, so messages of one group commit in seq
 * order; what the sender writes is read by them.
 */
export async function appendMessage(db: DbHandle, message: NewMessage): Promise<ImMessage> {
  const { rows } = await sql<MessageRow>`
    with next as (
      update im_groups set last_seq = last_seq + 1 where id = ${message.groupId} returning last_seq
    ), own as (
      update im_members set read_seq = (select last_seq from next)
      where group_id = ${message.groupId} and account = ${message.sender} and ${message.role !== 'system'}
    )
    insert into im_messages (group_id, seq, sender, role, kind, body, client_ref)
    select ${message.groupId}, last_seq, ${message.sender}, ${message.role}, ${message.kind}, ${message.body},
      ${message.ref ?? null} from next
    returning id, group_id, seq, sender, role, kind, body, created_at`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`chat group ${message.groupId} does not exist`);
  return toMessage(row);
}

/** The message the sender posted under this ref, if any. */
export async function messageByRef(db: DbHandle, sender: string, ref: string): Promise<ImMessage | undefined> {
  const row = await imDb(db)
    .selectFrom('im_messages')
    .select(['id', 'group_id', 'seq', 'sender', 'role', 'kind', 'body', 'created_at'])
    .where('sender', '=', sender)
    .where('client_ref', '=', ref)
    .executeTakeFirst();
  return row && toMessage(row);
}

/**
 * appendMessage under the sender's ref, once, in one statement: a ref the sender already posted
 * answers that message (`repeated`) and nothing is written; otherwise the group's row is locked
 * while its next seq is taken, as appendMessage does. The same ref sent twice at once: the unique
 * index lets one statement write; the other, rolled back whole so no seq is spent, reads what it
 * wrote (a second statement, only then).
 */
export async function appendOnce(
  db: DbHandle,
  message: NewMessage & { ref: string },
): Promise<{ message: ImMessage; repeated: boolean }> {
  try {
    const { rows } = await sql<MessageRow & { repeated: boolean }>`
      with earlier as (
        select id, group_id, seq, sender, role, kind, body, created_at from im_messages
        where sender = ${message.sender} and client_ref = ${message.ref}
      ), next as (
        update im_groups set last_seq = last_seq + 1
        where id = ${message.groupId} and not exists (select 1 from earlier)
        returning last_seq
      ), own as (
        update im_members set read_seq = next.last_seq from next
        where group_id = ${message.groupId} and account = ${message.sender} and ${message.role !== 'system'}
      ), written as (
        insert into im_messages (group_id, seq, sender, role, kind, body, client_ref)
        select ${message.groupId}, last_seq, ${message.sender}, ${message.role}, ${message.kind}, ${message.body},
          ${message.ref} from next
        returning id, group_id, seq, sender, role, kind, body, created_at
      )
      select id, group_id, seq, sender, role, kind, body, created_at, false as repeated from written
      union all
      select id, group_id, seq, sender, role, kind, body, created_at, true as repeated from earlier ${PREPARED}`.execute(
      db,
    );
    const row = rows[0];
    if (!row) throw new Error(`chat group ${message.groupId} does not exist`);
    const { repeated, ...written } = row;
    return { message: toMessage(written), repeated };
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    const winner = await messageByRef(db, message.sender, message.ref);
    if (!winner) throw error;
    return { message: winner, repeated: true };
  }
}

export async function history(
  db: DbHandle,
  groupId: number,
  page: { after?: number | undefined; before?: number | undefined; limit?: number | undefined },
): Promise<{ messages: ImMessage[]; more: boolean }> {
  const limit = page.limit ?? IM_LIMITS.historyPage;
  let query = imDb(db).selectFrom('im_messages').selectAll().where('group_id', '=', groupId);
  if (page.after !== undefined) {
    const rows = await query
      .where('seq', '>', page.after)
      .orderBy('seq', 'asc')
      .limit(limit + 1)
      .execute();
    return { messages: rows.slice(0, limit).map(toMessage), more: rows.length > limit };
  }
  if (page.before !== undefined) query = query.where('seq', '<', page.before);
  const rows = await query
    .orderBy('seq', 'desc')
    .limit(limit + 1)
    .execute();
  return { messages: rows.slice(0, limit).reverse().map(toMessage), more: rows.length > limit };
}

/** Moves the member's read mark forward (never back, never past the last message). Answers the mark. */
export async function markRead(db: DbHandle, groupId: number, account: string, seq: number): Promise<number | null> {
  const row = await imDb(db)
    .updateTable('im_members')
    .set({
      read_seq: sql<number>`greatest(read_seq, least(${seq}::int, (select last_seq from im_groups where id = ${groupId})))`,
    })
    .where('group_id', '=', groupId)
    .where('account', '=', account)
    .returning('read_seq')
    .executeTakeFirst();
  return row?.read_seq ?? null;
}

/** The account's groups, the one with the latest message first, each with its last message and unread count. */
export async function conversations(db: DbHandle, account: string) {
  const im = imDb(db);
  const rows = await im
    .selectFrom('im_members')
    .innerJoin('im_groups', 'im_groups.id', 'im_members.group_id')
    .select([
      'im_groups.id',
      'im_groups.kind',
      'im_groups.ref_id',
      'im_groups.title',
      'im_groups.last_seq',
      'im_groups.ended_at',
      'im_members.role',
      'im_members.read_seq',
    ])
    .where('im_members.account', '=', account)
    .execute();
  const spoken = rows.filter((r) => r.last_seq > 0);
  const lasts =
    spoken.length === 0
      ? []
      : await im
          .selectFrom('im_messages')
          .selectAll()
          .where((eb) => eb.or(spoken.map((r) => eb.and([eb('group_id', '=', r.id), eb('seq', '=', r.last_seq)]))))
          .execute();
  const lastOf = new Map(lasts.map((m) => [m.group_id, toMessage(m)]));
  return rows
    .map((r) => ({
      groupId: groupKey(r.id),
      orderId: r.kind === 'order' || r.kind === 'broker' ? String(r.ref_id) : null,
      orderType: r.kind === 'order' ? ('order' as const) : r.kind === 'broker' ? ('broker' as const) : null,
      title: r.title,
      role: r.role,
      last: lastOf.get(r.id) ?? null,
      unread: Math.max(0, r.last_seq - r.read_seq),
      readOnly: isReadOnly(r.ended_at),
    }))
    .sort((a, b) => (b.last?.at ?? 0) - (a.last?.at ?? 0));
}

/** One message of a group by its seq. */
export async function messageAt(db: DbHandle, groupId: number, seq: number) {
  return imDb(db)
    .selectFrom('im_messages')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('seq', '=', seq)
    .executeTakeFirst();
}
