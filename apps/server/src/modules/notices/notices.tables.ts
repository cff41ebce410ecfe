import type { NoticeExtInfo, NoticeKind } from '@app/protocol/notices';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

export interface NoticesTable {
  id: Generated<number>;
  user_id: number;
  kind: NoticeKind;
  title: string;
  content: string;
  position: number | null;
  ext_info: ColumnType<NoticeExtInfo, string, string>;
  read_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** The tables the notices module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface NoticesTables {
  notices: NoticesTable;
}

/** A handle or transaction that sees only these tables. */
export type NoticesDb = Kysely<NoticesTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const noticesDb = (db: DbHandle): NoticesDb => db as NoticesDb;
