import type { TrackingEvent } from '@app/protocol/tracking';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/** At most this many inserts at once; the posts that come meanwhile wait and go together in the next. */
const IN_FLIGHT = 2;

interface Waiting {
  rows: Array<TrackingEvent & { app_id: string }>;
  done: (error?: unknown) => void;
}

/**
 * The events' writer: a post's events are stored before it is answered, and the posts that arrive
 * while inserts are running are stored together in one statement and one commit (a group commit,
 * no timer: alone, a post is inserted at once). One statement text whatever the count (prepared
 * once): the events as one JSON array unpacked by PostgreSQL, not five parameters per event.
 */
export function trackingWriter(db: Db): (appId: string, events: TrackingEvent[]) => Promise<void> {
  let queue: Waiting[] = [];
  let running = 0;
  const flush = async () => {
    running++;
    while (queue.length) {
      const group = queue;
      queue = [];
      try {
        await sql`insert into tracking_events (app_id, event, device, "user", properties)
          select e ->> 'app_id', e ->> 'event', e -> 'device', e -> 'user', e -> 'properties'
          from jsonb_array_elements(${JSON.stringify(group.flatMap((w) => w.rows))}::jsonb) with ordinality as t(e, n)
          order by n`.execute(db);
        for (const w of group) w.done();
      } catch (error) {
        for (const w of group) w.done(error);
      }
    }
    running--;
  };
  return (appId, events) =>
    new Promise<void>((resolve, reject) => {
      queue.push({
        rows: events.map((e) => ({ app_id: appId, ...e })),
        done: (error) => (error === undefined ? resolve() : reject(error)),
      });
      if (running < IN_FLIGHT) void flush();
    });
}
