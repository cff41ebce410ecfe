import { ErrorCode } from '@app/protocol/errors';
import { AppError } from '../../platform/errors';
import type { RateStore } from '../../platform/rate/rate-store';

/** Key lookups (getJyhKeyInfo) per user a minute and per client address an hour. */
export const KEY_LOOKUP_LIMITS = { perUserMinute: 20, perAddressHour: 60 } as const;

/** Counts one key lookup; past either cap the lookup is refused with 10005. */
export async function limitKeyLookups(rates: RateStore, input: { userId: number; address: string }): Promise<void> {
  const [user, address] = await Promise.all([
    rates.hit(`jyh:um:${input.userId}`, 60),
    rates.hit(`jyh:ah:${input.address}`, 3600),
  ]);
  if (user > KEY_LOOKUP_LIMITS.perUserMinute || address > KEY_LOOKUP_LIMITS.perAddressHour)
    throw new AppError(ErrorCode.TOO_FREQUENT, '查询寄售码过于频繁，请稍后再试');
}
