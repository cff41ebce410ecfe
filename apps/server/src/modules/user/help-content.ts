import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { userDb } from './user.tables';

/**
 * The help content operations edit (decision 0075): the FAQ, the feedback types and the agreements
 * with every version kept. The console's writes come here; the player calls read the same tables.
 */
export const allFaqs = (db: DbHandle) =>
  userDb(db).selectFrom('faqs').selectAll().orderBy('sort').orderBy('id').execute();

export const faqById = (db: DbHandle, id: number) =>
  userDb(db).selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst();

export const addFaq = (db: DbHandle, faq: { category: string; question: string; answer: string; sort: number }) =>
  userDb(db).insertInto('faqs').values(faq).returningAll().executeTakeFirstOrThrow();

export const updateFaq = (
  db: DbHandle,
  id: number,
  faq: { category: string; question: string; answer: string; sort: number },
) => userDb(db).updateTable('faqs').set(faq).where('id', '=', id).returningAll().executeTakeFirst();

export const deleteFaq = (db: DbHandle, id: number) =>
  userDb(db).deleteFrom('faqs').where('id', '=', id).returningAll().executeTakeFirst();

/** The feedback types with how much feedback each holds. */
export async function feedbackTypes(db: DbHandle) {
  return userDb(db)
    .selectFrom('feedback_types')
    .leftJoin('feedback', 'feedback.type_id', 'feedback_types.id')
    .select(['feedback_types.id', 'feedback_types.name', 'feedback_types.sort'])
    .select(sql<string>`count(feedback.id)`.as('used'))
    .groupBy(['feedback_types.id', 'feedback_types.name', 'feedback_types.sort'])
    .orderBy('feedback_types.sort')
    .orderBy('feedback_types.id')
    .execute();
}

export const feedbackTypeById = (db: DbHandle, id: number) =>
  userDb(db).selectFrom('feedback_types').selectAll().where('id', '=', id).executeTakeFirst();

/** A new type (ids are small numbers the clients send: the next one after the highest). */
export async function addFeedbackType(db: DbHandle, t: { name: string; sort: number }) {
  const { next } = await userDb(db)
    .selectFrom('feedback_types')
    .select(sql<number>`coalesce(max(id), 0) + 1`.as('next'))
    .executeTakeFirstOrThrow();
  return userDb(db)
    .insertInto('feedback_types')
    .values({ id: Number(next), ...t })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const updateFeedbackType = (db: DbHandle, id: number, t: { name: string; sort: number }) =>
  userDb(db).updateTable('feedback_types').set(t).where('id', '=', id).returningAll().executeTakeFirst();

export async function agreementsWithVersions(db: DbHandle) {
  const [current, versions] = await Promise.all([
    userDb(db).selectFrom('agreements').selectAll().execute(),
    userDb(db)
      .selectFrom('agreement_versions')
      .select(['key', 'version', 'title', 'published_at'])
      .orderBy('published_at', 'desc')
      .execute(),
  ]);
  return current.map((a) => ({ ...a, versions: versions.filter((v) => v.key === a.key) }));
}

/**
 * A new version published: kept in the history and made the current one. A version label used
 * before for this agreement is refused (answers undefined): a version, once read, never changes.
 */
export async function publishAgreement(
  db: DbHandle,
  key: string,
  next: { title: string; body: string; version: string },
) {
  const kept = await userDb(db)
    .insertInto('agreement_versions')
    .values({ key, ...next })
    .onConflict((oc) => oc.columns(['key', 'version']).doNothing())
    .returning('version')
    .executeTakeFirst();
  if (!kept) return undefined;
  return userDb(db)
    .updateTable('agreements')
    .set({ ...next, updated_at: new Date() })
    .where('key', '=', key)
    .returningAll()
    .executeTakeFirst();
}

export const agreementByKey = (db: DbHandle, key: string) =>
  userDb(db).selectFrom('agreements').selectAll().where('key', '=', key).executeTakeFirst();

/** One published version of an agreement, as it was. */
export const agreementVersion = (db: DbHandle, key: string, version: string) =>
  userDb(db)
    .selectFrom('agreement_versions')
    .selectAll()
    .where('key', '=', key)
    .where('version', '=', version)
    .executeTakeFirst();

/**
 * The user agreed to every agreement as it is now (the login and phone-binding pages submit only
 * once their tick is ticked): each one's current version recorded, a newer one replacing the older.
 */
export async function recordConsent(db: DbHandle, userId: number): Promise<void> {
  const current = await userDb(db).selectFrom('agreements').select(['key', 'version']).execute();
  if (current.length === 0) return;
  const now = new Date();
  await userDb(db)
    .insertInto('user_agreements')
    .values(current.map((a) => ({ user_id: userId, key: a.key, version: a.version, agreed_at: now })))
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'key'])
        .doUpdateSet((eb) => ({ version: eb.ref('excluded.version'), agreed_at: eb.ref('excluded.agreed_at') }))
        .where('user_agreements.version', '<>', (eb) => eb.ref('excluded.version')),
    )
    .execute();
}

/** What the user agreed to: per agreement the version, when, the current version and its title. */
export async function consentOf(db: DbHandle, userId: number) {
  return userDb(db)
    .selectFrom('user_agreements')
    .innerJoin('agreements', 'agreements.key', 'user_agreements.key')
    .select([
      'user_agreements.key',
      'user_agreements.version as agreed_version',
      'user_agreements.agreed_at',
      'agreements.version as current_version',
      'agreements.title',
    ])
    .where('user_agreements.user_id', '=', userId)
    .execute();
}
