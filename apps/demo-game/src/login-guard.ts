import { GameError } from './game-error';

/** Wrong passwords per account and per client address within the window, and how long a lock lasts. */
const LOGIN_LIMITS = {
  failuresPerAccount: 5,
  failuresPerAddress: 20,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
} as const;

interface Failures {
  count: number;
  windowEndsAt: number;
  lockedUntil: number;
}

const minutesLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 60_000));

/**
 * The password login's lockout: 5 wrong passwords for an account within 15 minutes lock that
 * account's login for 15 minutes (the right password included); 20 from one address lock the
 * address. Counters live in the process, like the rest of the game's login state.
 */
export function createLoginGuard(now: () => number = Date.now) {
  const failures = new Map<string, Failures>();
  const lockedUntil = (key: string, t: number) => {
    const entry = failures.get(key);
    return entry && entry.lockedUntil > t ? entry.lockedUntil : 0;
  };
  const refuse = (account: string, address: string, t: number) => {
    const accountLock = lockedUntil(`a:${account}`, t);
    if (accountLock)
      throw new GameError(
        'LOGIN_LOCKED',
        `密码错误次数过多，该账号已被锁定，请${minutesLeft(accountLock, t)}分钟后再试`,
      );
    const addressLock = lockedUntil(`ip:${address}`, t);
    if (addressLock)
      throw new GameError('LOGIN_LOCKED', `登录失败次数过多，请${minutesLeft(addressLock, t)}分钟后再试`);
  };
  const count = (key: string, limit: number, t: number) => {
    let entry = failures.get(key);
    if (!entry || (entry.windowEndsAt <= t && entry.lockedUntil <= t)) {
      entry = { count: 0, windowEndsAt: t + LOGIN_LIMITS.windowMs, lockedUntil: 0 };
      failures.set(key, entry);
    }
    entry.count += 1;
    if (entry.count >= limit) {
      entry.lockedUntil = t + LOGIN_LIMITS.lockMs;
      entry.count = 0;
      entry.windowEndsAt = entry.lockedUntil;
    }
  };
  const prune = (t: number) => {
    if (failures.size < 10_000) return;
    for (const [key, entry] of failures) if (entry.windowEndsAt <= t && entry.lockedUntil <= t) failures.delete(key);
  };

  return {
    /** Runs a password login unless the account or address is locked; counts a wrong password. */
    async login<T>(account: string, address: string, attempt: () => Promise<T>): Promise<T> {
      refuse(account, address, now());
      try {
        const result = await attempt();
        failures.delete(`a:${account}`);
        return result;
      } catch (error) {
        if (!(error instanceof GameError) || error.code !== 'BAD_LOGIN') throw error;
        const t = now();
        prune(t);
        count(`a:${account}`, LOGIN_LIMITS.failuresPerAccount, t);
        count(`ip:${address}`, LOGIN_LIMITS.failuresPerAddress, t);
        refuse(account, address, t);
        throw error;
      }
    },
  };
}
