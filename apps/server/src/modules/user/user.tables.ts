import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface UsersTable {
  id: Generated<number>;
  uid: string;
  mobile: string | null;
  nickname: string;
  avatar: string;
  has_authentication: Generated<boolean>;
  created_at: CreatedAt;
  removed_at: Generated<Date | null>;
  /** A ban (migration 0053): when and why staff banned the user; banned_until null = until lifted. */
  banned_at: Generated<Date | null>;
  banned_until: Generated<Date | null>;
  ban_reason: Generated<string | null>;
}

export interface UserSettingsTable {
  user_id: number;
  push: Generated<number>;
  individualized_recommend: Generated<number>;
  gray: Generated<boolean>;
  updated_at: Generated<Date>;
  sale_unlocked_until: Generated<Date | null>;
}

export interface FeedbackTypesTable {
  id: number;
  name: string;
  sort: number;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  type_id: number;
  content: string;
  contact: string | null;
  images: string;
  created_at: CreatedAt;
  reply: string | null;
  replied_at: Date | null;
  /** The staff member who replied (the ops module's staff id). */
  replied_by: number | null;
}

export interface FaqsTable {
  id: Generated<number>;
  category: string;
  question: string;
  answer: string;
  sort: number;
}

export interface AgreementsTable {
  key: string;
  title: string;
  body: string;
  version: string;
  updated_at: Generated<Date>;
}

export interface AgreementVersionsTable {
  key: string;
  version: string;
  title: string;
  body: string;
  published_at: Generated<Date>;
}

export interface UserAgreementsTable {
  user_id: number;
  key: string;
  version: string;
  agreed_at: Date;
}

export interface UserIdentitiesTable {
  provider: string;
  subject: string;
  user_id: number;
  created_at: CreatedAt;
  last_role_name: Generated<string | null>;
  last_login_at: Generated<Date | null>;
}

/** The tables the user module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface UserTables {
  user_identities: UserIdentitiesTable;
  user_settings: UserSettingsTable;
  feedback_types: FeedbackTypesTable;
  feedback: FeedbackTable;
  faqs: FaqsTable;
  agreements: AgreementsTable;
  agreement_versions: AgreementVersionsTable;
  user_agreements: UserAgreementsTable;
  users: UsersTable;
}

/** A handle or transaction that sees only these tables. */
export type UserDb = Kysely<UserTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const userDb = (db: DbHandle): UserDb => db as UserDb;
