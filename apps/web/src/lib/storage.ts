import { useSyncExternalStore } from 'react';

/**
 * Every local-storage key of platform-shell §3 behind one typed module. Values are strings as
 * the original client kept them; objects are stored as JSON text.
 */
export const STORAGE_KEYS = [
  'token',
  'userInfo',
  'mobile',
  'uid',
  'takeOverUid',
  'loginInfoStr',
  'tencentAccount',
  'tencentToken',
  'firstJumpIm',
  'useNewApiStandard',
  'role_strong',
  'role_create_time',
  'role_recharge',
  'indexPlayedGame',
  'applicationNameClick',
  'applicationIdClick',
  'isBoxGame',
  'hasAuthentication',
  'platform',
  'currentAppId',
  'X-Env',
  'deviceId',
  'trackingQueue',
] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];

function backend(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Told of every write through `storage`, so a page can follow a key (useStored). */
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export const storage = {
  get(key: StorageKey): string | null {
    return backend()?.getItem(key) ?? null;
  },
  set(key: StorageKey, value: string): void {
    backend()?.setItem(key, value);
    changed();
  },
  remove(key: StorageKey): void {
    backend()?.removeItem(key);
    changed();
  },
  getJson<T>(key: StorageKey): T | null {
    const text = this.get(key);
    if (!text) return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      return null;
    }
  },
  setJson(key: StorageKey, value: unknown): void {
    this.set(key, JSON.stringify(value));
  },
};

/**
 * A stored value that re-renders its page when it changes (the game launch stores currentAppId
 * after the page first drew: the SDK list must then ask for that game, not for none).
 */
export function useStored(key: StorageKey): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    () => storage.get(key),
    () => null,
  );
}

/** Login info the session keeps (platform-shell §4: cleared on expiry codes). */
const LOGIN_KEYS: StorageKey[] = [
  'token',
  'userInfo',
  'mobile',
  'uid',
  'hasAuthentication',
  'tencentAccount',
  'tencentToken',
];

export function clearLoginInfo(): void {
  for (const key of LOGIN_KEYS) storage.remove(key);
}

export function saveLogin(login: { token: string; mobile: string; uid: string }): void {
  storage.set('token', login.token);
  storage.set('mobile', login.mobile);
  storage.set('uid', login.uid);
}
