import { commodityClick, commodityExposure } from '@app/protocol/calls/market-collect';
import { FUNNEL_EVENTS } from '@app/protocol/tracking';
import { callApi } from '../../lib/api/call-api';
import { track } from '../../lib/tracking-queue';

/**
 * Click and exposure lists of business-flows §7: ids kept in local storage as deduplicated
 * lists, sent in one batch (commodity/click, commodity/exposure, no loading indicator), and the
 * sent ids cleared. Ids recorded while a batch is in flight stay for the next one; a failed
 * batch keeps its ids.
 */
export type TrackKind = 'click' | 'exposure';
export type BatchSender = (kind: TrackKind, ids: string[]) => Promise<void>;

export const TRACK_STORAGE_KEYS: Record<TrackKind, string> = {
  click: 'commodityClickIds',
  exposure: 'commodityExposureIds',
};
/** The contract takes at most 200 ids per call. */
export const MAX_BATCH = 200;
/** Kept ids are capped so a long offline spell cannot fill local storage. */
const MAX_KEPT = 1000;
const FLUSH_DELAY_MS: Record<TrackKind, number> = { click: 300, exposure: 2000 };

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readIds(kind: TrackKind): string[] {
  try {
    const parsed: unknown = JSON.parse(store()?.getItem(TRACK_STORAGE_KEYS[kind]) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function writeIds(kind: TrackKind, ids: string[]): void {
  if (ids.length === 0) store()?.removeItem(TRACK_STORAGE_KEYS[kind]);
  else store()?.setItem(TRACK_STORAGE_KEYS[kind], JSON.stringify(ids.slice(-MAX_KEPT)));
}

/** Adds an id unless the list has it already; answers whether it was new. */
export function addId(kind: TrackKind, id: string): boolean {
  if (!/^\d{1,12}$/.test(id)) return false;
  const ids = readIds(kind);
  if (ids.includes(id)) return false;
  writeIds(kind, [...ids, id]);
  return true;
}

const defaultSender: BatchSender = async (kind, ids) => {
  await callApi(kind === 'click' ? commodityClick : commodityExposure, { commodityIds: ids }, { ignoreError: true });
};

const inFlight: Partial<Record<TrackKind, Promise<void>>> = {};

/** Sends what the list holds (in batches of MAX_BATCH) and clears what was sent. */
export function flushIds(kind: TrackKind, send: BatchSender = defaultSender): Promise<void> {
  const running = inFlight[kind];
  if (running) return running;
  const run = (async () => {
    for (;;) {
      const batch = readIds(kind).slice(0, MAX_BATCH);
      if (batch.length === 0) return;
      await send(kind, batch);
      const sent = new Set(batch);
      writeIds(
        kind,
        readIds(kind).filter((id) => !sent.has(id)),
      );
    }
  })().finally(() => {
    delete inFlight[kind];
  });
  inFlight[kind] = run;
  return run;
}

const timers: Partial<Record<TrackKind, ReturnType<typeof setTimeout>>> = {};

function scheduleFlush(kind: TrackKind): void {
  if (timers[kind]) return;
  timers[kind] = setTimeout(() => {
    delete timers[kind];
    void flushIds(kind).catch(() => {
      // kept for the next flush
    });
  }, FLUSH_DELAY_MS[kind]);
}

/** What the statistics' funnel is cut by (docs/decisions/0063-stats-rollups.md). */
export interface FunnelFacts {
  applicationId: string;
  type: number;
}

/** A step of the statistics' funnel (exposure → click → detail), once per listing while its id is listed. */
export function trackFunnel(
  event: (typeof FUNNEL_EVENTS)[keyof typeof FUNNEL_EVENTS],
  id: string,
  facts: FunnelFacts,
): void {
  track(event, { commodityId: id, gameId: facts.applicationId, goodsType: String(facts.type) });
}

export function recordClick(id: string, facts?: FunnelFacts): void {
  if (!addId('click', id)) return;
  scheduleFlush('click');
  if (facts) trackFunnel(FUNNEL_EVENTS.click, id, facts);
}

export function recordExposure(id: string, facts?: FunnelFacts): void {
  if (!addId('exposure', id)) return;
  scheduleFlush('exposure');
  if (facts) trackFunnel(FUNNEL_EVENTS.exposure, id, facts);
}

/** Lists left over from an earlier visit (closed tab, offline) go out with the next page. */
export function flushLeftovers(): void {
  if (readIds('click').length) scheduleFlush('click');
  if (readIds('exposure').length) scheduleFlush('exposure');
}
