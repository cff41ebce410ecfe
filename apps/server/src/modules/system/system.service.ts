import type { Db } from '../../platform/db/database';
import { readSetting, writeSetting } from '../../platform/settings';

/** The maintenance switch lives in the database so every server process sees the same value. */
export interface Maintenance {
  updating: 0 | 1;
  message: string;
  /** When the operator expects it to end (ms), or null: shown to players, never acted on. */
  endsAt: number | null;
}

const KEY = 'system.maintenance';
const DEFAULT_MESSAGE = '系统维护中，请稍后再来';

export async function getMaintenance(db: Db): Promise<Maintenance> {
  const value = ((await readSetting(db, KEY)) ?? {}) as Partial<Maintenance>;
  return {
    updating: value.updating === 1 ? 1 : 0,
    message: value.message || DEFAULT_MESSAGE,
    endsAt: typeof value.endsAt === 'number' ? value.endsAt : null,
  };
}

/** Written with the `db` handed in (the console's: the same transaction as its audit). */
export async function setMaintenance(
  db: Db,
  next: { updating: 0 | 1; message?: string | undefined; endsAt?: number | null | undefined },
): Promise<Maintenance> {
  const value: Maintenance = {
    updating: next.updating,
    message: next.message || DEFAULT_MESSAGE,
    endsAt: next.updating === 1 ? (next.endsAt ?? null) : null,
  };
  await writeSetting(db, KEY, value);
  return value;
}

const GATE_KEY = 'system.appVersionGate';
/** The redownload state's gate (platform-shell §8): the Android app on pre below this version is told to download the latest. */
export const DEFAULT_MIN_PRE_APP_VERSION = '3.0.0';

export async function getMinPreAppVersion(db: Db): Promise<string> {
  const value = ((await readSetting(db, GATE_KEY)) ?? {}) as { minPreAppVersion?: unknown };
  return typeof value.minPreAppVersion === 'string' ? value.minPreAppVersion : DEFAULT_MIN_PRE_APP_VERSION;
}

/** Written with the `db` handed in (the console's: the same transaction as its audit). */
export async function setMinPreAppVersion(db: Db, minPreAppVersion: string): Promise<string> {
  await writeSetting(db, GATE_KEY, { minPreAppVersion });
  return minPreAppVersion;
}

/**
 * checkVersion is the hottest call (every launch): read the switch at most once a second per
 * process. A switch flipped by any process is seen everywhere within that second.
 */
export function cachedMaintenance(db: Db, ttlMs = 1000): () => Promise<Maintenance> {
  let value: Maintenance | null = null;
  let readAt = 0;
  let pending: Promise<Maintenance> | null = null;
  return async () => {
    if (value && Date.now() - readAt < ttlMs) return value;
    pending ??= getMaintenance(db).then(
      (v) => {
        value = v;
        readAt = Date.now();
        pending = null;
        return v;
      },
      (error) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
}
