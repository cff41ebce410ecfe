import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPartitions, keepMonthsAhead, pruneEventsBefore } from '../src/modules/tracking/tracking-partitions';
import { freshDatabase, type TestDatabase } from './helpers';

/**
 * The raw statistics events by month (migration 0061, decision 0074), on PGlite and PostgreSQL
 * alike: events land in their month's partition (or the default one outside them), months are
 * kept ahead idempotently, and retention drops whole months and deletes the rest by range.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t.drop());

const at = (iso: string) => new Date(`${iso}Z`);

async function event(received: string, name = 'exposure') {
  await t.db
    .insertInto('tracking_events')
    .values({
      app_id: 'market-h5',
      event: name,
      device: JSON.stringify({ deviceId: 'd1' }),
      user: JSON.stringify({ uid: '' }),
      properties: JSON.stringify({ gameId: 'demo-legend' }),
      received_at: at(received),
    })
    .execute();
}

/** Where each event sits: partition name by received_at. */
async function placement(): Promise<Record<string, string>> {
  const { rows } = await sql<{ received_at: Date; part: string }>`
    select received_at, tableoid::regclass::text as part from tracking_events order by received_at`.execute(t.db);
  return Object.fromEntries(rows.map((r) => [new Date(r.received_at).toISOString().slice(0, 19), r.part]));
}

describe('tracking events partitioned by month', () => {
  it('the migration made this month and the next two; an event of now lands in this month’s', async () => {
    const now = new Date();
    const names = (await eventPartitions(t.db)).map((p) => p.name);
    for (let i = 0; i <= 2; i++) {
      const m = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
      expect(names).toContain(`tracking_events_${m.getUTCFullYear()}${String(m.getUTCMonth() + 1).padStart(2, '0')}`);
    }
    const { id } = await t.db
      .insertInto('tracking_events')
      .values({ app_id: 'market-h5', event: 'click', device: '{}', user: '{}', properties: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(Number(id)).toBeGreaterThan(0);
    const { rows } = await sql<{ part: string }>`
      select tableoid::regclass::text as part from tracking_events where id = ${id}`.execute(t.db);
    const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(rows[0]?.part).toBe(`tracking_events_${month}`);
    await sql`delete from tracking_events`.execute(t.db);
  });

  it('keeps months ahead once (a rerun makes none) and files past events in the months made for them', async () => {
    expect(await keepMonthsAhead(t.db, at('2031-03-15T00:00:00'))).toEqual({ made: 3, refused: 0 });
    expect(await keepMonthsAhead(t.db, at('2031-03-20T00:00:00'))).toEqual({ made: 0, refused: 0 });
    // UTC month bounds: the last instant of March is March's, the first of April April's.
    await event('2031-03-31T23:59:59');
    await event('2031-04-01T00:00:00');
    await event('2031-05-10T08:00:00');
    // Outside every month partition: the default one takes it, nothing is refused.
    await event('2031-09-01T00:00:00');
    expect(await placement()).toEqual({
      '2031-03-31T23:59:59': 'tracking_events_203103',
      '2031-04-01T00:00:00': 'tracking_events_203104',
      '2031-05-10T08:00:00': 'tracking_events_203105',
      '2031-09-01T00:00:00': 'tracking_events_default',
    });
    // September's events sit in the default partition: September cannot be made, and says so.
    expect(await keepMonthsAhead(t.db, at('2031-09-02T00:00:00'), 0)).toEqual({ made: 0, refused: 1 });
    expect((await eventPartitions(t.db)).map((p) => p.name)).not.toContain('tracking_events_203109');
  });

  it('retention drops the months wholly before and deletes the rest by range, default partition included', async () => {
    await event('2031-04-20T00:00:00');
    const removed = await pruneEventsBefore(t.db, at('2031-04-15T00:00:00'));
    // March (one event) dropped as a partition; April's event of the 1st deleted, the 20th's kept.
    expect(removed).toBe(2);
    const names = (await eventPartitions(t.db)).map((p) => p.name);
    expect(names).not.toContain('tracking_events_203103');
    expect(names).toContain('tracking_events_203104');
    expect(Object.keys(await placement())).toEqual([
      '2031-04-20T00:00:00',
      '2031-05-10T08:00:00',
      '2031-09-01T00:00:00',
    ]);
    expect(await pruneEventsBefore(t.db, at('2031-04-15T00:00:00'))).toBe(0);
    expect(await pruneEventsBefore(t.db, at('2031-10-01T00:00:00'))).toBe(3);
    expect(await t.db.selectFrom('tracking_events').select('id').execute()).toEqual([]);
  });
});
