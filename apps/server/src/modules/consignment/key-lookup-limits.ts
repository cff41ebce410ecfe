import { ErrorCode } from '@app/protocol/errors';
import { AppError } from '../../platform/errors';
import type { RateStore } from '../../platform/rate/rate-store';

/**
 * A secret someone could guess at (a 寄售码, a 预购码): how many tries a user may make a minute and
 * a client address an hour, under its own counters, and what the one past either cap is told.
 */
export interface GuessLimit {
  /** The counters' prefix: each secret counts apart. */
  name: string;
  perUserMinute: number;
  perAddressHour: number;
  refusal: string;
}

/** Key lookups (getJyhKeyInfo, prePublishLockKey). */
export const KEY_LOOKUP_LIMITS = {
  name: 'jyh',
  perUserMinute: 20,
  perAddressHour: 60,
  refusal: '查询寄售码过于频繁，请稍后再试',
} as const satisfies GuessLimit;

/** 预购码 binds (bindUserByPreBuyKey): a wrong key is a guess like a wrong 寄售码. */
export const PRE_BUY_KEY_LIMITS = {
  name: 'pbk',
  perUserMinute: 20,
  perAddressHour: 60,
  refusal: '预购码尝试过于频繁，请稍后再试',
} as const satisfies GuessLimit;

/** Counts one try; past either cap it is refused with 10005 before anything is looked up. */
export async function limitGuesses(
  rates: RateStore,
  limit: GuessLimit,
  input: { userId: number; address: string },
): Promise<void> {
  const [user, address] = await Promise.all([
    rates.hit(`${limit.name}:um:${input.userId}`, 60),
    rates.hit(`${limit.name}:ah:${input.address}`, 3600),
  ]);
  if (user > limit.perUserMinute || address > limit.perAddressHour)
    throw new AppError(ErrorCode.TOO_FREQUENT, limit.refusal);
}

/** Counts one key lookup (KEY_LOOKUP_LIMITS). */
export const limitKeyLookups = (rates: RateStore, input: { userId: number; address: string }) =>
  limitGuesses(rates, KEY_LOOKUP_LIMITS, input);
