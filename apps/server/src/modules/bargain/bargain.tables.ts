import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface OffersTable {
  id: Generated<number>;
  commodity_id: number;
  buyer_user_id: number;
  seller_user_id: number;
  price_fen: number;
  /** 'bargain' 还价 on a normal listing, 'offer' 出价 on a pre-sale (migration 0032). */
  flow: Generated<'bargain' | 'offer'>;
  /** The deposit it asks (保证金, the deposits module holds it). */
  deposit_fen: Generated<number>;
  /** Its deposit was paid: from then on the seller sees it (null while it waits for the deposit, and when it never was). */
  sent_at: Generated<Date | null>;
  status: number;
  request_key: string;
  deliver_account_id: string;
  deliver_role_id: string | null;
  answer_by: Date;
  order_id: number | null;
  note: Generated<string>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** The tables the bargain module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface BargainTables {
  offers: OffersTable;
}

/** A handle or transaction that sees only these tables. */
export type BargainDb = Kysely<BargainTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const bargainDb = (db: DbHandle): BargainDb => db as BargainDb;
