import type { Insertable } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { type ContentSlotsTable, marketDb } from './market.tables';

/** Whether any content slot exists (a seed writes its banners, posters and notices once). */
export async function hasContent(db: DbHandle): Promise<boolean> {
  return (await marketDb(db).selectFrom('content_slots').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Content slots written as an operator would (banners, posters, popups, the splash, SDK ads, notices). */
export async function addContentSlots(db: DbHandle, slots: Insertable<ContentSlotsTable>[]): Promise<void> {
  if (slots.length) await marketDb(db).insertInto('content_slots').values(slots).execute();
}
