import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface TrackingEventsTable {
  id: Generated<number>;
  app_id: string;
  event: string;
  device: string;
  user: string;
  properties: string;
  received_at: CreatedAt;
}

/** The tables the tracking module owns (docs/architecture.md): no other module reads or writes them, it calls this module's functions. */
export interface TrackingTables {
  tracking_events: TrackingEventsTable;
}

/** A handle or transaction that sees only these tables. */
export type TrackingDb = Kysely<TrackingTables>;

/** Narrows any handle (a transaction another module opened, too) to these tables. */
export const trackingDb = (db: DbHandle): TrackingDb => db as TrackingDb;
