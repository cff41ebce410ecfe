import { formatCountdown } from '@app/protocol/format';
/** hh:mm:ss (or N天 hh:mm:ss) left of `seconds`; 已结束 at zero. */
export function formatLeft(seconds: number): string {
  if (seconds <= 0) return '已结束';
  return formatCountdown(seconds);
}

/**
 * Seconds left until `endTime` by the server's clock: the difference between the server's time
 * and this device's when the detail was read is kept, so a device clock off by minutes still counts
 * the auction's real end.
 */
export function secondsLeft(endTime: number, serverTime: number, readAtMs: number, nowMs: number): number {
  const serverNow = serverTime + Math.floor((nowMs - readAtMs) / 1000);
  return Math.max(0, endTime - serverNow);
}
