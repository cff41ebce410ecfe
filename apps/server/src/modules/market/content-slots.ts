import { type Insertable, type Selectable, sql } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { countedPage } from '../../platform/db/page';
import { type ContentSlotsTable, marketDb } from './market.tables';

/** Whether any content slot exists (a seed writes its banners, posters and notices once). */
export async function hasContent(db: DbHandle): Promise<boolean> {
  return (await marketDb(db).selectFrom('content_slots').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Content slots written as an operator would (banners, posters, popups, the splash, SDK ads, notices). */
export async function addContentSlots(db: DbHandle, slots: Insertable<ContentSlotsTable>[]): Promise<void> {
  if (slots.length) await marketDb(db).insertInto('content_slots').values(slots).execute();
}

/** A slot as the console reads it. */
export type ContentSlotRow = Selectable<ContentSlotsTable>;

/** What a slot shows, as the console writes it (validated by the ops contract). */
export interface ContentSlotValues {
  kind: ContentSlotsTable['kind'];
  place: string;
  title: string;
  imageUrl: string;
  linkType: 1 | 2 | 3;
  link: string;
  applicationId: string | null;
  sort: number;
  intervalHours: number;
  startsAt: Date;
  endsAt: Date | null;
}

/**
 * Whether an address may be a slot's link or picture (decision 0075): a same-site path (`/…`, never
 * `//` or `/\`, which browsers read as another host) or an http(s) address of one of `origins`
 * (CONTENT_LINK_ORIGINS). Anything else — another host, `javascript:`, `data:` — is refused.
 */
export function linkAllowed(link: string, origins: readonly string[]): boolean {
  if (/^\/(?![/\\])/.test(link)) return !/[\s\\]/.test(link);
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  return origins.includes(url.origin);
}

const rowValues = (v: ContentSlotValues) => ({
  kind: v.kind,
  place: v.place,
  title: v.title,
  image_url: v.imageUrl,
  hyperlink: v.link,
  hyperlink_type: v.linkType,
  application_id: v.applicationId,
  sort: v.sort,
  interval_hours: v.intervalHours,
  starts_at: v.startsAt,
  ends_at: v.endsAt,
});

/** Slots newest first, a page at a time; by kind, game, state (live, scheduled, ended at `now`) and title. */
export async function slotPage(
  db: DbHandle,
  q: {
    kind?: ContentSlotsTable['kind'] | undefined;
    state?: 'live' | 'scheduled' | 'ended' | undefined;
    applicationId?: string | undefined;
    q: string;
    page: number;
    pageSize: number;
  },
  now = new Date(),
): Promise<{ total: number; rows: ContentSlotRow[] }> {
  let base = marketDb(db).selectFrom('content_slots');
  if (q.kind) base = base.where('kind', '=', q.kind);
  if (q.applicationId) base = base.where('application_id', '=', q.applicationId);
  if (q.q) base = base.where('title', 'like', `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (q.state === 'ended') base = base.where('ends_at', '<=', now);
  else if (q.state)
    base = base
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .where('starts_at', q.state === 'live' ? '<=' : '>', now);
  return countedPage(base, base.selectAll().orderBy('id', 'desc'), q);
}

export async function slotById(db: DbHandle, id: number): Promise<ContentSlotRow | undefined> {
  return marketDb(db).selectFrom('content_slots').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createSlot(db: DbHandle, values: ContentSlotValues): Promise<ContentSlotRow> {
  return marketDb(db).insertInto('content_slots').values(rowValues(values)).returningAll().executeTakeFirstOrThrow();
}

/**
 * The slot replaced by `values` if it is still at `version` (then one version on), else undefined:
 * another staff member saved it in between, or it does not exist.
 */
export async function updateSlot(
  db: DbHandle,
  id: number,
  version: number,
  values: ContentSlotValues,
): Promise<ContentSlotRow | undefined> {
  return marketDb(db)
    .updateTable('content_slots')
    .set({ ...rowValues(values), version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}
